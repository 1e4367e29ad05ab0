"""Positions compare and hash by value: equal exactly when a key written here from what makes the game (the board
and cells; the rules and where each square's jump leads; the grid, k and queries) is equal, drawn from spaces small
enough that equal pairs are common. A pickled copy is equal to its original, and a position is never equal to
something else."""

import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

import perfectplay

SETTINGS = settings(max_examples=150, deadline=None)


def check_equality(first, second, first_key, second_key):
    same = first_key == second_key
    assert (first == second) is same and (first != second) is (not same)
    if same:
        assert hash(first) == hash(second)
    again = pickle.loads(pickle.dumps(first))
    assert again == first and hash(again) == hash(first) and len({first, again}) == 1
    assert first != first_key and first != "A" and first is not None


@st.composite
def tiny_footholds(draw):
    rows, cols = draw(st.integers(1, 2)), draw(st.integers(1, 2))
    board = [[draw(st.sampled_from([0, 1, 1])) for _ in range(cols)] for _ in range(rows)]
    board[0][0] = 1
    cells = [(r, c) for r in range(rows) for c in range(cols) if board[r][c]]
    return board, draw(st.sampled_from(cells)), draw(st.sampled_from(cells))


@SETTINGS
@given(tiny_footholds(), tiny_footholds())
def test_footholds_positions_are_equal_when_board_and_cells_are(first, second):
    def key(position):
        board, aloc, bloc = position
        return [[bool(cell) for cell in row] for row in board], tuple(aloc), tuple(bloc)

    a, b = perfectplay.Footholds(*first), perfectplay.Footholds(*second)
    check_equality(a, b, key(first), key(second))
    assert perfectplay.Footholds.parse(str(a)) == a


@st.composite
def tiny_snakes(draw):
    size = draw(st.integers(3, 5))
    rules = {"size": size, "faces": draw(st.integers(1, 2)), "overshoot": draw(st.sampled_from(["stay", "win"]))}
    squares = draw(st.lists(st.integers(2, size - 1), unique=True, max_size=2))
    jumps = [(s, draw(st.sampled_from([t for t in (1, size) if t != s]))) for s in squares]
    return rules, jumps


@SETTINGS
@given(tiny_snakes(), tiny_snakes())
def test_snakes_boards_are_equal_when_they_are_the_same_game(first, second):
    def key(board):
        rules, jumps = board
        leads = dict(jumps)
        return sorted(rules.items()), [leads.get(square, square) for square in range(1, rules["size"] + 1)]

    def made(board, order):
        rules, jumps = board
        jumps = sorted(jumps, reverse=order)
        return perfectplay.Snakes([j for j in jumps if j[1] > j[0]], [j for j in jumps if j[1] < j[0]], **rules)

    a, b = made(first, False), made(second, True)
    check_equality(a, b, key(first), key(second))
    assert made(first, True) == a and hash(made(first, True)) == hash(a)


@st.composite
def tiny_grid_games(draw):
    cols = draw(st.integers(1, 2))
    grid = ["." + "".join(draw(st.sampled_from(".#")) for _ in range(cols - 1)) for _ in range(draw(st.integers(1, 2)))]
    opens = [(r + 1, c + 1) for r, row in enumerate(grid) for c, cell in enumerate(row) if cell == "."]
    return grid, draw(st.integers(0, min(len(grid), cols) - 1)), draw(st.lists(st.sampled_from(opens), max_size=2))


@SETTINGS
@given(tiny_grid_games(), tiny_grid_games())
def test_grid_games_are_equal_when_grid_k_and_queries_are(first, second):
    def key(game):
        grid, k, queries = game
        return grid, k, [tuple(query) for query in queries]

    a, b = perfectplay.GridGame(*first), perfectplay.GridGame(*second)
    check_equality(a, b, key(first), key(second))
