"""Shared helpers of the Python tests: the command line to compare against, and plain reference solvers."""

import functools
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def release_binary(environ=os.environ):
    """Where `cargo build --release` run at the root puts the binary: under CARGO_TARGET_DIR when it is set (a
    relative one from the root, where cargo runs), else under target/."""
    return ROOT / (environ.get("CARGO_TARGET_DIR") or "target") / "release" / "perfectplay"


@pytest.fixture(scope="session")
def cli():
    """Runs the perfectplay command line (PERFECTPLAY_BIN, else the release build, built if missing: see
    `release_binary`): cli(game, *args, input=text) -> CompletedProcess."""
    binary = Path(os.environ.get("PERFECTPLAY_BIN") or release_binary())
    if not binary.exists():
        subprocess.run(["cargo", "build", "--release", "--bin", "perfectplay"], cwd=ROOT, check=True)

    def run(game, *args, input=""):
        return subprocess.run(
            [str(binary), game, *args], input=input, capture_output=True, text=True, check=False, timeout=120
        )

    return run


def cli_json(result):
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def footholds_reference(board, aloc, bloc):
    """The textbook recursion of vanishing footholds: (A wins, total moves). Tiny boards only."""
    rows, cols = len(board), len(board[0])
    start = frozenset((r, c) for r in range(rows) for c in range(cols) if board[r][c])

    @functools.lru_cache(maxsize=None)
    def solve(footholds, mover, other):
        if mover not in footholds:
            return False, 0  # the opponent stepped off our cell: it vanished
        steps = [
            (mover[0] + dr, mover[1] + dc)
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if (mover[0] + dr, mover[1] + dc) in footholds
        ]
        if not steps:
            return False, 0
        results = []
        for to in steps:
            opponent_wins, moves = solve(footholds - {mover}, other, to)
            results.append((not opponent_wins, moves + 1))
        wins = [moves for won, moves in results if won]
        return (True, min(wins)) if wins else (False, max(moves for _, moves in results))

    return solve(start, tuple(aloc), tuple(bloc))


def gridgame_reference(grid, k):
    """Win, remoteness and Grundy value of every open cell by the textbook pass over all moves."""
    n, m = len(grid), len(grid[0])
    wins, remoteness, grundy = {}, {}, {}
    for r in reversed(range(n)):
        for c in reversed(range(m)):
            if grid[r][c] != ".":
                continue
            children = [(r + 1, c), (r, c + 1)] + [(r + d, c + d) for d in range(1, k + 1)]
            children = [(a, b) for a, b in children if a < n and b < m and grid[a][b] == "."]
            losing = [remoteness[x] for x in children if not wins[x]]
            wins[r, c] = bool(losing)
            if losing:
                remoteness[r, c] = 1 + min(losing)
            else:
                remoteness[r, c] = 1 + max((remoteness[x] for x in children), default=-1)
            values = {grundy[x] for x in children}
            grundy[r, c] = next(g for g in range(len(values) + 1) if g not in values)
    return wins, remoteness, grundy


def snakes_fewest_reference(ladders, snakes, size=100, faces=6, start=1):
    """Breadth-first search over squares, stay-on-overshoot rules: the fewest rolls, or None."""
    jump = dict(ladders) | dict(snakes)
    seen, frontier, rolls = {start}, [start], 0
    while frontier:
        if size in frontier:
            return rolls
        nxt = []
        for square in frontier:
            for die in range(1, faces + 1):
                if square + die > size:
                    continue
                to = jump.get(square + die, square + die)
                if to not in seen:
                    seen.add(to)
                    nxt.append(to)
        frontier, rolls = nxt, rolls + 1
    return None


def interrupted(setup, work, settle, timeout):
    """Runs `setup` and then the statement `work` in a new Python, and `settle` seconds into the work sends it
    Ctrl-C (SIGINT): ("KeyboardInterrupt" or "finished", its exit code, the seconds it took to stop). A child still
    running `timeout` seconds after the signal fails the test with what each of its threads was doing."""
    script = "\n".join(
        [
            "import signal",
            # A shell that runs the tests in the background (`cmd &`) starts them with Ctrl-C ignored, and Python
            # then leaves it ignored: restore the handler an interactive session has.
            "signal.signal(signal.SIGINT, signal.default_int_handler)",
            setup,
            "print('working', flush=True)",
            "try:",
            f"    {work}",
            "    print('finished', flush=True)",
            "except KeyboardInterrupt:",
            "    print('KeyboardInterrupt', flush=True)",
        ]
    )
    marker = "working"
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout.readline().strip() == marker
        time.sleep(settle)
        assert process.poll() is None, "the work ended before it could be interrupted"
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        try:
            output, _ = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(
                f"no stop within {timeout} s of Ctrl-C; threads: {thread_states(process.pid)}"
            ) from None
        return output.strip(), process.returncode, time.monotonic() - sent
    finally:
        process.kill()
        process.wait()


def thread_states(pid):
    """Each thread of a process with its state (R running, S sleeping, D waiting on the disk or memory) and the
    kernel function it waits in: what a child that did not stop was doing."""
    states = []
    for task in sorted(Path(f"/proc/{pid}/task").glob("*")):
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
            states.append(f"{task.name} {fields[0]} in {(task / 'wchan').read_text() or '-'}")
        except OSError:
            continue
    return "; ".join(states)
