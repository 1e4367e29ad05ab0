#!/usr/bin/env bash
# Speed of `perfectplay check`: 1000 footholds cases against the textbook search in C++ (compiled by check with
# g++ -O2), on 2 jobs, for a few seeds. For each run: the wall time, the time the solution's runs took (from each
# start to each exit, added up), and perfectplay's own time (everything else: starting the shell that sets each run's
# OS limits, writing the case, solving it, reaping the run and comparing; added up), as the JSON of `check --json`
# reports them. The reference is the solution itself: what perfectplay adds to each case, next to one run of it.
#
# Usage: bash benches/check_footholds.sh [SEEDS...]   (default seeds: 1 2 3)
# PERFECTPLAY_BIN=path runs that binary instead of building this tree's (to compare two versions).
set -euo pipefail
cd "$(dirname "$0")/.."
source benches/release_bin.sh
bin=${PERFECTPLAY_BIN:-}
if [[ -z $bin ]]; then
    cargo build --release --quiet
    bin=$(release_bin)
fi
seeds=("$@")
((${#seeds[@]})) || seeds=(1 2 3)
printf '%-6s %10s %14s %16s %12s %14s\n' seed "wall (s)" "solution (s)" "perfectplay (s)" "own / run" "own per case"
for seed in "${seeds[@]}"; do
    start=$(date +%s.%N)
    json=$("$bin" check footholds --solution tests/check/solutions/footholds/right.cpp \
        --cases 1000 --seed "$seed" --jobs 2 --json)
    end=$(date +%s.%N)
    python3 - "$seed" "$start" "$end" "$json" <<'PY'
import json, sys
seed, start, end, text = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
result = json.loads(text)
assert result["verdict"] == "accepted" and result["cases"] == 1000, result
run, own = result["solution_seconds"], result["perfectplay_seconds"]
print(f"{seed:<6} {end - start:10.2f} {run:14.2f} {own:16.2f} {own / run:11.1%} {own * 1000 / result['cases']:11.2f} ms")
PY
done
