"""The tables as numpy arrays: shapes, dtypes, and values that agree with the single solves."""

import numpy as np
import pytest

import perfectplay


def test_footholds_board_and_tablebase_arrays():
    game = perfectplay.Footholds([[1, 1, 0], [1, 1, 1]], [0, 0], [1, 2])
    assert game.board.shape == (2, 3) and game.board.dtype == np.bool_
    assert game.board.tolist() == [[True, True, False], [True, True, True]]
    table = game.tablebase(threads=1)
    assert table.winner.shape == table.moves.shape == (2, 3, 2, 3)
    assert table.winner.dtype == np.int8 and table.moves.dtype == np.int32
    # Pairs with a hole: -1 in both arrays.
    assert (table.winner[0, 2] == -1).all() and (table.moves[:, :, 0, 2] == -1).all()
    board = [[1, 1, 0], [1, 1, 1]]
    for a in np.ndindex(2, 3):
        for b in np.ndindex(2, 3):
            if not (board[a[0]][a[1]] and board[b[0]][b[1]]):
                assert table.outcome(a, b) is None
                continue
            solution = perfectplay.Footholds(board, list(a), list(b)).solve(threads=1)
            assert table.winner[a + b] == (0 if solution.winner == "A" else 1)
            assert table.moves[a + b] == solution.remoteness
            assert table.outcome(a, b) == (solution.winner, solution.remoteness)


def test_gridgame_tables():
    game = perfectplay.GridGame([".#..", "....", "..#."], 1, [(1, 1), (3, 4)])
    tables = game.solve()
    for name in ["open", "wins"]:
        array = getattr(tables, name)
        assert array.shape == (3, 4) and array.dtype == np.bool_, name
    for name in ["remoteness", "grundy"]:
        array = getattr(tables, name)
        assert array.shape == (3, 4) and array.dtype == np.uint16, name
    assert tables.open.tolist() == [[c == "." for c in row] for row in [".#..", "....", "..#."]]
    # Walls hold 0 and never win; a winning cell has odd remoteness and a Grundy value above 0.
    assert not tables.wins[~tables.open].any()
    assert (tables.remoteness[~tables.open] == 0).all() and (tables.grundy[~tables.open] == 0).all()
    open_cells = tables.open
    assert ((tables.remoteness[open_cells] % 2 == 1) == tables.wins[open_cells]).all()
    assert ((tables.grundy[open_cells] > 0) == tables.wins[open_cells]).all()
    assert game.answers() == ["First" if tables.wins[x - 1, y - 1] else "Second" for x, y in game.queries]
    # Only what is asked for is computed.
    wins_only = game.solve(remoteness=False, grundy=False)
    assert wins_only.remoteness is None and wins_only.grundy is None
    assert (wins_only.wins == tables.wins).all()


def test_snakes_distribution_arrays():
    distribution = perfectplay.Snakes.parse(perfectplay.MILTON_BRADLEY, start=0).distribution()
    assert distribution.ends.dtype == np.float64 and distribution.ends.ndim == 1
    assert distribution.cumulative.shape == distribution.ends.shape == (len(distribution),)
    assert np.allclose(np.cumsum(distribution.ends), distribution.cumulative)
    assert abs(distribution.cumulative[-1] + distribution.remaining + distribution.never - 1) < 1e-9
    assert distribution.cumulative[distribution.median] >= 0.5 > distribution.cumulative[distribution.median - 1]


@pytest.mark.parametrize(
    "board, never",
    [
        # Half the games fall into the snakes of squares 4 and 5, whose square 3 leads only back to them.
        (perfectplay.Snakes([(2, 8)], [(4, 3), (5, 3)], size=10, faces=2), 0.5),
        (perfectplay.Snakes.parse(perfectplay.MILTON_BRADLEY, start=0), 0.0),
    ],
)
def test_a_distributions_mean_is_the_sum_over_the_rolls_computed(board, never):
    # As documented: sum(t * ends[t]), not divided by the chance that the game ends. On the trap board the games
    # that end take 3 rolls on average, and mean says 1.5.
    distribution = board.distribution()
    rolls = np.arange(len(distribution))
    assert distribution.never == pytest.approx(never)
    assert distribution.mean == pytest.approx(float(np.sum(rolls * distribution.ends)), rel=1e-12)
    ended = distribution.cumulative[-1]
    assert distribution.mean == pytest.approx((1 - never) * distribution.mean / ended)
    if never == 0.5:
        assert (distribution.mean, distribution.mean / ended) == pytest.approx((1.5, 3.0))
    else:
        assert distribution.mean == pytest.approx(board.expected_float()[0], rel=1e-9)
    doc = " ".join(type(distribution).mean.__doc__.split())
    assert "sum(t * ends[t])" in doc and "not divided" in doc and "mean / cumulative[-1]" in doc


def test_drawings_are_svg():
    assert perfectplay.Footholds.parse("A#B")._repr_svg_().startswith("<svg")
    assert perfectplay.Footholds.parse("A#B").tablebase()._repr_svg_().startswith("<svg")
    assert "<svg" in perfectplay.Footholds.parse("A#B").solve()._repr_html_()
    assert perfectplay.GridGame(["..", ".."], 1).solve()._repr_svg_().startswith("<svg")
    assert perfectplay.Snakes.parse(perfectplay.MILTON_BRADLEY).distribution()._repr_svg_().startswith("<svg")


def test_footholds_solve_computes_only_what_is_asked():
    game = perfectplay.Footholds([[1] * 4] * 4, [1, 1], [2, 2])
    full = game.solve(threads=1)
    bare = game.solve(moves=False, line=False, threads=1)
    assert (bare.winner, bare.remoteness) == (full.winner, full.remoteness)
    assert bare.moves == [] and bare.line == [] and len(full.line) == full.remoteness
    assert bare.nodes < full.nodes


def test_explain_without_the_line_narrates_no_ending():
    game = perfectplay.Footholds.parse("###\nA#B\n###")
    for view in [lambda s: s.explain(), lambda s: s._repr_html_()]:
        text = view(game.solve(line=False))
        assert "A wins; the game lasts 5 moves under optimal play." in text
        assert "has no foothold to step to" not in text and "loses after" not in text
        assert "The optimal line was not computed" in text
        # With the line, the ending is narrated as before.
        assert "B to move, but the foothold under B" in view(game.solve())


def test_a_positions_own_board_array_can_be_passed_back():
    game = perfectplay.Footholds.parse("###\nA#B\n###")
    again = perfectplay.Footholds(game.board, game.aloc, game.bloc)
    assert str(again) == str(game)
    # numpy bools and integer scalars count as Python's bools and ints do.
    assert perfectplay.footholds(game.board.astype(np.int8), np.array(game.aloc), [np.int64(1), np.uint8(2)]) == 5
    assert perfectplay.footholds([[np.True_, np.True_]], [0, 0], [0, 1]) == perfectplay.footholds([[1, 1]], [0, 0], [0, 1])
    with pytest.raises(ValueError, match="board row 0, column 1: expected 0 or 1, found 2"):
        perfectplay.footholds(np.array([[1, 2]]), [0, 0], [0, 0])


def test_a_distribution_with_nothing_to_draw_falls_back_to_text():
    decided = perfectplay.Snakes([], [], start=100).distribution()
    assert decided._repr_svg_() is None  # Jupyter shows the repr instead
    assert repr(decided).startswith("<RollDistribution:")


def test_pairs_are_any_two_item_sequences():
    ladders = [(32, 62), (42, 68), (12, 98)]
    snakes = [(95, 13), (97, 25), (93, 37), (79, 27), (75, 19), (49, 47), (67, 17)]
    assert perfectplay.snakes([list(p) for p in ladders], snakes) == 3
    assert perfectplay.snakes(np.array(ladders), np.array(snakes)) == 3
    assert sorted(perfectplay.Snakes(np.array(ladders), snakes).ladders) == sorted(ladders)
    assert perfectplay.gridgame([".#", ".."], 0, [[1, 1], np.array([2, 1])]) == ["Second", "First"]
    assert perfectplay.gridgame([".#", ".."], 0, np.array([[1, 1], [2, 1]])) == ["Second", "First"]
    assert perfectplay.GridGame([".#", ".."], 0, np.array([[2, 1]])).queries == [(2, 1)]
    with pytest.raises(ValueError) as error:
        perfectplay.snakes([(2, 5), (3, 6, 9)], [])
    assert str(error.value) == "ladders[1]: expected a pair of integers, found 3 items"
    with pytest.raises(TypeError, match="snakes: expected a sequence of pairs of integers, found int"):
        perfectplay.Snakes([], 5)
    with pytest.raises(TypeError, match=r"queries\[0\]\[0\]: expected an integer, found str 'a'"):
        perfectplay.gridgame([".."], 0, [("a", 1)])


def test_reprs_count_in_the_singular_and_plural():
    assert repr(perfectplay.Footholds.parse("A#B").solve()) == "<FootholdsSolution: B wins in 2 moves>"
    assert repr(perfectplay.Footholds.parse("A#.\n..B").solve()) == "<FootholdsSolution: A wins in 1 move>"
    # One face, one roll from square 1 to square 2: the game ends at roll 1 (ends[0] is roll 0).
    assert repr(perfectplay.Snakes([], [], size=2, faces=1).distribution()) == "<RollDistribution: rolls 0 to 1 computed, median 1>"
    decided = perfectplay.Snakes([], [], size=2, faces=1, start=2).distribution()
    assert repr(decided) == "<RollDistribution: roll 0 only computed, median 0>"
    # A game too big to show as a constructor call is summed up.
    big = ["." * 100] * 100
    assert repr(perfectplay.GridGame(big, 3, [(1, 1)])) == "<GridGame 100×100, K = 3, 1 query>"
    assert repr(perfectplay.GridGame(big, 3)) == "<GridGame 100×100, K = 3, 0 queries>"


@pytest.fixture(scope="module")
def owners():
    """An object of each kind that has numpy-array properties, by its class's name."""
    game = perfectplay.Footholds([[1, 1, 0], [1, 1, 1]], [0, 0], [1, 2])
    return {
        "Footholds": game,
        "FootholdsTablebase": game.tablebase(threads=1),
        "GridTables": perfectplay.GridGame([".#..", "....", "..#."], 1).solve(),
        "RollDistribution": perfectplay.Snakes([], [], size=10, faces=3).distribution(),
    }


ARRAY_PROPERTIES = [
    ("Footholds", "board"),
    ("FootholdsTablebase", "winner"),
    ("FootholdsTablebase", "moves"),
    ("GridTables", "open"),
    ("GridTables", "wins"),
    ("GridTables", "remoteness"),
    ("GridTables", "grundy"),
    ("RollDistribution", "ends"),
    ("RollDistribution", "cumulative"),
]


@pytest.mark.parametrize("kind, name", ARRAY_PROPERTIES)
def test_an_array_property_is_one_read_only_array(owners, kind, name):
    # Each access built a new writeable copy: an edit was silently lost at the next access.
    owner = owners[kind]
    array = getattr(owner, name)
    assert getattr(owner, name) is array, f"{kind}.{name} built a new array"
    assert not array.flags.writeable
    first = (0,) * array.ndim
    kept = array[first].item()
    with pytest.raises(ValueError, match="read-only"):
        array[first] = array[first]
    with pytest.raises(ValueError, match="read-only"):
        array += array
    # A copy is there to edit, and leaves the object's array as it was.
    edited = array.copy()
    edited[first] = not kept if array.dtype == np.bool_ else kept + 1
    assert getattr(owner, name)[first].item() == kept and edited[first].item() != kept


def test_every_array_property_is_covered():
    # A numpy array property added to a class without its own test here would escape the one above.
    found = set()
    every_kind = {
        "Footholds": perfectplay.Footholds.parse("A#B"),
        "FootholdsTablebase": perfectplay.Footholds.parse("A#B").tablebase(),
        "GridTables": perfectplay.GridGame([".."], 0).solve(),
        "RollDistribution": perfectplay.Snakes([], [], size=3, faces=2).distribution(),
        "FootholdsSolution": perfectplay.Footholds.parse("A#B").solve(),
        "Snakes": perfectplay.Snakes([], []),
        "GridGame": perfectplay.GridGame([".."], 0),
    }
    for kind, owner in every_kind.items():
        for name in dir(owner):
            if not name.startswith("_") and isinstance(getattr(owner, name), np.ndarray):
                found.add((kind, name))
    assert found == set(ARRAY_PROPERTIES)


def test_reading_elements_of_a_big_table_builds_it_once():
    # Each access built the whole table again: 20 element reads of a 5000×5000 board took 1.3 s. The same array
    # every time is proof that none is rebuilt.
    tables = perfectplay.GridGame(["." * 1000] * 1000, 10).solve()
    remoteness = tables.remoteness
    assert all(tables.remoteness is remoteness for _ in range(1000))
    assert [int(tables.remoteness[0, i]) for i in range(1000)] == remoteness[0].tolist()
    # Tables that were not computed stay None.
    bare = perfectplay.GridGame(["." * 10] * 10, 1).solve(remoteness=False, grundy=False)
    assert bare.remoteness is None and bare.grundy is None and bare.wins is bare.wins
