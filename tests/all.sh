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
for tool in python3 gcc g++ javac node rustc; do
    command -v "$tool" >/dev/null || skip "$tool is not installed: the check tests of its solutions skip"
done
command -v kotlinc >/dev/null || echo "note: kotlinc is not installed: the Kotlin solution is not checked (Kotlin is optional)" >&2

section "Python: pip install . into .venv/, then pytest (judge signatures, CLI agreement, numpy, errors, Ctrl-C, doctests)"
if [[ -x .venv/bin/python ]] && .venv/bin/python -c "import maturin, pytest, numpy, hypothesis, mypy" 2>/dev/null; then
    # The build backend (maturin) is already in the environment, so no isolated build environment is downloaded;
    # its build hook runs the `maturin` command, hence the environment's bin/ first on PATH.
    PATH="$PWD/.venv/bin:$PATH" .venv/bin/python -m pip install --quiet --no-build-isolation .
    .venv/bin/python -m pytest -q python/tests
else
    skip "Python part: no virtual environment with maturin, pytest, numpy, hypothesis and mypy at .venv/ (set it up with:" \
        "python3 -m venv .venv && .venv/bin/pip install maturin pytest numpy hypothesis mypy)"
fi

section "Census on MPI ranks: mpirun -np 3 against the threaded census (--features mpi)"
if command -v mpirun >/dev/null && command -v mpicc >/dev/null; then
    cargo test --release --features mpi --test census_mpi -- --nocapture
else
    skip "the MPI census: mpirun or mpicc is missing (Debian: openmpi-bin libopenmpi-dev)"
fi
