#!/usr/bin/env bash
# Builds the seed corpora of the fuzz targets from fixtures/ (and ../shared/corpus when it is
# there): PDN files as they are, their FENs one a file, their games as pdnkit JSON one a file,
# and their move texts (with a leading byte that picks the variant).
set -euo pipefail
cd "$(dirname "$0")"
root=..
pdnkit=${PDNKIT:-$root/target/release/pdnkit}
mkdir -p corpus/pdn_reader corpus/fen_reader corpus/json_game corpus/replay_moves
sources=$(find "$root/fixtures" -name '*.pdn')
if [ -d "$root/../shared/corpus/pdn-standard" ]; then
    sources="$sources $(find "$root/../shared/corpus/pdn-standard" -name '*.pdn' -size -200k)"
fi
n=0
for f in $sources; do
    n=$((n + 1))
    cp "$f" "corpus/pdn_reader/$n.pdn"
    # FENs, from tags and setups.
    grep -aoE '(W|B):[WB][^"/]*' "$f" | head -50 | while read -r fen; do
        printf '%s' "$fen" > "corpus/fen_reader/$(printf '%s' "$fen" | md5sum | cut -c1-16)"
    done || true
    # Each game as one JSON line.
    "$pdnkit" convert --format jsonl "$f" 2>/dev/null | head -100 | while IFS= read -r line; do
        printf '%s' "$line" > "corpus/json_game/$(printf '%s' "$line" | md5sum | cut -c1-16)"
    done || true
    # Move texts: the lines after the tags, behind a variant byte.
    grep -av '^\[' "$f" | head -c 4000 > "corpus/replay_moves/$n.tmp" || true
    { printf '\x01'; cat "corpus/replay_moves/$n.tmp"; } > "corpus/replay_moves/$n"
    rm -f "corpus/replay_moves/$n.tmp"
done
# Inputs that once crashed a target, kept as regression tests (tests/json_game_regressions.rs),
# seed it again: a regular run starts from them.
for f in "$root"/tests/fuzz_regressions/*/*; do
    target=$(basename "$(dirname "$f")")
    mkdir -p "corpus/$target"
    cp "$f" "corpus/$target/regression-$(basename "$f")"
done
for d in corpus/*; do echo "$d: $(ls "$d" | wc -l) seeds"; done
