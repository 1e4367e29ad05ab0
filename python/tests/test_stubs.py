"""The type stubs describe the native module as it is (mypy's stubtest), and the package type-checks with them."""

import subprocess
import sys
from pathlib import Path

EXAMPLE = """
import perfectplay
from fractions import Fraction
moves: int = perfectplay.footholds([[1, 1]], [0, 0], [0, 1])
answers: list[str] = perfectplay.gridgame(["."], 0, [])
exact: Fraction = perfectplay.Snakes([], []).expected()
tables = perfectplay.GridGame([".."], 0).solve()
remoteness = tables.remoteness
import numpy as np
position = perfectplay.Footholds.parse("A#B")
again = perfectplay.Footholds(position.board, [np.int64(0), np.True_], np.array(position.bloc))
# Whole numbers from numpy where a keyword takes a number.
both: list[str] = perfectplay.gridgame(["..", ".."], np.int64(1), [(1, 1)])
rolls: int = perfectplay.snakes([], [], size=np.int64(30), faces=np.int32(6))
line = perfectplay.GridGame([".."], 0).solve().line(np.int64(1), 1)
# Records and cells take any integers, as the judges' arguments do.
move = perfectplay.Move("A", [0, 0], np.array([0, 1]), "win", np.int64(3))
roll = perfectplay.Roll(np.int64(1), 2, 2)
# A grid game's rows as a numpy array of strings.
from_array: list[str] = perfectplay.gridgame(np.array(["..", ".."]), 0, [(1, 1)])
game = perfectplay.GridGame(np.array([".."]), 0)
outcome = perfectplay.Footholds.parse("A#B").tablebase().outcome([0, 0], np.array([0, 2]))
"""


def test_stubs_match_the_module():
    result = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "--ignore-disjoint-bases", "perfectplay._perfectplay"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_script_type_checks(tmp_path: Path):
    script = tmp_path / "uses_perfectplay.py"
    script.write_text(EXAMPLE)
    bad = tmp_path / "misuses_perfectplay.py"
    bad.write_text("import perfectplay\nn: str = perfectplay.footholds([[1]], [0, 0], [0, 0])\n")
    run = lambda path: subprocess.run([sys.executable, "-m", "mypy", "--strict", str(path)], capture_output=True, text=True)
    good = run(script)
    assert good.returncode == 0, good.stdout
    wrong = run(bad)
    assert wrong.returncode == 1 and "incompatible types in assignment" in wrong.stdout.lower(), wrong.stdout
