"""Positions and records pickle and copy (for multiprocessing, joblib, copy.deepcopy), and records compare by their
fields; a position read back answers as the original does."""

import copy
import pickle
from concurrent.futures import ProcessPoolExecutor

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from test_random import footholds_positions, grids

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


def test_records_take_any_integers_as_every_argument_does():
    # A list for a cell was a TypeError ("'list' object is not an instance of 'tuple'").
    move = perfectplay.Move("A", [0, 0], np.array([0, 1]), "win", np.int64(3))
    assert move == perfectplay.Move("A", (0, 0), (0, 1), "win", 3)
    assert (move.from_cell, move.to_cell, move.remoteness) == ((0, 0), (0, 1), 3)
    assert perfectplay.Move("B", (127, 0), (126, 0), "lose", 128).remoteness == 128
    assert perfectplay.Roll(np.int64(6), 7, 7) == perfectplay.Roll(6, 7, 7, None)
    assert perfectplay.Roll(1000, 0, 10**7).die == 1000


BIG = 2**70  # 1180591620717411303424


@pytest.mark.parametrize(
    "call, kind, message",
    [
        (lambda: perfectplay.Move("A", (0, 0, 0), (0, 1), "win", 1), ValueError,
         "from_cell: expected [row, column], found 3 items"),
        (lambda: perfectplay.Move("A", (0, 0), 5, "win", 1), TypeError, "to_cell: expected [row, column], found int"),
        (lambda: perfectplay.Move("A", (0, "0"), (0, 1), "win", 1), TypeError,
         "from_cell[1]: expected an integer, found str '0'"),
        (lambda: perfectplay.Move("A", (0, -1), (0, 1), "win", 1), ValueError,
         "from_cell[1]: must be between 0 and 127, found -1"),
        (lambda: perfectplay.Move("A", (0, 0), (BIG, 1), "win", 1), ValueError,
         f"to_cell[0]: must be between 0 and 127, found {BIG}"),
        (lambda: perfectplay.Move("A", (0, 0), (0, 1), "win", -1), ValueError,
         "remoteness: must be between 1 and 128, found -1"),
        (lambda: perfectplay.Move("A", (0, 0), (0, 1), "win", 0), ValueError,
         "remoteness: must be between 1 and 128, found 0"),
        (lambda: perfectplay.Move("A", (0, 0), (0, 1), "win", BIG), ValueError,
         f"remoteness: must be between 1 and 128, found {BIG}"),
        (lambda: perfectplay.Move("A", (0, 0), (0, 1), "win", 1.0), TypeError,
         "remoteness: expected an integer, found float"),
        (lambda: perfectplay.Move(1, (0, 0), (0, 1), "win", 1), TypeError, "player: expected 'A' or 'B', found int"),
        (lambda: perfectplay.Move("A", (0, 0), (0, 1), None, 1), TypeError,
         "value: expected 'win' or 'lose', found NoneType"),
        (lambda: perfectplay.Move("A", (0, 0), (0, 1), "draw", 1), ValueError,
         "value: expected 'win' or 'lose', found 'draw'"),
        # No game has these: the winner makes the last move, and a move is one step.
        (lambda: perfectplay.Move("A", (1, 0), (1, 1), "win", 4), ValueError,
         "remoteness: a winning move's total is odd (its mover makes the last move), found 4"),
        (lambda: perfectplay.Move("B", (1, 0), (1, 1), "lose", 3), ValueError,
         "remoteness: a losing move's total is even (the opponent makes the last move), found 3"),
        (lambda: perfectplay.Move("A", (1, 0), (2, 1), "win", 3), ValueError,
         "to_cell: (2, 1) is not next to from_cell (1, 0) (a move is one step up, down, left or right)"),
        (lambda: perfectplay.Move("A", (1, 1), (1, 1), "win", 3), ValueError,
         "to_cell: (1, 1) is not next to from_cell (1, 1) (a move is one step up, down, left or right)"),
        (lambda: perfectplay.Roll(-1, 2, 3), ValueError, "die: must be between 1 and 1000, found -1"),
        (lambda: perfectplay.Roll(0, 1, 1), ValueError, "die: must be between 1 and 1000, found 0"),
        (lambda: perfectplay.Roll(1001, 1, 1), ValueError, "die: must be between 1 and 1000, found 1001"),
        (lambda: perfectplay.Roll(1, BIG, 1), ValueError, f"landed: must be between 0 and 10000000, found {BIG}"),
        (lambda: perfectplay.Roll(1, 1, -5), ValueError, "square: must be between 0 and 10000000, found -5"),
        (lambda: perfectplay.Roll(1.5, 1, 1), TypeError, "die: expected an integer, found float"),
        (lambda: perfectplay.Roll(1, 1, 1, 5), TypeError, "jump: expected 'ladder', 'snake' or None, found int"),
    ],
)
def test_records_name_the_argument_that_is_wrong(call, kind, message):
    # Each was an OverflowError, a message naming no argument, or (a die showing 0) no error at all.
    with pytest.raises(kind) as error:
        call()
    assert str(error.value) == message


# Every record class of the package: a value made of its fields, which compares and hashes by them.
RECORDS = {"Move": perfectplay.Move, "Roll": perfectplay.Roll}


def test_every_record_class_is_listed_and_compares_by_value():
    # The classes whose instances are values: the records above; every other class is a position or a result.
    others = {"Footholds", "FootholdsSolution", "FootholdsTablebase", "GridGame", "GridTables", "RollDistribution",
              "Snakes", "TimeLimitExceeded"}
    classes = {name for name in perfectplay.__all__ if isinstance(getattr(perfectplay, name), type)}
    assert classes == set(RECORDS) | others
    for record in RECORDS.values():
        assert record.__eq__ is not object.__eq__ and record.__hash__ is not None


def _assert_repr_makes_it_again(record):
    again = eval(repr(record), dict(RECORDS))
    assert again == record and hash(again) == hash(record) and repr(again) == repr(record)


def test_a_moves_repr_is_its_constructor_call():
    # It was `Move(A (0, 0) -> (0, 1): win in 3)`, which eval cannot read back.
    move = perfectplay.Move("A", (0, 0), (0, 1), "win", 3)
    assert repr(move) == "Move(player='A', from_cell=(0, 0), to_cell=(0, 1), value='win', remoteness=3)"
    _assert_repr_makes_it_again(move)
    _assert_repr_makes_it_again(perfectplay.Move("B", [127, 0], np.array([126, 0]), "lose", 128))


@SETTINGS
@given(footholds_positions())
def test_the_moves_of_a_solution_are_their_reprs(position):
    solved = perfectplay.Footholds(*position).solve(threads=1)
    for move in solved.moves + solved.line:
        _assert_repr_makes_it_again(move)


@SETTINGS
@given(st.integers(2, 60), st.integers(1, 6), st.data())
def test_the_rolls_of_a_shortest_game_are_their_reprs(size, faces, data):
    squares = data.draw(st.lists(st.integers(2, size - 1), unique=True, max_size=min(6, size - 2))) if size > 2 else []
    jumps = [(s, data.draw(st.integers(1, size).filter(lambda t, s=s: t != s))) for s in squares]
    board = perfectplay.Snakes([j for j in jumps if j[1] > j[0]], [j for j in jumps if j[1] < j[0]], size=size, faces=faces)
    try:
        game = board.shortest_game()
    except ValueError:  # the last square cannot be reached
        return
    for roll in game:
        _assert_repr_makes_it_again(roll)


@SETTINGS
@given(grids())
def test_a_grid_games_repr_makes_it_again(case):
    # It was `<GridGame 2×2, K = 1, 1 query>`, which cannot be pasted back.
    grid, k, queries = case
    game = perfectplay.GridGame(grid, k, queries)
    again = eval(repr(game), {"GridGame": perfectplay.GridGame})
    assert (again.rows, again.cols, again.k, again.queries) == (game.rows, game.cols, game.k, game.queries)
    assert repr(again) == repr(game) and again.answers() == game.answers()
    assert repr(round_trip(game)) == repr(game)


def test_a_grid_games_repr_is_its_constructor_call():
    assert repr(perfectplay.GridGame([".#", ".."], 1, [(1, 1), (2, 2)])) == "GridGame(['.#', '..'], 1, [(1, 1), (2, 2)])"
    assert repr(perfectplay.GridGame.parse("1 3 0\n..#\n0\n")) == "GridGame(['..#'], 0)"


def test_a_snakes_boards_repr_is_its_call_up_to_4096_characters_then_a_summary():
    board = perfectplay.Snakes([(2, 9)], [(8, 3)], size=10, faces=2)
    assert repr(board) == 'Snakes([(2, 9)], [(8, 3)], size=10, faces=2, start=1, overshoot="stay")'
    # Around the limit, by the character: the call while it is at most 4096 characters, else the summary.
    snakes = [[(head, tail)] for head in (9, 99, 999, 9999, 19999) for tail in (1, 11, 111, 1111) if tail < head]
    boards = [
        (count, snake, start, overshoot)
        for count in range(285, 290)
        for snake in snakes
        for start in (0, 5, 55, 555, 5555)
        for overshoot in ("stay", "win", "bounce")
    ]
    settings = lambda start, overshoot: f'size=20000, faces=6, start={start}, overshoot="{overshoot}"'
    call = lambda count, snake, start, overshoot: (
        f"Snakes({[(1000 + 2 * i, 1001 + 2 * i) for i in range(count)]}, {snake}, {settings(start, overshoot)})"
    )
    for length in range(4094, 4099):
        count, snake, start, overshoot = next(b for b in boards if len(call(*b)) == length)
        ladders = [(1000 + 2 * i, 1001 + 2 * i) for i in range(count)]
        board = perfectplay.Snakes(ladders, snake, size=20000, start=start, overshoot=overshoot)
        summary = f"<Snakes {count} ladders, 1 snake, {settings(start, overshoot)}>"
        assert repr(board) == (call(count, snake, start, overshoot) if length <= 4096 else summary)
    # The largest board: its call was a string of 98 MB.
    n = 10**7
    big = perfectplay.Snakes(np.stack([np.arange(2, n - 1, 2), np.arange(3, n, 2)], 1), [], size=n)
    assert repr(big) == '<Snakes 4999999 ladders, 0 snakes, size=10000000, faces=6, start=1, overshoot="stay">'


def test_a_grid_games_repr_is_its_call_up_to_4096_characters_then_a_summary():
    # By the character, as for snakes (it was judged by a bound on the call's length, a few hundred characters
    # over it with small queries).
    games = [(rows, cols, queries) for rows in range(36, 44) for cols in range(80, 100) for queries in range(0, 40)]
    call = lambda rows, cols, queries: f"GridGame({['.' * cols] * rows}, 7{f', {queries}' if queries else ''})"
    for length in range(4094, 4099):
        rows, cols, count = next(g for g in games if len(call(g[0], g[1], [(1, 1)] * g[2])) == length)
        queries = [(1, 1)] * count
        summary = f"<GridGame {rows}×{cols}, K = 7, {count} {'query' if count == 1 else 'queries'}>"
        assert repr(perfectplay.GridGame(["." * cols] * rows, 7, queries)) == (
            call(rows, cols, queries) if length <= 4096 else summary
        )


def test_a_footholds_repr_is_always_its_call():
    # At most 128 cells: the longest call is a few hundred characters, far from the 4096 of the other reprs.
    for shape in ("1x128", "128x1", "8x16"):
        rows, cols = map(int, shape.split("x"))
        game = perfectplay.Footholds([[1] * cols] * rows, [0, 0], [rows - 1, cols - 1])
        assert repr(game).startswith("Footholds.parse(") and len(repr(game)) < 600
        assert repr(eval(repr(game), {"Footholds": perfectplay.Footholds})) == repr(game)


def _answer(game):
    return game.solve(threads=1).remoteness


def test_positions_travel_to_other_processes():
    games = [perfectplay.Footholds.parse(text) for text in ("A.B", "A#B", "AB\n..")]
    with ProcessPoolExecutor(2) as pool:
        assert list(pool.map(_answer, games)) == [_answer(game) for game in games]
