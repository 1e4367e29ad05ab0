"""Long solves: Ctrl-C stops them with KeyboardInterrupt, and other Python threads run meanwhile (GIL released)."""

import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import perfectplay

LONG_SOLVE = """
import signal, time, perfectplay
# A shell that runs the tests in the background (`cmd &`) starts them with Ctrl-C ignored, and Python then leaves it
# ignored: restore the handler an interactive session has.
signal.signal(signal.SIGINT, signal.default_int_handler)
game = perfectplay.Footholds([[1] * 11 for _ in range(11)], [5, 5], [5, 6])
print("solving", flush=True)
try:
    game.solve(threads=1)
    print("finished", flush=True)
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
"""


def test_sigint_stops_a_long_footholds_solve():
    process = subprocess.Popen([sys.executable, "-c", LONG_SOLVE], stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout.readline().strip() == "solving"
        time.sleep(1.0)  # well inside the solve: the full 11×11 board takes far longer than a minute
        assert process.poll() is None, "the solve ended before it could be interrupted"
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        try:
            output, _ = process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"no stop within 20 s of Ctrl-C; threads: {thread_states(process.pid)}") from None
        stopped_after = time.monotonic() - sent
    finally:
        process.kill()
        process.wait()
    assert output.strip() == "KeyboardInterrupt"
    assert process.returncode == 0
    assert stopped_after < 5.0, f"took {stopped_after:.2f} s to stop"


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


def test_other_threads_run_during_a_solve():
    game = perfectplay.Footholds([[1] * 11 for _ in range(11)], [5, 5], [5, 6])
    outcome = []

    def solve():
        try:
            game.solve(threads=1, time_limit=1.5)
        except TimeoutError as error:
            outcome.append(error)

    worker = threading.Thread(target=solve)
    worker.start()
    time.sleep(0.1)
    ticks, until = 0, time.monotonic() + 0.5
    while time.monotonic() < until:
        ticks += 1
    worker.join()
    assert len(outcome) == 1
    # With the GIL held by the solve, this loop would barely run; released, it spins freely.
    assert ticks > 10_000
