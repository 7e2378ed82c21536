#!/usr/bin/env bash
# The speed table (benches/speed.rs) as whole processes, for several pdnkit binaries side by side: each round runs
# every binary on every row, so noise on a shared machine falls on all of them alike. A speed is
# the best round's; a ratio is the median over rounds of the ratio within each round.
#
#   benches/whole-process.sh [-r ROUNDS] BINARY...
#   benches/whole-process.sh --instructions BINARY...
#
# `--instructions` counts instructions instead (valgrind's callgrind, exact where wall time is
# noisy), on one copy of each input: parse and check of OCA_2.0, and of the International set at
# 3 MB.
#
# Inputs (built in a temporary directory from ../shared/corpus): English is OCA_2.0 x10;
# International is the tournament files of `benches/speed.rs`, repeated to 30 MB. Peak memory
# is `check -j2` of OCA_2.0 repeated to 1 GB, read from a pipe.
#
# The table's "before" is commit d13004c, with b3d7f2e (parse --quiet) picked onto it:
#   git worktree add /tmp/before d13004c && git -C /tmp/before cherry-pick -n b3d7f2e &&
#   cargo build --release --manifest-path /tmp/before/Cargo.toml --target-dir /tmp/before-target
set -eu
export LC_ALL=C # `EPOCHREALTIME` with a decimal point
rounds=5
instructions=
if [ "${1:-}" = "-r" ]; then rounds=$2; shift 2; fi
if [ "${1:-}" = "--instructions" ]; then instructions=1; shift; fi
[ $# -ge 1 ] || { sed -n '2,/^set -eu/{/^#/p}' "$0"; exit 2; }
here=$(cd "$(dirname "$0")/.." && pwd)
corpus=$here/../shared/corpus
[ -d "$corpus" ] || { echo "needs $corpus" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

oca=$corpus/english/OCA_2.0.pdn
for name in nk2003-amsterdam wk2003 nk_ronde_01 nk_ronde_02 rk_ronde_12 candidate95 DUTCH96H; do
    cat "$corpus/pdn-standard/succeed/$name.pdn"
    printf '\n\n'
done >"$work/once.pdn"
# Whole copies of the International set, at least $1 bytes of them.
international() {
    local size copies
    size=$(stat -c %s "$work/once.pdn")
    copies=$(( ($1 + size - 1) / size ))
    for _ in $(seq "$copies"); do cat "$work/once.pdn"; done
}

if [ -n "$instructions" ]; then
    international 3000000 >"$work/international-3mb.pdn"
    count() {
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
            sed -n 's/.*Collected : //p'
    }
    printf '%-28s %16s %16s %16s %16s\n' binary "parse English" "check English" \
        "parse Intl 3MB" "check Intl 3MB"
    for b in "$@"; do
        printf '%-28s %16s %16s %16s %16s\n' "$(basename "$b")" \
            "$(count "$b" parse --quiet "$oca")" "$(count "$b" check -q -j1 "$oca")" \
            "$(count "$b" parse --quiet "$work/international-3mb.pdn")" \
            "$(count "$b" check -q -j1 "$work/international-3mb.pdn")"
    done
    exit 0
fi

for _ in $(seq 10); do cat "$oca"; done >"$work/english.pdn"
international 30000000 >"$work/international.pdn"

# Seconds of one run (wall clock, to the microsecond: `time`'s hundredths quantised the
# International rows, which take a tenth of a second, by up to 8%); the output goes nowhere.
timed() {
    local start=$EPOCHREALTIME
    "$@" >/dev/null 2>&1 || true
    awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.6f\n", b - a }'
}

for round in $(seq "$rounds"); do
    for b in "$@"; do
        key=$(echo "$b" | md5sum | cut -c1-8)
        {
            echo "$round c1e $(timed "$b" check -q -j1 "$work/english.pdn")"
            echo "$round c1i $(timed "$b" check -q -j1 "$work/international.pdn")"
            echo "$round c2e $(timed "$b" check -q -j2 "$work/english.pdn")"
            echo "$round c2i $(timed "$b" check -q -j2 "$work/international.pdn")"
            echo "$round pe $(timed "$b" parse --quiet "$work/english.pdn")"
            echo "$round pi $(timed "$b" parse --quiet "$work/international.pdn")"
        } >>"$work/$key.times"
    done
done

games() { grep -c '^\[Event' "$1"; }
echo "English: $(games "$work/english.pdn") games, $(stat -c %s "$work/english.pdn") bytes;" \
    "International: $(games "$work/international.pdn") games," \
    "$(stat -c %s "$work/international.pdn") bytes; $rounds rounds"
for b in "$@"; do
    key=$(echo "$b" | md5sum | cut -c1-8)
    mem=$( (for _ in $(seq 87); do cat "$oca"; done) |
        /usr/bin/time -f %M "$b" check -q -j2 - 2>&1 >/dev/null | tail -1)
    python3 - "$b" "$work/$key.times" "$(games "$work/english.pdn")" \
        "$(games "$work/international.pdn")" "$(stat -c %s "$work/english.pdn")" \
        "$(stat -c %s "$work/international.pdn")" "$mem" <<'PY'
import statistics, sys
binary, times = sys.argv[1], sys.argv[2]
ge, gi, be, bi, mem = map(int, sys.argv[3:8])
rounds = {}
for line in open(times):
    r, row, t = line.split()
    rounds.setdefault(r, {})[row] = max(float(t), 0.01)
best = lambda row: min(r[row] for r in rounds.values())
ratio = lambda a, b: statistics.median(r[a] / r[b] for r in rounds.values())
print(binary)
print(f"  check -j1      English {ge / best('c1e'):>9,.0f} games/s   International {gi / best('c1i'):>8,.0f} games/s")
print(f"  check/parse    English {ratio('c1e', 'pe'):>9.2f}x         International {ratio('c1i', 'pi'):>8.2f}x")
print(f"  -j2/-j1        English {ratio('c1e', 'c2e'):>9.2f}x         International {ratio('c1i', 'c2i'):>8.2f}x")
print(f"  parse          English {be / best('pe') / 1e6:>9.0f} MB/s      International {bi / best('pi') / 1e6:>8.0f} MB/s")
print(f"  peak memory, check -j2 of 1 GB from a pipe: {mem / 1024:.0f} MB")
PY
done
