"""Long solves: Ctrl-C stops them with KeyboardInterrupt, and other Python threads run meanwhile (GIL released)."""

import threading
import time

import perfectplay
from conftest import interrupted

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
    # Well inside the solve after a second: the full 11×11 board takes far longer than a minute.
    output, code, stopped_after = interrupted(LONG_SOLVE, "solving", settle=1.0, timeout=20)
    assert output == "KeyboardInterrupt"
    assert code == 0
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
