"""Long solves: Ctrl-C stops them with KeyboardInterrupt, and other Python threads run meanwhile (GIL released)."""

import threading
import time

import pytest

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


# Ten million squares and a one-faced die: the shortest game is 9 999 999 rolls, found in about a second, and its
# `Roll` objects took 12 s more to make, after the solve, past any time limit and deaf to Ctrl-C.
LONG_GAME = "import perfectplay\nboard = perfectplay.Snakes([], [], size=10_000_000, faces=1)"


def test_a_time_limit_covers_the_making_of_a_long_answer():
    board = perfectplay.Snakes([], [], size=10_000_000, faces=1)
    started = time.monotonic()
    with pytest.raises(perfectplay.TimeLimitExceeded) as stopped:
        board.shortest_game(time_limit=1.0)
    took = time.monotonic() - started
    assert took < 3.0, f"took {took:.2f} s under a time limit of 1 s"
    assert "time limit of 1 s" in str(stopped.value) and stopped.value.winner is None
    # Within its limit the whole game is made.
    short = perfectplay.Snakes([], [], size=20_000, faces=1).shortest_game(time_limit=30)
    assert len(short) == 19_999 and short[-1] == perfectplay.Roll(1, 20_000, 20_000)


def test_sigint_stops_the_making_of_a_long_answer():
    # A game of ten million rolls is solved in half a second and made into a list in about one, so the signal comes
    # during the making of one of these answers most of the time, during a solve otherwise.
    work = "[board.shortest_game(time_limit=60) for _ in range(20)]"
    output, code, stopped_after = interrupted(LONG_GAME, work, settle=3.0, timeout=30)
    assert (output, code) == ("KeyboardInterrupt", 0)
    # Once, it took 8.6 s: the rest of the list was made first.
    assert stopped_after < 2.0, f"took {stopped_after:.2f} s to stop"


def test_the_garbage_collector_is_left_as_it_was():
    # Making a long answer pauses Python's collector (each collection would walk the millions of objects made so
    # far): it is enabled again afterwards, also when the time limit stops the making, and left off if it was off.
    import gc

    board = perfectplay.Snakes([], [], size=10_000_000, faces=1)
    assert gc.isenabled()
    assert len(perfectplay.Snakes([], [], size=1_000, faces=1).shortest_game()) == 999
    assert gc.isenabled()
    with pytest.raises(perfectplay.TimeLimitExceeded):
        board.shortest_game(time_limit=0.7)
    assert gc.isenabled()
    gc.disable()
    try:
        perfectplay.Snakes([], [], size=1_000, faces=1).shortest_game()
        assert not gc.isenabled()
    finally:
        gc.enable()
