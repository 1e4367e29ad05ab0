#!/usr/bin/env bash
# The README's table of full square footholds boards: winner and total moves from corner/corner, the centre diagonal
# pair and the centre pair side by side, for n×n boards from 2×2 up to MAX (default 10), each solve with a time limit
# (default 600 s). A solve stopped after the winner is known prints the bounds on the moves it had.
#
#   bash benches/footholds_squares.sh [MAX] [SECONDS] [MIN]   (one thread per solve; prints a Markdown table)
#
# PERFECTPLAY_BIN=path runs that binary instead of building this tree's.
set -euo pipefail
cd "$(dirname "$0")/.."
source benches/release_bin.sh
max=${1:-10}
limit=${2:-600}
min=${3:-2}
bin=${PERFECTPLAY_BIN:-}
if [[ -z $bin ]]; then
    cargo build --release --quiet
    bin=$(release_bin)
fi

# One solve: prints "A 79 (5.1 s, 138213891 positions)", "A wins, in 41 to 79 moves (stopped at 600 s)" or
# "not finished in 600 s".
solve() {
    local n=$1 ar=$2 ac=$3 br=$4 bc=$5 grid="" started answer code seconds err
    err=$(mktemp)
    for ((r = 0; r < n; r++)); do
        for ((c = 0; c < n; c++)); do
            if ((r == ar && c == ac && r == br && c == bc)); then grid+='*'
            elif ((r == ar && c == ac)); then grid+='A'
            elif ((r == br && c == bc)); then grid+='B'
            else grid+='#'; fi
        done
        grid+=$'\n'
    done
    started=$EPOCHREALTIME
    code=0
    # Searched (--no-census): the census built in would answer the boards up to 9×9 at once.
    answer=$(printf '%s' "$grid" | "$bin" footholds --stats --no-census --threads 1 --time-limit "$limit" 2>"$err") || code=$?
    seconds=$(awk "BEGIN { printf \"%.1f\", $EPOCHREALTIME - $started }")
    if ((code == 0)); then
        # A win has an odd number of moves (A made the last), a loss an even one.
        printf '%s %s (%s s, %s positions)' "$(((answer % 2 == 1)) && echo A || echo B)" "$answer" "$seconds" \
            "$(grep -o '^[0-9]* positions' "$err" | cut -d' ' -f1)"
    elif grep -q 'wins, in' "$err"; then
        printf '%s (stopped at %s s)' "$(grep -o '[AB] wins, in [0-9]* to [0-9]* moves' "$err")" "$limit"
    else
        printf 'not finished in %s s' "$limit"
    fi
    rm -f "$err"
}

echo "| board | corner (0,0)–(n−1,n−1) | centre diagonal (c,c)–(c+1,c+1) | centre side by side (c,c)–(c,c+1) |"
echo "|---|---|---|---|"
for ((n = min; n <= max; n++)); do
    c=$(((n - 1) / 2))
    echo "| ${n}×${n} | $(solve "$n" 0 0 $((n - 1)) $((n - 1))) | $(solve "$n" "$c" "$c" $((c + 1)) $((c + 1))) | $(solve "$n" "$c" "$c" "$c" $((c + 1))) |"
done
