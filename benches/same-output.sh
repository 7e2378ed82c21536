#!/usr/bin/env bash
# Output of two pdnkit binaries compared byte for byte: every report format of `check`, `parse`
# and `convert`, at --jobs 1 and 2, on the fixtures and the corpus. For speed work: a faster
# binary must say exactly what the slower one said.
#
#   benches/same-output.sh OLD_BINARY NEW_BINARY [INPUT...]
#
# Inputs default to fixtures/ and ../shared/corpus (when present). Elapsed times, the only
# thing allowed to differ, are masked. Exits 1 on the first difference, showing it.
set -u
old=$1 new=$2
shift 2
here=$(cd "$(dirname "$0")/.." && pwd)
inputs=("$@")
if [ ${#inputs[@]} -eq 0 ]; then
    inputs=("$here/fixtures")
    [ -d "$here/../shared/corpus" ] && inputs+=("$here/../shared/corpus")
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Times and rates in summaries ("in 0.03s (112439 games/s)", "elapsed", JUnit's time="...") are the only changes.
mask() { sed -E 's/ time="[0-9.]+"/ time="<time>"/g; s/[0-9]+(\.[0-9]+)? ?(s|ms)\b/<time>/g; s/\(?[0-9]+ (games|MB)\/s\)?/<rate>/g; s/"elapsed[a-z_]*": ?[0-9.e+-]+/"elapsed": <time>/g'; }

runs=0
compare() {
    "$old" "$@" >"$out/old" 2>"$out/old.err"
    local old_rc=$?
    "$new" "$@" >"$out/new" 2>"$out/new.err"
    local new_rc=$?
    runs=$((runs + 1))
    for s in "" .err; do
        if ! cmp -s <(mask <"$out/old$s") <(mask <"$out/new$s"); then
            echo "DIFFERENT (std${s:-out}): pdnkit $*"
            diff <(mask <"$out/old$s") <(mask <"$out/new$s") | head -20
            exit 1
        fi
    done
    if [ $old_rc -ne $new_rc ]; then
        echo "DIFFERENT exit code ($old_rc, $new_rc): pdnkit $*"
        exit 1
    fi
}

for input in "${inputs[@]}"; do
    for jobs in 1 2; do
        for format in human json jsonl sarif github junit html; do
            compare check --color never --format "$format" --jobs "$jobs" --notes "$input"
        done
        compare check --color never --quiet --jobs "$jobs" "$input"
        # `seed`: the old name of the `servers` profile, which older binaries read too
        compare check --color never --format json --draw-rules seed --jobs "$jobs" "$input"
    done
    for format in human json jsonl; do
        compare parse --color never --format "$format" --notes "$input"
    done
    compare parse --color never --quiet "$input"
done
# convert takes files: every .pdn of the inputs, one run per output kind.
while IFS= read -r -d '' file; do
    for to in pdn json positions; do
        compare convert --color never --to "$to" "$file"
        compare convert --color never --to "$to" --jobs 2 "$file"
    done
    compare convert --color never --fix --to pdn "$file"
done < <(find "${inputs[@]}" -name '*.pdn' -size -4M -print0 | sort -z)
echo "same output: $runs runs of each binary"
