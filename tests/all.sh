#!/usr/bin/env bash
# Every test of the project, in one command (the README's test command; .ci/run calls exactly this).
#
# Parts that need something the machine may lack (a browser, MPI, a Python virtual environment) skip with a
# visible "SKIP:" line; with PERFECTPLAY_REQUIRE_ALL=1 (set by .ci/run) a skip is a failure instead.
set -euo pipefail
cd "$(dirname "$0")/.."

skip() {
    echo "SKIP: $*" >&2
    if [[ "${PERFECTPLAY_REQUIRE_ALL:-0}" == 1 ]]; then
        echo "FAIL: PERFECTPLAY_REQUIRE_ALL=1 makes the skip above a failure" >&2
        exit 1
    fi
}

section() { printf '\n== %s ==\n' "$*" >&2; }

section "Rust: unit, integration, law and doc tests"
cargo test --release

section "check: every wrong solution in tests/check/solutions found and shrunk, every right one accepted"
for tool in python3 g++ javac node rustc; do
    command -v "$tool" >/dev/null || skip "$tool is not installed: the check tests of its solutions skip"
done
command -v kotlinc >/dev/null || echo "note: kotlinc is not installed: the Kotlin solution is not checked (Kotlin is optional)" >&2
