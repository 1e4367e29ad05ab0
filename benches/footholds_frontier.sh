#!/usr/bin/env bash
# The footholds frontier (issue 14's boards): answer, positions and seconds for each board in benches/frontier/,
# solved by this tree's build and, when BASELINE_BIN is set, by another build on the same input (an older commit,
# say), one after the other, so the two columns meet the same machine.
#
#   bash benches/footholds_frontier.sh [THREADS] [SECONDS]   (default: 1 thread, 600 s per solve; Markdown table)
#   BASELINE_BIN=/path/to/old/perfectplay bash benches/footholds_frontier.sh 1 600
#
# Also times the whole 8×8 tablebase (`--json --table --no-census`: solved) with THREADS threads, as processor and wall seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
source benches/release_bin.sh
threads=${1:-1}
limit=${2:-600}
cargo build --release --quiet
bin=$(release_bin)
baseline=${BASELINE_BIN:-}

# One solve: "79, 136 932 562 positions, 4.7 s", or what was known when the time limit stopped it.
solve() {
    local bin=$1 grid=$2 err out code=0 started seconds
    err=$(mktemp)
    started=$EPOCHREALTIME
    # The search, not the census built in (which answers a full board up to 9×9 at once): a build whose plain
    # answers read the census says so in its --no-census help; older builds never read it for an answer.
    local searched=()
    "$bin" footholds --help | grep -q 'Solve even a full board' && searched=(--no-census)
    out=$("$bin" footholds --stats "${searched[@]}" --threads "$threads" --time-limit "$limit" "$grid" 2>"$err") || code=$?
    seconds=$(awk "BEGIN { printf \"%.1f\", $EPOCHREALTIME - $started }")
    if ((code == 0)); then
        printf '%s, %s positions, %s s' "$out" "$(grep -o '^[0-9]*' "$err" | head -1)" "$seconds"
    elif ((code == 3)) && grep -q 'wins, in' "$err"; then
        printf 'stopped at %s s: %s' "$limit" "$(grep -o '[AB] wins, in [0-9]* to [0-9]* moves' "$err")"
    else
        printf 'not finished in %s s' "$limit"
    fi
    rm -f "$err"
}

if [[ -n $baseline ]]; then
    echo "| board | this build | baseline |"
    echo "|---|---|---|"
else
    echo "| board | this build |"
    echo "|---|---|"
fi
for grid in benches/frontier/*.grid; do
    row="| $(basename "$grid" .grid) | $(solve "$bin" "$grid")"
    [[ -n $baseline ]] && row+=" | $(solve "$baseline" "$grid")"
    echo "$row |"
done

tablebase() {
    local bin=$1
    # Solved, not read from the census built in (builds before --no-census always solved it).
    local solve=()
    "$bin" footholds --help | grep -q -- --no-census && solve=(--no-census)
    /usr/bin/time -f '%U %S %e' "$bin" footholds --json --table "${solve[@]}" --threads "$threads" examples/footholds/full8x8-centre.grid \
        2>&1 >/dev/null | tail -1 | awk '{ printf "%.1f s of processor time, %.1f s wall", $1 + $2, $3 }'
}
echo
echo "Whole 8×8 tablebase, $threads thread(s): this build $(tablebase "$bin")"
[[ -n $baseline ]] && echo "baseline $(tablebase "$baseline")"
exit 0
