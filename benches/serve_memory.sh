#!/usr/bin/env bash
# The server's memory under big snakes requests side by side: three requests at once for the expectation of a
# 2 000 000-square board with a four-sided die (each near the default --solve-memory of 256 MiB), twice, then idle.
# Prints the server's peak (VmHWM) after each round and what it holds when idle (VmRSS). With BASELINE_BIN set,
# the same for that build, one after the other.
#
#   bash benches/serve_memory.sh
#   BASELINE_BIN=/path/to/old/perfectplay bash benches/serve_memory.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source benches/release_bin.sh
RELEASE_BIN=$(release_bin)
cargo build --release --quiet
PORT=${PORT:-18777}

measure() {
    local bin=$1
    "$bin" serve --port "$PORT" >/dev/null 2>&1 &
    local server=$!
    for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$PORT/api/status" && break; sleep 0.1; done
    for round in 1 2; do
        local clients=()
        for _ in 1 2 3; do
            curl -s -o /dev/null --data-binary '0 0' \
                "http://127.0.0.1:$PORT/api/snakes?size=2000000&faces=4&expected=true&max_listed_rolls=1" &
            clients+=($!)
        done
        wait "${clients[@]}"
        echo "  round $round: peak $(awk '/VmHWM/ {print $2}' /proc/$server/status) kB"
    done
    sleep 1
    echo "  idle: $(awk '/VmRSS/ {print $2}' /proc/$server/status) kB"
    kill "$server"
    wait "$server" 2>/dev/null || true
}

echo "this build ($RELEASE_BIN):"
measure "$RELEASE_BIN"
if [[ -n "${BASELINE_BIN:-}" ]]; then
    echo "baseline ($BASELINE_BIN):"
    measure "$BASELINE_BIN"
fi
