"""Long solves: Ctrl-C stops them with KeyboardInterrupt, and other Python threads run meanwhile (GIL released)."""

import threading
import time

import perfectplay
from conftest import interrupted

def test_sigint_stops_a_long_footholds_solve():
    setup = "import perfectplay\ngame = perfectplay.Footholds([[1] * 11 for _ in range(11)], [5, 5], [5, 6])"
    # Well inside the solve after a second: the full 11×11 board takes far longer than a minute.
    output, code, stopped_after = interrupted(setup, "game.solve(threads=1)", settle=1.0, timeout=20)
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
