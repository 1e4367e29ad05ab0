#!/usr/bin/env bash
# What the ranked moves and the optimal line cost on top of the plain answer: positions searched (and seconds, noisy
# on a shared machine) by `footholds` alone and with `--json` (answer, ranked first moves, optimal line), one thread.
#
#   bash benches/footholds_ranked.sh [GRID...]      (default: the bundled 7×7 and 8×8 centre boards)
#
# PERFECTPLAY_BIN=path runs that binary instead of building this tree's (to compare two versions).
set -euo pipefail
cd "$(dirname "$0")/.."
source benches/release_bin.sh
bin=${PERFECTPLAY_BIN:-}
if [[ -z $bin ]]; then
    cargo build --release --quiet
    bin=$(release_bin)
fi
grids=("$@")
((${#grids[@]})) || grids=(examples/footholds/full7x7-centre.grid examples/footholds/full8x8-centre.grid)

searched=()  # the search, not the census built in (a build that reads it for answers says so in its help)
"$bin" footholds --help | grep -q 'Solve even a full board' && searched=(--no-census)

# Prints "positions seconds" of one run.
work() {
    "$bin" footholds --stats "${searched[@]}" --threads 1 "$@" 2>&1 >/dev/null | sed -E 's/^([0-9]+) positions.* ([0-9.]+) s$/\1 \2/'
}

echo "| board | answer alone | --json (ranked moves and line) | ratio (positions) |"
echo "|---|---|---|---|"
for grid in "${grids[@]}"; do
    read -r plain plain_s < <(work "$grid")
    read -r json json_s < <(work --json "$grid")
    echo "| $(basename "$grid") | $plain positions, $plain_s s | $json positions, $json_s s | $(awk "BEGIN { printf \"%.2f\", $json / $plain }") |"
done
