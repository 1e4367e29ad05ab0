#!/usr/bin/env bash
# The exact expectation (`snakes --exact`) on the boards the README's figures name, made here from fixed seeds:
# seconds and peak memory of this tree's build and, when BASELINE_BIN is set, of another build on the same input
# (an older commit, say), one after the other, with a check that the two fractions agree.
#
#   bash benches/snakes_exact.sh [SECONDS]    (default: 120 s per run; Markdown table)
#   BASELINE_BIN=/path/to/old/perfectplay bash benches/snakes_exact.sh 120
set -euo pipefail
cd "$(dirname "$0")/.."
source benches/release_bin.sh
limit=${1:-120}
cargo build --release --quiet
bin=$(release_bin)
baseline=${BASELINE_BIN:-}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# Random ladders and snakes: `jumps` of them on `size` squares, every other one a ladder, from `seed`.
python3 - "$dir" <<'EOF'
import random, sys
folder = sys.argv[1]
def random_jumps(size, jumps, seed):
    rng = random.Random(seed)
    cells = rng.sample(range(2, size), 2 * jumps)
    pairs = [tuple(sorted(cells[2 * i:2 * i + 2])) for i in range(jumps)]
    ladders = [(a, b) for i, (a, b) in enumerate(pairs) if i % 2 == 0]
    snakes = [(b, a) for i, (a, b) in enumerate(pairs) if i % 2 == 1]
    return ladders, snakes
def short_snakes(size, count, seed):
    rng = random.Random(seed)
    return [], [(u, u - 3) for u in sorted(rng.sample(range(10, size - 1), count))]
def write(name, ladders, snakes):
    with open(f"{folder}/{name}.txt", "w") as out:
        out.write(f"{len(ladders)} {len(snakes)}\n")
        out.writelines(f"{a} {b}\n" for a, b in ladders + snakes)
write("random-1000-100", *random_jumps(1000, 100, 11))
write("random-2000-200", *random_jumps(2000, 200, 11))
write("short-2000-200", *short_snakes(2000, 200, 5))
write("empty", [], [])
EOF

# One run: "0.31 s, 5.8 MB", or "not finished in N s"; the fraction goes to $dir/$2.out.
run() {
    local bin=$1 out=$2 code=0
    shift 2
    /usr/bin/time -f '%e %M' -o "$dir/time" "$bin" snakes --exact --time-limit "$limit" "$@" >"$dir/$out" 2>/dev/null ||
        code=$?
    if ((code == 0)); then
        awk '{ printf "%.2f s, %.1f MB", $1, $2 / 1024 }' <<<"$(tail -1 "$dir/time")"
    else
        printf 'not finished in %s s' "$limit"
    fi
}

echo "| board | this build |${baseline:+ baseline |}"
echo "|---|---|${baseline:+---|}"
while read -r name file args; do
    # shellcheck disable=SC2086 # the options are words on purpose
    row="| $name | $(run "$bin" new.out $args "$dir/$file.txt") |"
    if [[ -n $baseline ]]; then
        # shellcheck disable=SC2086
        row+=" $(run "$baseline" old.out $args "$dir/$file.txt") |"
        if [[ -s $dir/old.out ]] && ! cmp -s "$dir/new.out" "$dir/old.out"; then
            echo "the two builds give different fractions on $name" >&2
            exit 1
        fi
    fi
    echo "$row"
done <<'EOF'
1000-squares,100-random-jumps random-1000-100 --size 1000
2000-squares,200-random-jumps random-2000-200 --size 2000
2000-squares,200-short-snakes short-2000-200 --size 2000
100-squares,100-faces,bounce empty --size 100 --faces 100 --overshoot bounce
EOF
