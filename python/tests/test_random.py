"""Random positions: the Python package gives the command line's answers, and both agree with plain references
written here."""

import json
from fractions import Fraction

import pytest

from conftest import cli_json, footholds_reference, gridgame_reference, snakes_fewest_reference
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import perfectplay

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@st.composite
def footholds_positions(draw):
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, 4 if rows < 4 else 3))
    board = [[draw(st.sampled_from([0, 1, 1, 1])) for _ in range(cols)] for _ in range(rows)]
    cells = [(r, c) for r in range(rows) for c in range(cols) if board[r][c]]
    if not cells:
        board[0][0] = 1
        cells = [(0, 0)]
    aloc = list(draw(st.sampled_from(cells)))
    bloc = list(draw(st.sampled_from(cells)))
    return board, aloc, bloc


@SETTINGS
@given(footholds_positions())
def test_footholds_matches_cli_and_reference(cli, position):
    board, aloc, bloc = position
    answer = perfectplay.footholds(board, aloc, bloc)
    wins, moves = footholds_reference(board, aloc, bloc)
    assert answer == moves
    report = cli_json(cli("footholds", "--json", input=f"{json.dumps(board)} {aloc} {bloc}"))
    assert report["answer"] == answer
    solution = perfectplay.Footholds(board, aloc, bloc).solve(threads=1)
    assert solution.winner == report["winner"] == ("A" if wins else "B")
    assert solution.value == ("win" if wins else "lose")
    ours = sorted((m.to_cell, m.value, m.remoteness) for m in solution.moves)
    theirs = sorted((tuple(m["to"]), m["value"], m["remoteness"]) for m in report["moves"])
    assert ours == theirs
    assert len(solution.line) == answer == len(report["line"])
    # to_json is the command line's --json, less what solve was asked not to compute.
    assert json.loads(solution.to_json()) == {**report, "nodes": solution.nodes}
    without = json.loads(perfectplay.Footholds(board, aloc, bloc).solve(moves=False, line=False).to_json())
    assert without == {key: value for key, value in report.items() if key not in ("line", "moves", "nodes")} | {
        "nodes": without["nodes"]
    }


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(footholds_positions())
def test_footholds_tablebase_matches_cli(cli, position):
    board, aloc, bloc = position
    table = perfectplay.Footholds(board, aloc, bloc).tablebase(threads=1)
    text = f"{json.dumps(board)} {aloc} {bloc}"
    pairs = cli_json(cli("footholds", "--json", "--table", input=text))["table"]
    theirs = {(tuple(p["a"]), tuple(p["b"])): (p["winner"], p["moves"]) for p in pairs}
    rows, cols = len(board), len(board[0])
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    for a in cells:
        for b in cells:
            expected = theirs.get((a, b))
            assert table.outcome(a, b) == expected
            winner, moves = expected if expected else (None, -1)
            assert table.winner[a + b] == {"A": 0, "B": 1, None: -1}[winner]
            assert table.moves[a + b] == moves


@settings(max_examples=10, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6))
def test_full_boards_read_from_the_census_are_the_solved_ones(rows, cols):
    game = perfectplay.Footholds([[1] * cols] * rows, [0, 0], [rows - 1, cols - 1])
    read, solved = game.tablebase(), game.tablebase(census=False, threads=1)
    assert (read.winner == solved.winner).all() and (read.moves == solved.moves).all()
    assert (read.winner >= 0).all(), "every pair has an outcome on a full board"


@settings(max_examples=12, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.data())
def test_full_boards_solved_from_the_census_are_the_searched_ones(rows, cols, data):
    cell = st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1))
    game = perfectplay.Footholds([[1] * cols] * rows, data.draw(cell), data.draw(cell))
    read, searched = game.solve(threads=1), game.solve(census=False, threads=1)
    assert (read.winner, read.remoteness) == (searched.winner, searched.remoteness)
    assert read.moves == searched.moves and read.line == searched.line
    assert perfectplay.footholds(game.board.astype(int).tolist(), list(game.aloc), list(game.bloc)) == read.remoteness


@st.composite
def grids(draw):
    n = draw(st.integers(1, 7))
    m = draw(st.integers(1, 7))
    k = draw(st.integers(0, min(n, m) - 1))
    grid = ["".join(draw(st.sampled_from("..#")) for _ in range(m)) for _ in range(n)]
    opens = [(r + 1, c + 1) for r in range(n) for c in range(m) if grid[r][c] == "."]
    queries = draw(st.lists(st.sampled_from(opens), max_size=6)) if opens else []
    return grid, k, queries


@SETTINGS
@given(grids())
def test_gridgame_matches_cli_and_reference(cli, case):
    grid, k, queries = case
    answers = perfectplay.gridgame(grid, k, queries)
    text = f"{len(grid)} {len(grid[0])} {k}\n" + "\n".join(grid) + f"\n{len(queries)}\n"
    text += "".join(f"{x} {y}\n" for x, y in queries)
    assert answers == cli("gridgame", input=text).stdout.split()
    wins, remoteness, grundy = gridgame_reference(grid, k)
    assert answers == ["First" if wins[x - 1, y - 1] else "Second" for x, y in queries]
    tables = perfectplay.GridGame(grid, k).solve()
    for (r, c), won in wins.items():
        assert tables.open[r, c]
        assert tables.wins[r, c] == won
        assert tables.remoteness[r, c] == remoteness[r, c]
        assert tables.grundy[r, c] == grundy[r, c]
    assert int(tables.open.sum()) == len(wins)
    explained = cli_json(cli("gridgame", "--json", "--explain", input=text))["answers"]
    for (x, y), answer in zip(queries, explained):
        theirs = [(tuple(mv["from"]), mv["step"], tuple(mv["to"])) for mv in answer["line"]]
        assert tables.line(x, y) == theirs
        assert len(theirs) == remoteness[x - 1, y - 1]
    table = cli_json(cli("gridgame", "--json", "-r", "-g", "--map", "/dev/null", input=text))["table"]
    assert table["remoteness"] == [[None if v == 0 and not o else int(v) for v, o in zip(rr, oo)]
                                   for rr, oo in zip(tables.remoteness.tolist(), tables.open.tolist())]


@st.composite
def snakes_boards(draw):
    size = draw(st.integers(2, 40))
    faces = draw(st.integers(1, 6))
    starts = draw(st.lists(st.integers(1, size - 1), unique=True, max_size=min(8, size - 1)))
    ladders, snakes = [], []
    for square in starts:
        if square < size - 1 and draw(st.booleans()):
            ladders.append((square, draw(st.integers(square + 1, size))))
        elif square > 1:
            snakes.append((square, draw(st.integers(1, square - 1))))
    return ladders, snakes, size, faces


def judge_text(ladders, snakes):
    pairs = ladders + snakes
    return f"{len(ladders)} {len(snakes)}\n" + "".join(f"{a} {b}\n" for a, b in pairs)


@SETTINGS
@given(snakes_boards())
def test_snakes_matches_cli_and_reference(cli, board):
    ladders, snakes, size, faces = board
    options = ["--size", str(size), "--faces", str(faces)]
    fewest = snakes_fewest_reference(ladders, snakes, size, faces)
    result = cli("snakes", *options, input=judge_text(ladders, snakes))
    game = perfectplay.Snakes(ladders, snakes, size=size, faces=faces)
    if fewest is None:
        assert result.returncode == 2
        try:
            game.fewest_rolls()
        except ValueError as error:
            assert str(error) in result.stderr
        else:
            raise AssertionError("an unreachable last square must raise ValueError")
        return
    assert perfectplay.snakes(ladders, snakes, size=size, faces=faces) == fewest == int(result.stdout)
    exact = cli("snakes", *options, "--exact", input=judge_text(ladders, snakes))
    if exact.returncode == 0:
        numerator, _, denominator = exact.stdout.strip().partition("/")
        expected = game.expected()
        assert isinstance(expected, Fraction)
        assert expected == Fraction(int(numerator), int(denominator or 1))
        value, error = game.expected_float()
        assert abs(value - float(expected)) <= max(error, 1e-15) * float(expected) + 1e-12
        distribution = game.distribution()
        if distribution.remaining <= 1e-12:
            assert abs(distribution.mean - float(expected)) < 1e-6 * float(expected)
        else:
            # Stopped at max_rolls with games still in play (an expectation of thousands of rolls): the rolls not
            # counted only make the mean smaller, and by at least what is left times the rolls computed.
            counted = len(distribution.ends) - 1
            assert distribution.mean + distribution.remaining * counted <= float(expected) * (1 + 1e-9)
        report = cli_json(cli("snakes", *options, "--json", "--distribution", input=judge_text(ladders, snakes)))
        theirs = report["distribution"]
        # The command line names the roll of each row, from roll 1 (roll 0 alone when no roll is needed).
        rows = theirs["ends_on_roll"]
        rolls = [row["roll"] for row in rows]
        assert rolls == (list(range(1, len(distribution.ends))) if len(distribution.ends) > 1 else [0])
        assert [distribution.ends[t] for t in rolls] == [row["probability"] for row in rows]
        assert [distribution.cumulative[t] for t in rolls] == [row["cumulative"] for row in rows]
        # The median as far as the error bounds prove it, and the two rolls they cannot tell apart, as the
        # command line gives them.
        assert distribution.median == theirs["median"]
        between = theirs.get("median_between")
        assert distribution.median_between == (tuple(between) if between is not None else None)
    else:
        assert exact.returncode == 2
        try:
            game.expected()
        except ValueError as error:
            assert str(error) in exact.stderr
        else:
            raise AssertionError("an infinite expectation must raise ValueError")


def snakes_step(jump, size, overshoot, square, die):
    """The square a roll takes the token to ("stay": a roll past the last square is not played; "win": it wins)."""
    to = square + die
    return (size if overshoot == "win" else square) if to > size else jump.get(to, to)


def exact_ends(ladders, snakes, size, faces, overshoot, rolls):
    """P(the game ends on roll t) for t = 0..rolls, as Fractions: the token's squares followed roll by roll from
    square 1, or None when no sequence of rolls reaches the last square."""
    jump = dict(ladders) | dict(snakes)
    seen, frontier = {1}, [1]
    while frontier:
        square = frontier.pop()
        for to in {snakes_step(jump, size, overshoot, square, die) for die in range(1, faces + 1)} - seen:
            seen.add(to)
            frontier.append(to)
    if size not in seen:
        return None
    ends, now = [Fraction(0)], {1: Fraction(1)}
    for _ in range(rolls):
        after, ended = {}, Fraction(0)
        for square, p in now.items():
            for die in range(1, faces + 1):
                to = snakes_step(jump, size, overshoot, square, die)
                if to == size:
                    ended += p / faces
                else:
                    after[to] = after.get(to, 0) + p / faces
        ends.append(ended)
        now = after
    return ends


@st.composite
def small_snakes_boards(draw):
    size = draw(st.integers(2, 14))
    faces = draw(st.integers(1, 6))
    starts = draw(st.lists(st.integers(2, size - 1), unique=True, max_size=min(3, size - 2))) if size > 2 else []
    ladders = [(s, draw(st.integers(s + 1, size))) for s in starts if s < size - 1 and draw(st.booleans())]
    snakes = [(s, draw(st.integers(1, s - 1))) for s in starts if s not in dict(ladders)]
    return ladders, snakes, size, faces, draw(st.sampled_from(["stay", "win"]))


@settings(max_examples=300, deadline=None)
@given(small_snakes_boards())
@example(([], [], 12, 6, "win"))  # P(ended by roll 3) is exactly 1/2: the median is 3, not the 4 a float sum gives
def test_snakes_median_is_what_the_exact_distribution_proves(board):
    ladders, snakes, size, faces, overshoot = board
    game = perfectplay.Snakes(ladders, snakes, size=size, faces=faces, overshoot=overshoot)
    if exact_ends(ladders, snakes, size, faces, overshoot, 0) is None:
        with pytest.raises(ValueError, match="cannot be reached"):
            game.distribution()
        return
    d = game.distribution()
    ends = exact_ends(ladders, snakes, size, faces, overshoot, len(d.ends) - 1)
    cumulative = [sum(ends[: t + 1]) for t in range(len(ends))]
    median = next((t for t, total in enumerate(cumulative) if total >= Fraction(1, 2)), None)
    if d.median is not None:
        assert d.median == median and d.median_between is None
    elif d.median_between is not None:
        low, high = d.median_between
        # Undecided only where a running total lies within a rounding's reach of one half, and the exact median
        # is one of the rolls named (or past those computed, when no roll surely reaches one half).
        last = len(cumulative) - 1 if high is None else high
        assert any(abs(cumulative[t] - Fraction(1, 2)) < Fraction(1, 10**9) for t in range(low, last + 1))
        assert median is None or low <= median <= last
    else:
        assert median is None


def mirror_reference(board, aloc, bloc):
    """The mirror plan from the rule's words: who copies, and A's first step when A does; None when A cannot move."""
    rows, cols = len(board), len(board[0])

    def image(cell):
        return (rows - 1 - cell[0], cols - 1 - cell[1])

    def copied(cells, me, other):
        return image(me) == other and all(
            image(c) in cells and abs(image(c)[0] - c[0]) + abs(image(c)[1] - c[1]) > 1 for c in cells
        )

    cells = {(r, c) for r in range(rows) for c in range(cols) if board[r][c]}
    a, b = tuple(aloc), tuple(bloc)
    steps = {(a[0] + dr, a[1] + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))} & cells
    if not steps:
        return None
    if copied(cells, a, b):
        return ("B", None)
    if image(b) in steps and copied(cells - {a}, image(b), b):
        return ("A", image(b))
    return None


@st.composite
def half_turn_positions(draw):
    """Boards the half turn maps onto themselves, often with B on the image of A, or A one step from copying."""
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(2, 4))
    board = [[draw(st.sampled_from([0, 1, 1, 1])) for _ in range(cols)] for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            board[r][c] = board[rows - 1 - r][cols - 1 - c] = board[r][c] | board[rows - 1 - r][cols - 1 - c]
    if draw(st.booleans()):
        # Clear the cells the half turn keeps in place or maps onto a neighbour: the rule needs them empty.
        for r in range(rows):
            for c in range(cols):
                if abs(rows - 1 - 2 * r) + abs(cols - 1 - 2 * c) <= 1:
                    board[r][c] = 0
    a = (draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1)))
    mode = draw(st.sampled_from(["image", "step", "any"]))
    if mode == "image":
        b = (rows - 1 - a[0], cols - 1 - a[1])
    elif mode == "step":
        # B on the image of a neighbour of A, and A's own image gone: A steps there and copies.
        dr, dc = draw(st.sampled_from([(1, 0), (-1, 0), (0, 1), (0, -1)]))
        step = (min(max(a[0] + dr, 0), rows - 1), min(max(a[1] + dc, 0), cols - 1))
        b = (rows - 1 - step[0], cols - 1 - step[1])
        board[rows - 1 - a[0]][cols - 1 - a[1]] = 0
        board[step[0]][step[1]] = 1
    else:
        b = (draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1)))
    board[a[0]][a[1]] = board[b[0]][b[1]] = 1
    return board, list(a), list(b)


@settings(max_examples=300, deadline=None)
@given(st.one_of(half_turn_positions(), footholds_positions()))
def test_the_mirror_plan_is_the_rules_and_the_copier_wins(position):
    board, aloc, bloc = position
    game = perfectplay.Footholds(board, aloc, bloc)
    plan = game.mirror_plan()
    assert plan == mirror_reference(board, aloc, bloc)
    solution = game.solve(threads=1)
    expected = None if plan is None else {"copier": plan[0]} | ({"first_step": list(plan[1])} if plan[1] else {})
    assert json.loads(solution.to_json()).get("mirror") == expected
    if plan is not None:
        wins, _ = footholds_reference(board, aloc, bloc)
        assert plan[0] == ("A" if wins else "B")
