"""perfectplay: solve board games on grids exactly -- who wins, in how many moves, and how.

A thin Python layer over the perfectplay Rust crate (the same solvers as the ``perfectplay`` command line).
Three games, each with its judge's own function signature, so that a judge solution can be checked in one line,
and analysis objects whose tables are numpy arrays.

Judge functions
---------------
``footholds(board, aloc, bloc) -> int``
    Programmers 92345 (vanishing footholds): the total number of moves under optimal play.
``snakes(ladders, snakes, *, size=100, faces=6, start=1, overshoot="stay") -> int``
    BOJ 16928 (snakes and ladders): the fewest rolls to the last square.
``gridgame(grid, k, queries) -> list[str]``
    BOJ 28218 (the grid game): ``"First"`` or ``"Second"`` for each 1-based ``(x, y)`` query.

>>> import perfectplay
>>> solution = perfectplay.footholds          # a Programmers solution, checked against the exact answer
>>> solution([[1, 1, 1], [1, 1, 1], [1, 1, 1]], [1, 0], [1, 2])
5
>>> perfectplay.gridgame(["....", ".#..", "...."], 0, [(3, 2)])
['Second']

Analysis objects
----------------
``Footholds(board, aloc, bloc)`` or ``Footholds.parse(text)``
    ``.solve()`` -> ``FootholdsSolution`` (``value``, ``winner``, ``remoteness``, ranked ``moves``, optimal
    ``line``, ``explain()``); ``.tablebase()`` -> ``FootholdsTablebase`` (``winner`` and ``moves`` as numpy arrays
    over every pair of starts; a full board up to 8×8, or 9×9, read from the census built in, ``census=False``
    solves it anyway); ``.mirror_plan()``: who can copy the other's moves by the half turn, without search.
``Snakes(ladders, snakes, ...)`` or ``Snakes.parse(text, ...)``
    ``.fewest_rolls()``, ``.shortest_game()``, ``.expected()`` (exact, a ``fractions.Fraction``),
    ``.expected_float()`` (value and proven relative error bound), ``.distribution()`` -> ``RollDistribution``
    (``ends`` and ``cumulative`` as numpy arrays, ``median`` as far as the error bounds prove it, else
    ``median_between``).
``GridGame(grid, k, queries=None)`` or ``GridGame.parse(text)``
    ``.answers()``; ``.solve()`` -> ``GridTables`` (``open``, ``wins``, ``remoteness``, ``grundy`` as numpy
    arrays of shape ``(N, M)``, and ``line(x, y)``: the optimal line from a cell).

>>> game = perfectplay.Footholds.parse("###\\nA#B\\n###")
>>> s = game.solve()
>>> s.winner, s.remoteness
('A', 5)
>>> s.line[0]
Move(player='A', from_cell=(1, 0), to_cell=(1, 1), value='win', remoteness=5)
>>> perfectplay.Snakes([], [], size=4, faces=2, overshoot="win").expected()
Fraction(9, 4)

The arrays of a result (and a position's ``board``) are built on first access and kept: the same read-only array
each time, so reading an element costs no copy of the table, and an edit raises ``ValueError`` (``.copy()`` gives
an array to edit).

The records, ``Move`` (a footholds move) and ``Roll`` (a snakes roll), compare and hash by their fields, pickle, and
show as the constructor's call that makes them again (``eval(repr(move)) == move``).

In Jupyter, positions (``Footholds``), maps (``FootholdsTablebase``, ``GridTables``) and histograms
(``RollDistribution``) draw themselves as SVG; a ``FootholdsSolution`` shows the board and the narrated line.

Errors and limits
-----------------
Bad input raises ``ValueError`` with the command line's message, naming what is wrong and where (for text, the
line and column); a value of the wrong type, ``TypeError`` naming the argument (a cell or a pair of the right type
but another length, ``[0, 0, 0]``, is a ``ValueError``, as Python's own unpacking says). An argument longer than its game
takes is refused by its length before it is read, whatever that length. Every solve releases the GIL and stops
with ``KeyboardInterrupt`` on Ctrl-C. The analysis
objects' solves take ``time_limit=`` seconds (``TimeLimitExceeded``, a ``TimeoutError``, when passed, with what was
known by then as its attributes), and footholds' also ``memory=`` (bytes
of transposition table, default 2 GiB, grown only as needed) and ``threads=`` (default: one per core); the judge
functions keep the judges' exact signatures, so they take none of these. Footholds boards
have at most 128 cells; snakes boards at most 10 000 000 squares and dice of at most 1000 faces (the expectation and
the distribution while squares x faces, faces counted as at least 4, is at most 20 000 000, to stay within 1 GiB of
memory, and the exact expectation, ``expected()``, up to 2 000 squares, as on the command line); grid-game boards at
most 5000 x 5000. A long answer (a shortest game of millions of rolls, a million queries' answers) is made into
Python objects within the call's ``time_limit`` too, and Ctrl-C stops it.
"""

from ._perfectplay import (
    MILTON_BRADLEY,
    Footholds,
    FootholdsSolution,
    FootholdsTablebase,
    GridGame,
    GridTables,
    Move,
    Roll,
    RollDistribution,
    Snakes,
    TimeLimitExceeded,
    __version__,
    footholds,
    gridgame,
    snakes,
)

__all__ = [
    "MILTON_BRADLEY",
    "Footholds",
    "FootholdsSolution",
    "FootholdsTablebase",
    "GridGame",
    "GridTables",
    "Move",
    "Roll",
    "RollDistribution",
    "Snakes",
    "TimeLimitExceeded",
    "__version__",
    "footholds",
    "gridgame",
    "snakes",
]
