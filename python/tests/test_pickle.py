"""Positions and records pickle and copy (for multiprocessing, joblib, copy.deepcopy), and records compare by their
fields; a position read back answers as the original does."""

import copy
import pickle
from concurrent.futures import ProcessPoolExecutor

from hypothesis import given, settings
from hypothesis import strategies as st
from test_random import footholds_positions

import perfectplay
import pytest

SETTINGS = settings(max_examples=40, deadline=None)


def round_trip(value):
    return pickle.loads(pickle.dumps(value))


@SETTINGS
@given(footholds_positions())
def test_a_footholds_position_pickles_and_solves_the_same(position):
    game = perfectplay.Footholds(*position)
    for again in (round_trip(game), copy.deepcopy(game)):
        assert (again.aloc, again.bloc, again.board.tolist()) == (game.aloc, game.bloc, game.board.tolist())
        solved, original = again.solve(threads=1), game.solve(threads=1)
        assert (solved.winner, solved.remoteness) == (original.winner, original.remoteness)
        # Moves are records: equal by their fields, hashable, and they pickle too.
        assert solved.moves == original.moves and round_trip(solved.line) == original.line
        assert len({*solved.moves, *original.moves}) == len(original.moves)


@SETTINGS
@given(
    size=st.integers(2, 40),
    faces=st.integers(1, 6),
    start=st.integers(0, 1),
    overshoot=st.sampled_from(["stay", "bounce", "win"]),
    data=st.data(),
)
def test_a_snakes_board_pickles_with_its_rules(size, faces, start, overshoot, data):
    squares = data.draw(st.lists(st.integers(2, size - 1), unique=True, max_size=min(6, size - 2))) if size > 2 else []
    jumps = [(s, data.draw(st.integers(1, size).filter(lambda t, s=s: t != s))) for s in squares]
    ladders, snakes = [j for j in jumps if j[1] > j[0]], [j for j in jumps if j[1] < j[0]]
    board = perfectplay.Snakes(ladders, snakes, size=size, faces=faces, start=start, overshoot=overshoot)
    again = round_trip(board)
    assert repr(again) == repr(board)
    try:
        expected = board.shortest_game()
    except ValueError as unreachable:
        with pytest.raises(ValueError, match=str(unreachable)[:40].replace("(", r"\(").replace(")", r"\)")):
            again.shortest_game()
        return
    assert again.shortest_game() == expected
    assert round_trip(expected) == expected and copy.copy(expected) == expected


def test_a_grid_game_pickles_with_its_queries():
    game = perfectplay.GridGame(["..#.", "....", ".#.."], 1, [(1, 1), (2, 3), (3, 4)])
    again = round_trip(game)
    assert (again.rows, again.cols, again.k, again.queries) == (game.rows, game.cols, game.k, game.queries)
    assert again.answers() == game.answers()


def test_records_are_made_and_checked_as_they_read():
    roll = perfectplay.Roll(1, 2, 9, "ladder")
    assert eval(repr(roll), {"Roll": perfectplay.Roll}) == roll
    assert perfectplay.Roll(1, 2, 2) != roll and hash(perfectplay.Roll(1, 2, 9, "ladder")) == hash(roll)
    with pytest.raises(ValueError, match="jump: expected 'ladder', 'snake' or None, found 'slide'"):
        perfectplay.Roll(1, 2, 9, "slide")
    move = perfectplay.Move("A", (0, 0), (0, 1), "win", 5)
    assert move == perfectplay.Move("A", (0, 0), (0, 1), "win", 5) != perfectplay.Move("B", (0, 0), (0, 1), "win", 5)
    with pytest.raises(ValueError, match="player: expected 'A' or 'B', found 'C'"):
        perfectplay.Move("C", (0, 0), (0, 1), "win", 5)


def _answer(game):
    return game.solve(threads=1).remoteness


def test_positions_travel_to_other_processes():
    games = [perfectplay.Footholds.parse(text) for text in ("A.B", "A#B", "AB\n..")]
    with ProcessPoolExecutor(2) as pool:
        assert list(pool.map(_answer, games)) == [_answer(game) for game in games]
