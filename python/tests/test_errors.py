"""Bad input raises ValueError with the command line's message; wrong types raise TypeError; limits hold."""

import re
import time
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import perfectplay

FULL_11X11 = [[1] * 11 for _ in range(11)]


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: perfectplay.footholds([], [0, 0], [0, 0]), "board: the board has no cells"),
        (lambda: perfectplay.footholds([[1, 1], [1]], [0, 0], [0, 0]), "board row 1: has 1 cell but row 0 has 2"),
        (lambda: perfectplay.footholds([[1, 2]], [0, 0], [0, 0]), "board row 0, column 1: expected 0 or 1, found 2"),
        (lambda: perfectplay.footholds([[1, 1]], [0], [0, 0]), "aloc: expected [row, column] with 2 numbers"),
        (lambda: perfectplay.footholds([[1, 1]], [0, 0], [0, -1]), "bloc: the column must be a whole number"),
        (lambda: perfectplay.footholds([[1, 1]], [0, 0], [0, 5]), "bloc: [0, 5] is outside the 1×2 board"),
        (lambda: perfectplay.footholds([[1, 0]], [0, 0], [0, 1]), "bloc: [0, 1] has no foothold"),
        (lambda: perfectplay.footholds([[1] * 17] * 8, [0, 0], [0, 0]), "at most 128 cells are supported"),
        (lambda: perfectplay.Footholds.parse("#A\n#x"), "line 2, column 2: unexpected 'x'"),
        (lambda: perfectplay.snakes([(5, 3)], []), "ladder 1: goes down from 5 to 3: a ladder (x, y) must have x < y"),
        (lambda: perfectplay.snakes([], [(3, 5)]), "snake 1"),
        (lambda: perfectplay.snakes([(5, 10), (5, 20)], []), "ladder 2"),
        (lambda: perfectplay.snakes([], [(50, -2)]), "snake 1: square -2 is not on the board"),
        (lambda: perfectplay.snakes([(50, 120)], []), "ladder 1"),
        (lambda: perfectplay.snakes([], [], size=0), "size: must be between 1 and 10000000, found 0"),
        (lambda: perfectplay.snakes([], [], faces=-1), "faces: must be between 1 and 1000, found -1"),
        (lambda: perfectplay.snakes([], [], overshoot="fly"), "overshoot: 'fly' is not one of"),
        (lambda: perfectplay.snakes([], [], faces=1, overshoot="bounce", size=3, start=3), None),
        (lambda: perfectplay.Snakes.parse("1 0\n5 3\n"), "line 2, column 3: ladder 1: goes down from 5 to 3"),
        (lambda: perfectplay.gridgame([".#", ".."], 0, [(1, 2)]), "query 1: (1, 2) is a wall"),
        (lambda: perfectplay.gridgame([".#", ".."], 0, [(3, 1)]), "query 1: x must be between 1 and 2, found 3"),
        (lambda: perfectplay.gridgame([".#", ".."], 0, [(1, 0)]), "query 1: y must be between 1 and 2, found 0"),
        (lambda: perfectplay.gridgame([".#", "."], 0, []), "board row 2: 1 cell, expected 2"),
        (lambda: perfectplay.gridgame(["x."], 0, []), "board row 1, cell 1: 'x' is not '.' (open) or '#' (wall)"),
        (lambda: perfectplay.gridgame([".\x1b"], 0, [(1, 1)]), r"board row 1, cell 2: '\u{1b}' is not '.' (open) or"),
        (lambda: perfectplay.gridgame([".."], 1, []), "k: the diagonal reach must be at most min(N - 1, M - 1) = 0, not 1"),
        (lambda: perfectplay.gridgame([".."], -1, []), "k: the diagonal reach must be at least 0, not -1"),
        (lambda: perfectplay.gridgame([], 0, []), "grid: the board must have 1 to 5000 rows and columns"),
        (lambda: perfectplay.GridGame.parse("2 2 0\n.#\n..\n1\n1 2\n"), "line 5, column 1: query 1: (1, 2) is a wall"),
        (lambda: perfectplay.Footholds.parse("A#B").solve(time_limit=0), "time_limit: 0"),
        (lambda: perfectplay.Footholds.parse("A#B").solve(time_limit=1e10), "is more seconds than the most taken, 1e9"),
        (lambda: perfectplay.Footholds.parse("A#B").solve(threads=0), "threads: must be between 1 and 256"),
        (lambda: perfectplay.Snakes([], []).distribution(tail=2), "tail: must be strictly between 0 and 1, found 2.0"),
        (lambda: perfectplay.Snakes([], []).distribution(tail=0), "tail: must be strictly between 0 and 1, found 0.0"),
    ],
)
def test_value_errors_name_what_and_where(call, message):
    if message is None:  # a valid call: no error
        call()
        return
    with pytest.raises(ValueError) as error:
        call()
    assert message in str(error.value)


def test_messages_are_the_command_lines(cli):
    text = "[[1, 1]] [0, 0] [0, 5]"
    result = cli("footholds", input=text)
    assert result.returncode == 2 and result.stdout == ""
    with pytest.raises(ValueError) as error:
        perfectplay.Footholds.parse(text)
    assert result.stderr.strip() == f"perfectplay: standard input: {error.value}"


def test_snakes_messages_name_the_keyword_arguments(cli):
    # A square past the last one: the message names the keyword argument that moves the last square, where the
    # command line names its flag; the rest of the message is the command line's.
    beyond = "ladder 1: square 120 is outside the board (squares 1 to 100; {} sets the last square)"
    with pytest.raises(ValueError) as error:
        perfectplay.Snakes([(5, 120)], [])
    assert str(error.value) == beyond.format("size")
    with pytest.raises(ValueError) as error:
        perfectplay.Snakes.parse("1 0\n5 120\n")
    assert str(error.value) == "line 2, column 3: " + beyond.format("size")
    result = cli("snakes", input="1 0\n5 120\n")
    assert result.returncode == 2
    assert result.stderr.strip() == "perfectplay: standard input: line 2, column 3: " + beyond.format("--size")
    with pytest.raises(ValueError) as error:
        perfectplay.snakes([], [], size=0)
    assert str(error.value) == "size: must be between 1 and 10000000, found 0"


@pytest.mark.parametrize("name", ["Win", "STAY", "Bounce", "fly"])
def test_overshoot_is_read_as_the_command_line_reads_it(cli, name):
    # Lowercase names only, everywhere: the command line, the server and Python share one reader.
    with pytest.raises(ValueError) as error:
        perfectplay.Snakes([], [], overshoot=name)
    assert str(error.value) == f"overshoot: '{name}' is not one of stay, bounce, win"
    result = cli("snakes", "--overshoot", name, input="0 0\n")
    assert result.returncode == 2 and f"invalid value '{name}' for '--overshoot" in result.stderr
    for good in ["stay", "bounce", "win"]:
        assert perfectplay.Snakes([], [], overshoot=good).overshoot == good
        assert cli("snakes", "--overshoot", good, input="0 0\n").returncode == 0


def test_unreachable_and_endless_snakes():
    # Every square from 2 on leads back down a snake to square 1: the last square cannot be reached.
    with pytest.raises(ValueError, match="cannot be reached|unreachable|never"):
        perfectplay.snakes([], [(2, 1)], size=3, faces=1)
    # Reachable, but a fair die can fall into a trap: the expectation is infinite.
    trap = perfectplay.Snakes([], [], size=4, faces=2, start=1, overshoot="stay")
    assert trap.fewest_rolls() == 2
    endless = perfectplay.Snakes([(2, 4)], [(3, 1)], size=4, faces=1)
    with pytest.raises(ValueError):
        perfectplay.Snakes([], [(3, 1), (2, 1)], size=4, faces=2).expected()
    assert endless.fewest_rolls() == 1


@pytest.mark.parametrize("question", ["expected", "expected_float", "fewest_rolls", "shortest_game", "distribution"])
@pytest.mark.parametrize("tail", [2, 1])
def test_a_board_no_game_ends_on_says_why_whatever_is_asked(question, tail, cli):
    # Every roll past square 93 lands on a snake: no game ends. Each question says so as the command line does,
    # with the furthest square and the snakes (not only "the start is a trap"). distribution() answered such a
    # board (every game stuck, never = 1.0) while the command line's --distribution and --simulate refuse it.
    snakes = [(head, tail) for head in range(94, 100)]
    with pytest.raises(ValueError) as raised:
        getattr(perfectplay.Snakes([], snakes), question)()
    judge_text = f"0 {len(snakes)}\n" + "".join(f"{u} {v}\n" for u, v in snakes)
    for flags in ([], ["--expected"], ["--distribution"], ["--simulate", "10"], ["--distribution", "--json"]):
        result = cli("snakes", *flags, input=judge_text)
        assert (result.returncode, result.stdout) == (2, "")
        assert result.stderr.strip() == f"perfectplay: standard input: {raised.value}"
    assert str(raised.value).startswith("square 100 cannot be reached from square 1: ")
    assert "the furthest square reachable is 93" in str(raised.value)


def test_wrong_types_are_type_errors():
    with pytest.raises(TypeError):
        perfectplay.footholds("[[1]]", [0, 0], [0, 0])
    with pytest.raises(TypeError):
        perfectplay.gridgame([".."], 0, [("a", 1)])
    with pytest.raises(TypeError):
        perfectplay.snakes([], [], size="big")


def test_time_limit_raises_timeout_error():
    # Not B beside the centre: A would step onto the image of its cell, and the mirror rule tells that winner at once.
    game = perfectplay.Footholds(FULL_11X11, [5, 5], [4, 6])
    with pytest.raises(TimeoutError, match="time limit of 0.2 s") as stopped:
        game.solve(time_limit=0.2, threads=1)
    assert (stopped.value.winner, stopped.value.answer_at_least, stopped.value.answer_at_most) == (None, None, None)
    # A tablebase stopped by its time limit says how far it got: the full 8×8 board has 528 start pairs (solved
    # here rather than read from the census).
    with pytest.raises(TimeoutError, match=r"after \d+ of 528 start pairs") as stopped:
        perfectplay.Footholds([[1] * 8] * 8, [0, 0], [7, 7]).tablebase(census=False, time_limit=0.3, threads=1)
    assert stopped.value.pairs == 528 and 0 <= stopped.value.pairs_solved < 528
    assert f"after {stopped.value.pairs_solved} of 528" in str(stopped.value)
    # A TimeoutError of its own type, every attribute there (None when unknown), so that code can read them.
    assert type(stopped.value) is perfectplay.TimeLimitExceeded and isinstance(stopped.value, TimeoutError)
    assert stopped.value.winner is None
    with pytest.raises(perfectplay.TimeLimitExceeded) as stopped:
        game.solve(time_limit=0.2, threads=1)
    assert (stopped.value.pairs_solved, stopped.value.pairs) == (None, None)
    # A small memory cap is slower, never wrong.
    small = perfectplay.Footholds([[1] * 5] * 5, [2, 2], [2, 3])
    assert small.solve(memory=1 << 12, threads=1).remoteness == small.solve(threads=1).remoteness


@pytest.mark.parametrize(
    "call",
    [
        lambda board: board.expected_float(time_limit=1),
        lambda board: board.distribution(max_rolls=3, time_limit=5),
    ],
)
def test_snakes_chain_over_the_memory_cap_is_refused(call):
    # 10^6 squares × 1000 faces would need tens of GB (it aborted the interpreter); refused as the CLI does.
    board = perfectplay.Snakes([], [], size=10**6, faces=1000)
    with pytest.raises(ValueError) as error:
        call(board)
    assert "squares (size) times the die's faces (faces, counted as at least 4) is at most 20000000 (this board: 1000000000)" in str(
        error.value
    )
    assert perfectplay.Snakes([], [], size=30_000, faces=1000).fewest_rolls() == 30  # no limit there (3 × 10^7)


@pytest.mark.parametrize("size, snakes", [(2001, 0), (20_000, 400), (10**6, 0)])
def test_the_exact_expectation_is_offered_up_to_the_command_lines_2000_squares(cli, size, snakes):
    # It was offered on any board, bounded by time alone: 20 000 squares with 400 snakes took 1990 MB in 30 s, and
    # 100 000 squares with 2000 snakes grew 100 MB/s until the allocator aborted the interpreter. Refused at once,
    # as `--exact` is, and the floating-point value is there instead. (A short time limit bounds a regression.)
    jumps = [(size - 10 * i - 1, size - 10 * i - 6) for i in range(snakes)]
    board = perfectplay.Snakes([], jumps, size=size)
    started = time.monotonic()
    with pytest.raises(ValueError) as error:
        board.expected(time_limit=5)
    assert time.monotonic() - started < 1.0
    assert str(error.value) == (
        f"expected() is offered up to 2000 squares (this board has {size}); expected_float() gives the value in "
        "floating point with a proven error bound"
    )
    judge_text = f"0 {snakes}\n" + "".join(f"{u} {v}\n" for u, v in jumps)
    result = cli("snakes", "--size", str(size), "--exact", input=judge_text)
    assert result.returncode == 2
    assert "--exact is offered up to 2000 squares (this board has" in result.stderr
    if size <= 20_000:
        value, bound = board.expected_float(time_limit=60)
        assert value > 0 and bound < 1e-6


def test_the_exact_expectation_is_offered_on_2000_squares(cli):
    board = perfectplay.Snakes([(5, 1990)], [(1995, 3)], size=2000)
    result = cli("snakes", "--size", "2000", "--exact", input="1 1\n5 1990\n1995 3\n")
    numerator, _, denominator = result.stdout.strip().partition("/")
    assert board.expected(time_limit=120) == Fraction(int(numerator), int(denominator or 1))


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: perfectplay.footholds([[1]], [10**30, 0], [0, 0]), "aloc: [1000000000000000000000000000000, 0] is outside"),
        (lambda: perfectplay.footholds([[1]], [0, 0], [0, -(10**30)]), "bloc: the column must be a whole number from 0"),
        (lambda: perfectplay.footholds([[10**30]], [0, 0], [0, 0]), "board row 0, column 0: expected 0 or 1, found 1000000000000000000000000000000"),
        (lambda: perfectplay.footholds([[1, 1]], [0, 0], [0, 10**23]), "bloc: [0, 100000000000000000000000] is outside the 1×2"),
        (lambda: perfectplay.footholds([[1, 1]], [0, 0], [0, -(10**23)]), "whole number from 0, found -100000000000000000000000"),
        (lambda: perfectplay.snakes([], [], size=10**30), "size: must be between 1 and 10000000, found 10000000000"),
        (lambda: perfectplay.snakes([], [], start=-1), "start (0 starts off the board): must be between 0 and 100"),
        (lambda: perfectplay.snakes([(10**30, 5)], []), "ladder 1: square 1000000000000000000000000000000 is beyond"),
        (lambda: perfectplay.Footholds.parse("A#B").solve(memory=-1), "memory: must be between 1 and"),
        (lambda: perfectplay.Footholds.parse("A#B").solve(threads=-1), "threads: must be between 1 and 256, found -1"),
        (lambda: perfectplay.Snakes([], []).distribution(max_rolls=-1), "max_rolls: must be between 1 and 10000000"),
        (lambda: perfectplay.Snakes([], []).distribution(max_rolls=10**7 + 1), "max_rolls: must be between 1 and 10000000"),
        (lambda: perfectplay.Footholds.parse("A#B").tablebase().outcome((-1, 0), (0, 0)), "a: (-1, 0) is outside"),
        (lambda: perfectplay.Footholds.parse("A#B").tablebase().outcome((0, 0), (0, 3)), "b: (0, 3) is outside the 1×3"),
        (lambda: perfectplay.GridGame([".."], 0).solve().line(2**70, 1), "x: must be between 1 and 1, found 1180591"),
        (lambda: perfectplay.GridGame([".#"], 0).solve().line(1, 2), "line: (1, 2) is a wall"),
        (lambda: perfectplay.gridgame([".."], 10**30, []), "k: the diagonal reach must be at most min(N - 1, M - 1) = 0, not 1000"),
        (lambda: perfectplay.gridgame([".."], 0, [(10**30, 1)]), "query 1: x must be between 1 and 1, found 1000"),
    ],
)
def test_out_of_range_integers_are_value_errors(call, message):
    with pytest.raises(ValueError) as error:
        call()
    assert message in str(error.value)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: perfectplay.footholds("abc", [0, 0], [0, 0]), "board: expected a list of rows of integers, found str"),
        (lambda: perfectplay.footholds([["x"]], [0, 0], [0, 0]), "board row 0, column 0: expected an integer, found str 'x'"),
        (lambda: perfectplay.footholds([[1, 1]], "ab", [0, 0]), "aloc: expected [row, column], found str"),
        (lambda: perfectplay.footholds([[1, 1]], [0, 0], None), "bloc: expected [row, column], found NoneType"),
        (lambda: perfectplay.Footholds([[1.5]], [0, 0], [0, 0]), "board row 0, column 0: expected an integer, found float 1.5"),
        (lambda: perfectplay.gridgame("..", 0, [(1, 1)]), "grid: expected a list of rows of '.' and '#', found str"),
        (lambda: perfectplay.GridGame([".."], "1"), "k: expected an integer, found str"),
    ],
)
def test_arguments_of_the_wrong_type_are_named(call, message):
    with pytest.raises(TypeError) as error:
        call()
    assert str(error.value).startswith(message), str(error.value)


def _keyword_calls():
    """Every keyword argument of the package, each given a value of the wrong type: (call, the argument's name)."""
    footholds = perfectplay.Footholds([[1, 1]], [0, 0], [0, 1])
    board = perfectplay.Snakes([], [])
    grid = perfectplay.GridGame.parse("2 2 0\n..\n..\n0\n")
    snake_calls = [perfectplay.snakes, perfectplay.Snakes]
    calls = []
    for name in ["size", "faces", "start", "overshoot"]:
        wrong = 3 if name == "overshoot" else "x"
        calls += [(lambda f=f, n=name, w=wrong: f([], [], **{n: w}), name) for f in snake_calls]
        calls.append((lambda n=name, w=wrong: perfectplay.Snakes.parse("0 0\n", **{n: w}), name))
    for name in ["moves", "line", "time_limit", "memory", "threads"]:
        calls.append((lambda n=name: footholds.solve(**{n: "x"}), name))
    for name in ["census", "time_limit", "memory", "threads"]:
        calls.append((lambda n=name: footholds.tablebase(**{n: "x"}), name))
    for method in ["fewest_rolls", "shortest_game", "expected", "expected_float"]:
        calls.append((lambda m=method: getattr(board, m)(time_limit="x"), "time_limit"))
    for name in ["tail", "max_rolls", "time_limit"]:
        calls.append((lambda n=name: board.distribution(**{n: "x"}), name))
    for name in ["remoteness", "grundy", "time_limit"]:
        calls.append((lambda n=name: grid.solve(**{n: "x"}), name))
    calls.append((lambda: grid.answers(time_limit="x"), "time_limit"))
    calls.append((lambda: grid.solve().line("x", 1), "x"))
    calls.append((lambda: grid.solve().line(1, "y"), "y"))
    calls.append((lambda: perfectplay.Footholds.parse(5), "text"))
    calls.append((lambda: perfectplay.GridGame.parse(5), "text"))
    return calls


def test_keyword_arguments_of_the_wrong_type_are_named():
    for call, name in _keyword_calls():
        with pytest.raises(TypeError) as error:
            call()
        # The README's form, `size: expected an integer, found str`: PyO3's own wording is the error's cause, not
        # a parenthesis repeating the type.
        assert re.fullmatch(rf"{name}: expected .*, found \w+", str(error.value)), (name, str(error.value))
        assert isinstance(error.value.__cause__, TypeError), name
    with pytest.raises(TypeError) as error:
        perfectplay.snakes([], [], size="100")
    assert str(error.value) == "size: expected an integer, found str"


@settings(max_examples=100, deadline=None)
@given(st.floats().filter(lambda seconds: not 1e-6 <= seconds <= 1e9))
def test_a_time_limit_out_of_range_is_quoted_as_written(seconds):
    # 1e300 was quoted with its 301 digits.
    with pytest.raises(ValueError) as error:
        perfectplay.Footholds.parse("A#B").solve(time_limit=seconds)
    assert str(error.value).startswith(f"time_limit: {seconds!r} "), str(error.value)


def test_a_stopped_solve_that_knew_the_winner_says_so():
    # Full 8×8 from (3,3)–(3,4): the first search, about half of the work, settles the winner. Limits from a tenth
    # of the whole solve's time upwards stop it before and after that; each stop that knew the winner must agree
    # with the exact answer.
    game = perfectplay.Footholds([[1] * 8] * 8, [3, 3], [3, 4])
    started = time.monotonic()
    exact = game.solve(moves=False, line=False, threads=1, census=False)
    whole = time.monotonic() - started
    known = []
    for step in range(1, 60):
        try:
            game.solve(moves=False, line=False, threads=1, census=False, time_limit=whole * step / 40)
        except TimeoutError as error:
            if error.winner is not None:
                known.append(error)
                assert f"but {error.winner} wins, in {error.answer_at_least} to {error.answer_at_most}" in str(error)
        else:
            if known:
                break
    assert known, "no stop fell between the winner and the exact answer"
    for stop in known:
        assert stop.winner == exact.winner
        assert stop.answer_at_least <= exact.remoteness <= stop.answer_at_most
        assert stop.answer_at_least > 1, "the loser surely holds out a few moves"
        assert game.mirror_plan() is None and "mirror plan" not in str(stop)


def test_a_stopped_solve_names_the_mirror_plan():
    # Full 9×9 from (4,4)–(4,5): A steps onto the image of B's cell under the half turn, (8 - 4, 8 - 5), and copies.
    # Searched, its first search takes about a second; longer and longer limits until one stops with the winner.
    game = perfectplay.Footholds([[1] * 9] * 9, [4, 4], [4, 5])
    assert game.mirror_plan() == ("A", (4, 3))
    plan = "; the mirror plan wins for A: step to (4, 3), then answer each of B's moves with its image under the half turn"
    for limit in [0.2, 0.5, 1, 2, 4, 8]:
        try:
            game.solve(moves=False, line=False, threads=1, census=False, time_limit=limit)
            return  # solved: nothing stopped to say it
        except TimeoutError as error:
            if error.winner is not None:
                assert error.winner == "A" and str(error).endswith(plan), str(error)
                return
            assert "mirror plan" not in str(error)
    pytest.fail("not even the winner within 8 s")


@pytest.mark.parametrize(
    "call, kind, message",
    [
        # A value of the wrong type inside a board names its row and column, and what was found there.
        (lambda: perfectplay.footholds([[1, 1], [1, 1.0]], [0, 0], [0, 1]), TypeError,
         "board row 1, column 1: expected an integer, found float 1.0"),
        (lambda: perfectplay.footholds(np.ones((2, 2)), [0, 0], [0, 1]), TypeError,
         "board row 0, column 0: expected an integer, found float64"),
        (lambda: perfectplay.footholds([[1, 1], 5], [0, 0], [0, 1]), TypeError,
         "board row 1: expected a list of integers, found int"),
        (lambda: perfectplay.footholds([[1, 1]], [0, "0"], [0, 1]), TypeError, "aloc[1]: expected an integer, found str"),
        (lambda: perfectplay.gridgame(["..", None], 0, [(1, 1)]), TypeError, "grid[1]: expected a string of '.' and '#', found NoneType"),
        (lambda: perfectplay.snakes([(2, 5), (3, 4.0)], []), TypeError, "ladders[1][1]: expected an integer, found float 4.0"),
        # Rows are counted in cells, and a character that is no cell is named first.
        (lambda: perfectplay.gridgame(["..", "\uff0e."], 0, [(1, 1)]), ValueError, "board row 2, cell 1: '\uff0e' is not"),
        # A time limit too large for a float is a value out of range, as 1e10 is; a lone surrogate is no text.
        (lambda: perfectplay.Footholds.parse("A#B").solve(time_limit=10**400), ValueError, "is more seconds than the most taken"),
        (lambda: perfectplay.Footholds.parse("A#\ud800"), ValueError, "text: the string holds a lone surrogate"),
        # The bounds of the command line hold here too.
        (lambda: perfectplay.gridgame(["."], 0, [(1, 1)] * 1_000_001), ValueError, "at most 1000000 queries"),
    ],
)
def test_wrong_values_inside_arguments_say_where(call, kind, message):
    with pytest.raises(kind) as error:
        call()
    assert message in str(error.value)


@pytest.mark.parametrize("build", [perfectplay.gridgame, perfectplay.GridGame], ids=["gridgame", "GridGame"])
@pytest.mark.parametrize(
    "grid, k, message",
    [
        # The core's messages about the board, after the name of the argument that holds it (they named none).
        # The core counts "1 cells" for now: "1 cell" is its to change.
        ([".#", "."], 0, "grid: board row 2: 1 cell, expected 2"),
        (["...", "." * 5001], 0, "grid: board row 2: 5001 cells, expected 3"),
        ([], 0, "grid: the board must have 1 to 5000 rows and columns, not 0×0"),
        (["." * 5001], 0, "grid: the board must have 1 to 5000 rows and columns, not 1×5001"),
        (["x."], 0, "grid: board row 1, cell 1: 'x' is not '.' (open) or '#' (wall)"),
        # k in the `k: …` form of every other keyword, after the board's own mistakes.
        ([".."], -1, "k: the diagonal reach must be at least 0, not -1"),
        ([".", ""], -1, "grid: board row 2: 0 cells, expected 1"),
        (["..", ".."], 2, "k: the diagonal reach must be at most min(N - 1, M - 1) = 1, not 2"),
        (["..", ".."], -(10**30), "k: the diagonal reach must be at least 0, not -1000000000000000000000000000000"),
    ],
)
def test_grid_game_messages_name_the_argument(build, grid, k, message):
    with pytest.raises(ValueError) as error:
        build(grid, k, [])
    assert str(error.value).startswith(message), str(error.value)


def test_tablebase_outcome_takes_cells_as_aloc_and_bloc_are_taken():
    table = perfectplay.Footholds.parse("A#B").tablebase()
    expected = table.outcome((0, 0), (0, 2))
    assert table.outcome([0, 0], [0, 2]) == expected == table.outcome(np.array([0, 0]), (np.int64(0), 2))
    with pytest.raises(ValueError, match=r"a: expected \[row, column\], found 3 items"):
        table.outcome([0, 0, 0], [0, 2])


@pytest.mark.parametrize("square", [10**7 + 1, 2**32, 2**40, 2**64, 10**30])
def test_a_square_past_every_board_is_worded_alike_whatever_its_size(cli, square):
    # A square past 2**32 - 1 said "is not on the board (squares are numbered from 1)", as if it were too small,
    # where a smaller one, Snakes.parse and the command line say it is beyond the largest board.
    beyond = "beyond the largest board supported (10000000 squares)"
    for build in (perfectplay.snakes, perfectplay.Snakes):
        with pytest.raises(ValueError) as error:
            build([(2, square)], [])
        assert str(error.value) == f"ladder 1: square {square} is {beyond}"
        with pytest.raises(ValueError) as error:
            build([], [(square, 3)])
        assert str(error.value) == f"snake 1: square {square} is {beyond}"
    with pytest.raises(ValueError) as error:
        perfectplay.Snakes.parse(f"1 0\n2 {square}\n")
    assert str(error.value) == f"line 2, column 3: ladder 1: its top is square {square}, {beyond}"
    result = cli("snakes", input=f"1 0\n2 {square}\n")
    assert result.returncode == 2 and result.stderr.strip().endswith(f"square {square}, {beyond}")
    # Below the board, as before.
    with pytest.raises(ValueError, match=r"^ladder 1: square -4294967296 is not on the board \(squares are numbered"):
        perfectplay.snakes([(-(2**32), 5)], [])


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: perfectplay.footholds([[1, 1]], [0, 0, 0], [0, 1]), "aloc: expected [row, column] with 2 numbers, found 3"),
        (lambda: perfectplay.Footholds([[1, 1]], [0, 0], [0]), "bloc: expected [row, column] with 2 numbers, found 1"),
        (lambda: perfectplay.Footholds.parse("A#B").tablebase().outcome((0, 0, 0), (0, 0)), "a: expected [row, column], found 3 items"),
        (lambda: perfectplay.Footholds.parse("A#B").tablebase().outcome((0, 0), [2]), "b: expected [row, column], found 1 item"),
        (lambda: perfectplay.Move("A", (0, 0, 0), (0, 1), "win", 3), "from_cell: expected [row, column], found 3 items"),
        (lambda: perfectplay.Move("A", (0, 0), (), "win", 3), "to_cell: expected [row, column], found 0 items"),
        (lambda: perfectplay.snakes([(2, 50, 3)], []), "ladders[0]: expected a pair of integers, found 3 items"),
        (lambda: perfectplay.Snakes([], [np.array([50])]), "snakes[0]: expected a pair of integers, found 1 item"),
        (lambda: perfectplay.gridgame([".."], 0, [(1, 1, 1)]), "queries[0]: expected a pair of integers, found 3 items"),
        (lambda: perfectplay.GridGame([".."], 0, [[1]]), "queries[0]: expected a pair of integers, found 1 item"),
    ],
)
def test_a_cell_or_pair_of_another_length_is_a_value_error_naming_it(call, message):
    # footholds' aloc said ValueError, the tablebase's cells, Move's and the pairs of snakes and queries TypeError.
    # The type is right, the length is not: ValueError, as Python's own `a, b = (1, 2, 3)` says.
    with pytest.raises(ValueError) as error:
        call()
    assert str(error.value).startswith(message), str(error.value)
    assert not isinstance(error.value, TypeError)


@pytest.mark.parametrize(
    "call",
    [
        lambda: perfectplay.Footholds.parse("A#B").tablebase().outcome(0, (0, 0)),
        lambda: perfectplay.Move("A", "ab", (0, 1), "win", 3),
        lambda: perfectplay.snakes([5], []),
        lambda: perfectplay.gridgame([".."], 0, [(1, 1.0)]),
    ],
)
def test_a_cell_or_pair_of_the_wrong_type_is_still_a_type_error(call):
    with pytest.raises(TypeError):
        call()


def test_a_time_limit_exceeded_made_in_python_has_every_attribute():
    # The stubs and the README say every attribute is there; one made by code (a test's double of a stopped solve)
    # raised AttributeError.
    made = perfectplay.TimeLimitExceeded("stopped")
    for name in ["winner", "answer_at_least", "answer_at_most", "pairs_solved", "pairs"]:
        assert getattr(made, name) is None, name
    assert str(made) == "stopped" and isinstance(made, TimeoutError)
    made.winner = "A"
    assert made.winner == "A" and perfectplay.TimeLimitExceeded().winner is None
    # A raised one still says what was known.
    with pytest.raises(perfectplay.TimeLimitExceeded) as stopped:
        perfectplay.Footholds([[1] * 8] * 8, [0, 0], [7, 7]).tablebase(census=False, time_limit=0.2, threads=1)
    assert stopped.value.pairs == 528 and stopped.value.winner is None
