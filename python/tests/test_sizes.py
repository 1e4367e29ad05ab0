"""Arguments of any length: refused by their length (a ValueError or TypeError naming the argument) after reading at
most one item past what a board may hold, never read in full, never a crash (an allocation of len() items aborted
the interpreter), and Ctrl-C stops a long read of a valid one."""

import json
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import perfectplay
from conftest import interrupted

CRASH_CASES = textwrap.dedent(
    """
    import json, sys
    import perfectplay

    class Huge:
        '''Claims 10**12 items; reading them all would never end.'''
        def __len__(self):
            return 10**12
        def __getitem__(self, i):
            return 1
        def __iter__(self):
            while True:
                yield 1

    class Unsized:
        '''A length past every index (len() raises OverflowError), and items without end.'''
        def __init__(self, item):
            self.item = item
        def __len__(self):
            return 10**20
        def __getitem__(self, i):
            return self.item

    huge = range(10**12)
    table = perfectplay.Footholds.parse("A#B").tablebase()
    cases = {
        "footholds board": lambda: perfectplay.footholds([huge], [0, 0], [0, 1]),
        "footholds board rows": lambda: perfectplay.footholds(Unsized([1, 1]), [0, 0], [0, 1]),
        "footholds row 1": lambda: perfectplay.footholds([[1, 1], Huge()], [0, 0], [0, 1]),
        "footholds aloc": lambda: perfectplay.footholds([[1, 1]], huge, [0, 1]),
        "footholds bloc": lambda: perfectplay.footholds([[1, 1]], [0, 0], Huge()),
        "Footholds board": lambda: perfectplay.Footholds([Huge()], [0, 0], [0, 1]),
        "Footholds aloc": lambda: perfectplay.Footholds([[1, 1]], Huge(), [0, 1]),
        "outcome": lambda: table.outcome(Huge(), (0, 0)),
        "snakes ladders": lambda: perfectplay.snakes(huge, []),
        "snakes snakes": lambda: perfectplay.snakes([], Huge()),
        "snakes pair": lambda: perfectplay.snakes([huge], []),
        "Snakes ladders": lambda: perfectplay.Snakes(Huge(), [], size=10**7),
        "gridgame queries": lambda: perfectplay.gridgame(["...."], 0, huge),
        "gridgame query": lambda: perfectplay.gridgame(["...."], 0, [Huge()]),
        "gridgame grid": lambda: perfectplay.gridgame(Unsized(".."), 0, []),
        "GridGame queries": lambda: perfectplay.GridGame(["...."], 0, Huge()),
        "GridGame grid": lambda: perfectplay.GridGame(["." * 3, "." * 10**7], 0),
    }
    for name, call in cases.items():
        print(name, file=sys.stderr, flush=True)  # the case that crashed, if one does
        try:
            call()
            outcome = ["no error", ""]
        except Exception as error:
            outcome = [type(error).__name__, str(error)]
        print(json.dumps([name] + outcome), flush=True)
    """
)

EXPECTED = {
    "footholds board": ("ValueError", "board: 1×1000000000000 is 1000000000000 cells; at most 128 cells are supported"),
    "footholds board rows": ("ValueError", "board: more than 128 cells; at most 128 cells are supported"),
    "footholds row 1": ("ValueError", "board row 1: has 1000000000000 cells but row 0 has 2 (rows must all be the same"),
    "footholds aloc": ("ValueError", "aloc: expected [row, column] with 2 numbers, found 1000000000000 numbers"),
    "footholds bloc": ("ValueError", "bloc: expected [row, column] with 2 numbers, found 1000000000000 numbers"),
    "Footholds board": ("ValueError", "board: 1×1000000000000 is 1000000000000 cells"),
    "Footholds aloc": ("ValueError", "aloc: expected [row, column] with 2 numbers, found 1000000000000 numbers"),
    "outcome": ("ValueError", "a: expected [row, column], found 1000000000000 items"),
    "snakes ladders": ("ValueError", "ladders: 1000000000000 ladders, but a board of 100 squares has room for at most 99"),
    "snakes snakes": ("ValueError", "snakes: 1000000000000 snakes, but a board of 100 squares has room for at most 99"),
    "snakes pair": ("ValueError", "ladders[0]: expected a pair of integers, found 1000000000000 items"),
    "Snakes ladders": ("ValueError", "ladders: 1000000000000 ladders, but a board of 10000000 squares has room"),
    "gridgame queries": ("ValueError", "queries: at most 1000000 queries are taken (the judge's bound on Q), found 1000000000000"),
    "gridgame query": ("ValueError", "queries[0]: expected a pair of integers, found 1000000000000 items"),
    "gridgame grid": ("ValueError", "grid: the board must have 1 to 5000 rows and columns, found more than 5000 rows"),
    "GridGame queries": ("ValueError", "queries: at most 1000000 queries are taken (the judge's bound on Q), found 1000000000000"),
    "GridGame grid": ("ValueError", "grid: board row 2: 10000000 cells, expected 3"),
}


def test_an_argument_of_any_length_is_an_error_naming_it_not_a_crash():
    # In a child process: a regression aborts the child (SIGABRT, "memory allocation of 8000000000000 bytes
    # failed"), not pytest.
    result = subprocess.run(
        [sys.executable, "-c", CRASH_CASES], capture_output=True, text=True, timeout=120, check=False
    )
    outcomes = {name: (kind, message) for name, kind, message in map(json.loads, result.stdout.splitlines())}
    started = [line for line in result.stderr.splitlines() if line in EXPECTED]
    assert result.returncode == 0, f"the child died ({result.returncode}) in {started[-1:]}: {result.stderr[-2000:]}"
    for name, (kind, message) in EXPECTED.items():
        assert outcomes[name][0] == kind and message in outcomes[name][1], (name, outcomes[name])


class Lazy:
    """A sequence of `length` copies of `item`, without a `__len__`, that counts the items read."""

    def __init__(self, length, item):
        self.length, self.item, self.reads = length, item, 0

    def __getitem__(self, i):
        if i >= self.length:
            raise IndexError(i)
        self.reads += 1
        return self.item


class SizedLazy(Lazy):
    """A `Lazy` with its `__len__`."""

    def __len__(self):
        return self.length


def _oversized_call(kind_of_argument, extra, sized):
    """A call with an argument of `extra` items more than it may hold: (call, that argument, the most it may hold,
    exception, message)."""
    most = {"board": 128, "row": 128, "aloc": 2, "ladders": 49, "snakes": 48, "pair": 2, "grid": 5000}[kind_of_argument]
    length = most + extra
    lazy = lambda item: (SizedLazy if sized else Lazy)(length, item)
    count = lambda noun: f"{length} {noun}" if sized else f"more than {most} {noun}"
    if kind_of_argument == "board":
        sequence = lazy([1])
        call = lambda: perfectplay.footholds(sequence, [0, 0], [0, 0])
        kind, message = ValueError, f"board: {length}×1 is {length} cells" if sized else "board: more than 128 cells"
    elif kind_of_argument == "row":
        sequence = lazy(1)
        call = lambda: perfectplay.Footholds([sequence], [0, 0], [0, 0])
        kind, message = ValueError, f"board: 1×{length} is {length} cells" if sized else "board: more than 128 cells"
    elif kind_of_argument == "aloc":
        sequence = lazy(0)
        call = lambda: perfectplay.footholds([[1]], sequence, [0, 0])
        kind, message = ValueError, f"aloc: expected [row, column] with 2 numbers, found {count('numbers')}"
    elif kind_of_argument == "ladders":
        sequence = lazy((2, 5))
        call = lambda: perfectplay.snakes(sequence, [], size=50)
        kind, message = ValueError, f"ladders: {count('ladders')}, but a board of 50 squares has room for at most 49"
    elif kind_of_argument == "snakes":
        sequence = lazy((9, 5))
        call = lambda: perfectplay.Snakes([(2, 3)], sequence, size=50)
        kind, message = ValueError, f"snakes: {count('snakes')} after 1 ladder, but a board of 50 squares"
    elif kind_of_argument == "pair":
        sequence = lazy(1)
        call = lambda: perfectplay.gridgame(["."], 0, [sequence])
        kind, message = ValueError, f"queries[0]: expected a pair of integers, found {count('items')}"
    else:
        sequence = lazy("..")
        call = lambda: perfectplay.GridGame(sequence, 0)
        shape = f"not {length}×2" if sized else "found more than 5000 rows"
        kind, message = ValueError, f"grid: the board must have 1 to 5000 rows and columns, {shape}"
    return call, sequence, most, kind, message


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["board", "row", "aloc", "ladders", "snakes", "pair", "grid"]),
    st.integers(1, 20_000),
    st.booleans(),
)
def test_a_long_argument_is_refused_after_reading_one_item_past_its_bound(kind_of_argument, extra, sized):
    # Reading the whole sequence first (as before) reads every item, in time that grows with its length.
    call, sequence, most, kind, message = _oversized_call(kind_of_argument, extra, sized)
    with pytest.raises(kind) as error:
        call()
    assert message in str(error.value)
    assert sequence.reads <= most + 1, f"read {sequence.reads} items of {most + extra}; at most {most} may be taken"


def test_oversized_lists_are_refused_at_once():
    # Each was read in full before its size was checked: 27 s for 10**7 pairs of footholds cells.
    pairs = [[1, 1]] * 10**7
    rows = ["...."] * 10**7
    for call, message in [
        (lambda: perfectplay.footholds(pairs, [0, 0], [0, 1]), "board: 10000000×2 is 20000000 cells; at most 128"),
        (lambda: perfectplay.Footholds([[1] * 10**7], [0, 0], [0, 0]), "board: 1×10000000 is 10000000 cells"),
        (lambda: perfectplay.snakes(pairs, []), "ladders: 10000000 ladders, but a board of 100 squares has room"),
        (lambda: perfectplay.gridgame(["...."], 0, pairs), "the judge's bound on Q), found 10000000"),
        (lambda: perfectplay.GridGame(rows, 0), "grid: the board must have 1 to 5000 rows and columns, not 10000000×4"),
    ]:
        started = time.monotonic()
        with pytest.raises(ValueError) as error:
            call()
        took = time.monotonic() - started
        assert message in str(error.value)
        assert took < 1.0, f"{took:.2f} s to refuse {message!r}"


def test_sigint_stops_the_reading_of_a_long_argument():
    # A valid board: a ladder from every square to the next; reading its numpy rows takes seconds, with no Python
    # code between them.
    setup = "\n".join(
        ["import numpy as np, perfectplay", "n = 10**6", "ladders = np.stack([np.arange(1, n), np.arange(2, n + 1)], axis=1)"]
    )
    output, _, stopped_after = interrupted(setup, "perfectplay.Snakes(ladders, [], size=n)", settle=0.5, timeout=60)
    assert output == "KeyboardInterrupt"
    # Reading stops at its next look for a signal, every 4096 rows: well under a second. (Before it looked, the
    # whole million rows were read first: 5.7 s.)
    assert stopped_after < 3.0, f"took {stopped_after:.2f} s to stop"
