"""Whatever the arguments, the judge functions answer or raise an ordinary exception: never a Rust panic (which
would surface as pyo3's PanicException, a BaseException these tests do not catch)."""

from hypothesis import given, settings
from hypothesis import strategies as st

import perfectplay

ORDINARY = (ValueError, TypeError, OverflowError)
SCALARS = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.integers(-3, 12) | st.text("01.#", max_size=6)
JUNK = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=5) | st.tuples(inner, inner), max_leaves=30)
SETTINGS = settings(max_examples=300, deadline=None)


def answers_or_raises(call):
    try:
        call()
    except ORDINARY:
        pass


@SETTINGS
@given(JUNK, JUNK, JUNK)
def test_footholds(board, aloc, bloc):
    answers_or_raises(lambda: perfectplay.footholds(board, aloc, bloc))
    answers_or_raises(lambda: perfectplay.Footholds(board, aloc, bloc).solve(time_limit=5))


@SETTINGS
@given(st.text("[]01,. #AB*\n", max_size=40))
def test_footholds_text(text):
    answers_or_raises(lambda: perfectplay.Footholds.parse(text).solve(time_limit=5))


@SETTINGS
@given(JUNK, JUNK, st.integers(-5, 200), st.integers(-5, 12), st.integers(-5, 200), st.sampled_from(["stay", "bounce", "win", "x"]))
def test_snakes(ladders, snakes, size, faces, start, overshoot):
    def call():
        board = perfectplay.Snakes(ladders, snakes, size=size, faces=faces, start=start, overshoot=overshoot)
        board.fewest_rolls()
        board.expected_float()
        board.distribution(max_rolls=1000)

    answers_or_raises(call)


@SETTINGS
@given(JUNK, JUNK, JUNK)
def test_gridgame(grid, k, queries):
    answers_or_raises(lambda: perfectplay.gridgame(grid, k, queries))


@SETTINGS
@given(st.text("0123456789 .#\n-", max_size=40))
def test_gridgame_and_snakes_text(text):
    answers_or_raises(lambda: perfectplay.GridGame.parse(text).solve().line(1, 1))
    answers_or_raises(lambda: perfectplay.Snakes.parse(text).expected())
