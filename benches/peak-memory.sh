#!/usr/bin/env bash
# Peak memory and time of the heaviest runs inside the documented limits, each measured with /usr/bin/time -v.
#
#   bash benches/peak-memory.sh            # every case; a Markdown table on stdout
#   bash benches/peak-memory.sh gridgame   # only the cases whose name contains "gridgame"
#
# "exit" is the run's exit code: 0 answer, 3 time limit reached; 124 (killed after 120 s) or 134 (allocation over the
# 4 GiB cap) mean a broken promise.
#
# The promise it checks: no run on an input within the documented limits goes over 1 GiB, whatever the flags, and a
# --time-limit stops the whole run, writing included. Output goes to /dev/null so that the figures are the tool's own.
set -euo pipefail
cd "$(dirname "$0")/.."
source benches/release_bin.sh
filter="${1:-}"
cargo build --release --quiet
bin=$(release_bin)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The largest inputs the documented limits allow.
python3 - "$work" <<'PY'
import sys, os
work = sys.argv[1]
n = 5000
rows = "\n".join("." * n for _ in range(n))
with open(os.path.join(work, "grid-open-k0.txt"), "w") as f:
    f.write(f"{n} {n} 0\n{rows}\n1000000\n" + "1 1\n" * 1_000_000)
with open(os.path.join(work, "grid-open-kmax.txt"), "w") as f:
    f.write(f"{n} {n} {n - 1}\n{rows}\n1000000\n" + "".join(f"{1 + i % 4999} {1 + (i * 7) % 4999}\n" for i in range(1_000_000)))
with open(os.path.join(work, "snakes-none.txt"), "w") as f:
    f.write("0 0\n")
# The Programmers form at the input cap: six million one-cell rows.
with open(os.path.join(work, "footholds-rows.txt"), "w") as f:
    f.write("[" + ",".join(["[1]"] * 6_000_000) + "] [0,0] [1,0]\n")
# The grid form at the input cap: a column of twenty million footholds.
with open(os.path.join(work, "footholds-column.grid"), "w") as f:
    f.write("A\nB\n" + "#\n" * ((40 * 1024 * 1024 - 4) // 2))
# A game that lasts millions of rolls on 100 squares: twenty snakes down to 48, a two-faced die.
with open(os.path.join(work, "snakes-gate.txt"), "w") as f:
    snakes = [(s, 48) for s in range(49, 88, 2)]
    f.write(f"0 {len(snakes)}\n" + "".join(f"{a} {b}\n" for a, b in snakes))
# Census board files: many boards (each start pair of each solved in turn), and one board too tall to take.
import random
random.seed(1)
def board(rows, cols, holes):
    return "\n".join("".join("." if (r, c) != (0, 0) and random.random() < holes else "#" for c in range(cols)) for r in range(rows))
with open(os.path.join(work, "census-8x8.txt"), "w") as f:
    f.write("\n\n".join(board(8, 8, 0.1) for _ in range(7000)) + "\n")
with open(os.path.join(work, "census-5x5.txt"), "w") as f:
    f.write("\n\n".join(board(5, 5, 0.15) for _ in range(400_000)) + "\n")
# Every one-row board of up to 20 cells and more, each once: about two million distinct boards in 40 MiB.
with open(os.path.join(work, "census-distinct.txt"), "w") as f:
    size = 0
    for width in range(1, 22):
        for bits in range(1, 1 << width):
            row = format(bits, f"0{width}b").replace("1", "#").replace("0", ".") + "\n\n"
            if size + len(row) > 40 * 1024 * 1024 - 1:
                break
            f.write(row)
            size += len(row)
with open(os.path.join(work, "census-column.txt"), "w") as f:
    f.write("#\n" * (40 * 1024 * 1024 // 2 - 1))
# 128 cells, the biggest footholds board, from its centre side by side, (3,7)–(3,8): no mirror plan answers it (the
# corners are answered by the mirror rule in about a second), so the search runs until the time limit.
with open(os.path.join(work, "footholds-8x16.grid"), "w") as f:
    f.write("\n".join("#" * 7 + ("AB" if r == 3 else "##") + "#" * 7 for r in range(8)) + "\n")
PY

printf '| run | exit | wall s | peak MiB |\n|---|---|---|---|\n'
measure() {
    local name="$1"
    shift
    [[ -z "$filter" || "$name" == *"$filter"* ]] || return 0
    local log="$work/time.log" code=0
    # Each run is capped at 4 GiB of address space and 120 s, so that a broken limit shows as a failed run (exit
    # 134 or 124 here) instead of taking the machine down.
    (ulimit -v 4194304 && exec timeout 120 /usr/bin/time -v -o "$log" "$@") >/dev/null 2>"$work/stderr" || code=$?
    local wall rss
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; printf "%.1f", s}' "$log")
    rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$log")
    printf '| `%s` | %s | %s | %s |\n' "$name" "$code" "$wall" "$rss"
}

g0="$work/grid-open-k0.txt"
gk="$work/grid-open-kmax.txt"
measure "gridgame 5000×5000 K=0, 10⁶ queries" "$bin" gridgame "$g0"
measure "gridgame … -r --grundy" "$bin" gridgame -r --grundy "$g0"
measure "gridgame … --explain --time-limit 5" "$bin" gridgame --explain --time-limit 5 "$g0"
measure "gridgame … -r --json --table" "$bin" gridgame -r --json --table "$g0"
measure "gridgame 5000×5000 K=4999, 10⁶ queries, --grundy" "$bin" gridgame --grundy "$gk"
measure "gridgame … -r --map" "$bin" gridgame -r --map "$work/map.svg" "$gk"
measure "snakes --size 10⁷" "$bin" snakes --size 10000000 "$work/snakes-none.txt"
measure "snakes --size 10⁷ --json --time-limit 1" "$bin" snakes --size 10000000 --json --time-limit 1 "$work/snakes-none.txt"
measure "snakes --size 10⁷ --expected (over the chain limit: refused, exit 2)" "$bin" snakes --size 10000000 --expected "$work/snakes-none.txt"
measure "snakes --size 3·10⁶ --expected (largest chain offered)" "$bin" snakes --size 3000000 --expected "$work/snakes-none.txt"
measure "snakes --size 2·10⁴ --faces 1000 --expected (largest chain offered)" "$bin" snakes --size 20000 --faces 1000 --expected "$work/snakes-none.txt"
measure "snakes --size 5·10⁶ --faces 1 --expected (largest chain offered with a small die)" "$bin" snakes --size 5000000 --faces 1 --expected "$work/snakes-none.txt"
measure "snakes --size 5·10⁶ --faces 2 --distribution --max-rolls 10⁷ --time-limit 20" "$bin" snakes --size 5000000 --faces 2 --distribution --max-rolls 10000000 --time-limit 20 "$work/snakes-none.txt"
measure "snakes 100 squares, twenty snakes to 48, --faces 2 --plot --max-rolls 10⁷" "$bin" snakes --faces 2 --plot "$work/gate.svg" --max-rolls 10000000 "$work/snakes-gate.txt"
measure "snakes --size 5·10⁶ --faces 1 --plot --max-rolls 10⁷" "$bin" snakes --size 5000000 --faces 1 --plot "$work/long.svg" --max-rolls 10000000 "$work/snakes-none.txt"
measure "snakes --size 10⁷ --simulate 10 --max-rolls 10⁷" "$bin" snakes --size 10000000 --simulate 10 --max-rolls 10000000 "$work/snakes-none.txt"
measure "snakes --simulate 10⁹ --time-limit 5" "$bin" snakes --simulate 1000000000 --time-limit 5 "$work/snakes-none.txt"
measure "footholds full 8×16 (3,7)–(3,8) --time-limit 10" "$bin" footholds --time-limit 10 "$work/footholds-8x16.grid"
measure "footholds full 8×8 --json --table --map --no-census --time-limit 60" "$bin" footholds --json --table --map "$work/fh.svg" --no-census --time-limit 60 examples/footholds/full8x8-corner.grid
measure "footholds full 8×8 centre --json --threads 2" "$bin" footholds --json --threads 2 examples/footholds/full8x8-centre.grid
measure "footholds, 6 million Programmers rows (36 MB, refused: exit 2)" "$bin" footholds "$work/footholds-rows.txt"
measure "footholds, a 40 MiB grid of one column (refused: exit 2)" "$bin" footholds "$work/footholds-column.grid"
census() {
    local name="$1" boards="$2"
    shift 2
    rm -rf "$work/census"
    measure "$name" "$bin" census run --threads 1 --boards "$work/$boards" --out "$work/census" "$@"
}
census "census run, 7 000 8×8 boards (23 million start pairs), --time-limit 1" census-8x8.txt --time-limit 1
census "census run, 400 000 5×5 boards (12 MB), --time-limit 0.5" census-5x5.txt --time-limit 0.5
census "census run, 2 million distinct boards (40 MiB), --time-limit 10" census-distinct.txt --time-limit 10
census "census run, a 40 MiB board of one column (refused: exit 2)" census-column.txt
