"""The judges' own examples through the judges' own signatures."""

from pathlib import Path

import perfectplay

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_footholds_programmers_examples():
    solution = perfectplay.footholds  # exactly how a Programmers solution is called
    assert solution([[1, 1, 1], [1, 1, 1], [1, 1, 1]], [1, 0], [1, 2]) == 5
    assert solution([[1, 1, 1], [1, 0, 1], [1, 1, 1]], [1, 0], [1, 2]) == 4
    assert solution([[1, 1, 1, 1, 1]], [0, 0], [0, 4]) == 4
    assert solution([[1]], [0, 0], [0, 0]) == 0


def read_snakes(path):
    numbers = [int(word) for word in path.read_text().split()]
    n, m = numbers[0], numbers[1]
    pairs = [tuple(numbers[2 + 2 * i : 4 + 2 * i]) for i in range(n + m)]
    return pairs[:n], pairs[n:]


def test_snakes_boj_samples():
    assert perfectplay.snakes(*read_snakes(EXAMPLES / "snakes" / "boj-sample1.txt")) == 3
    assert perfectplay.snakes(*read_snakes(EXAMPLES / "snakes" / "boj-sample2.txt")) == 5


def test_snakes_keyword_options():
    ladders, snakes = read_snakes(EXAMPLES / "snakes" / "milton-bradley.txt")
    # Off the board, a first roll of 1 climbs the ladder from square 1 to 38.
    assert perfectplay.snakes(ladders, snakes, start=0) < perfectplay.snakes(ladders, snakes, start=1) + 1
    assert perfectplay.snakes([], [], size=10, faces=3, overshoot="win") == 3
    assert perfectplay.snakes([], [], size=10, faces=3, overshoot="bounce") == 3
    assert perfectplay.snakes([], [], size=1) == 0


def test_gridgame_boj_samples():
    assert perfectplay.gridgame([".#", ".."], 0, [(1, 1), (2, 1)]) == ["Second", "First"]
    assert perfectplay.gridgame(["..", ".."], 1, [(1, 1)]) == ["First"]
    assert perfectplay.gridgame(["....", ".#..", "...."], 0, [(3, 2)]) == ["Second"]
    assert perfectplay.gridgame([".###", "#.##", "##.."], 1, [(1, 1), (2, 2), (3, 3)]) == ["First", "Second", "First"]


def test_parsed_examples_match_the_judge_functions():
    for name, expected in [("example1.txt", 5), ("example2.txt", 4), ("example3.txt", 4), ("example4.txt", 0)]:
        assert perfectplay.Footholds.parse((EXAMPLES / "footholds" / name).read_text()).solve().remoteness == expected
    sample = (EXAMPLES / "snakes" / "boj-sample2.txt").read_text()
    assert perfectplay.Snakes.parse(sample).fewest_rolls() == 5
    assert perfectplay.GridGame.parse((EXAMPLES / "gridgame" / "sample4.txt").read_text()).answers() == [
        "First",
        "Second",
        "First",
    ]


def test_a_byte_order_mark_before_the_text_is_skipped_as_the_command_line_skips_it():
    # An editor's mark, kept when a file is opened as "utf-8" rather than "utf-8-sig".
    for game, folder, name in [
        (perfectplay.Footholds, "footholds", "example1.txt"),
        (perfectplay.Snakes, "snakes", "boj-sample2.txt"),
        (perfectplay.GridGame, "gridgame", "sample4.txt"),
    ]:
        text = (EXAMPLES / folder / name).read_text()
        assert repr(game.parse("\ufeff" + text)) == repr(game.parse(text))
    # Only at the start, as for the command line.
    try:
        perfectplay.Snakes.parse("1 0\n\ufeff2 50\n")
    except ValueError as error:
        assert "line 2" in str(error), str(error)
    else:
        raise AssertionError("a mark inside the text is refused")
