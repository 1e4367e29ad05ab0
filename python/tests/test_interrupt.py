"""Long solves: Ctrl-C stops them with KeyboardInterrupt, and other Python threads run meanwhile (GIL released)."""

import signal
import subprocess
import sys
import threading
import time

import perfectplay

LONG_SOLVE = """
import time, perfectplay
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
        output, _ = process.communicate(timeout=20)
        stopped_after = time.monotonic() - sent
    finally:
        process.kill()
    assert output.strip() == "KeyboardInterrupt"
    assert process.returncode == 0
    assert stopped_after < 5.0, f"took {stopped_after:.2f} s to stop"


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
