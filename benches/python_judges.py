"""The Python package's judge functions against plain Python solutions on the same inputs.

The references are textbook solutions: the footholds recursion with memoisation the tests check against
(python/tests/conftest.py), and the grid game's win/lose pass over every move of every cell, written here. Run from the repository root
with the package installed:

    .venv/bin/python benches/python_judges.py

Each figure is the best of a few runs (time.perf_counter), in milliseconds.
"""

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python" / "tests"))

import perfectplay  # noqa: E402
from conftest import footholds_reference  # noqa: E402


def best_ms(function, runs=3):
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best * 1000, result


def row(task, ours, reference):
    (ours_ms, ours_answer), (ref_ms, ref_answer) = ours, reference
    assert ours_answer == ref_answer, (task, ours_answer, ref_answer)
    print(f"| {task} | {ours_ms:.3f} ms | {ref_ms:.1f} ms | {ref_ms / ours_ms:.0f}× |")


def main():
    print("| task | perfectplay (Python) | plain Python | speed-up |")
    print("|---|---|---|---|")
    for rows, cols, a, b in [(4, 4, [1, 1], [2, 2]), (5, 4, [2, 1], [2, 2])]:
        board = [[1] * cols for _ in range(rows)]
        row(
            f"footholds {rows}×{cols} full, {a}–{b}",
            best_ms(lambda: perfectplay.footholds(board, a, b)),
            best_ms(lambda: footholds_reference(board, a, b)[1], runs=1),
        )
    rng = random.Random(1)
    n = m = 300
    grid = ["".join("#" if rng.random() < 0.1 else "." for _ in range(m)) for _ in range(n)]
    grid[-1] = grid[-1][:-1] + "."
    queries = [(x + 1, y + 1) for x in range(n) for y in range(m) if grid[x][y] == "."][:300]
    k = 20

    def reference():
        # The textbook win/lose pass: a cell wins when one of its moves reaches a losing cell.
        wins = [[False] * m for _ in range(n)]
        for r in reversed(range(n)):
            for c in reversed(range(m)):
                if grid[r][c] == ".":
                    moves = [(r + 1, c), (r, c + 1)] + [(r + d, c + d) for d in range(1, k + 1)]
                    wins[r][c] = any(a < n and b < m and grid[a][b] == "." and not wins[a][b] for a, b in moves)
        return ["First" if wins[x - 1][y - 1] else "Second" for x, y in queries]

    row("gridgame 300×300, 10 % walls, K = 20, 300 queries", best_ms(lambda: perfectplay.gridgame(grid, k, queries)),
        best_ms(reference, runs=1))


if __name__ == "__main__":
    main()
