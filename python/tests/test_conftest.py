"""The test helpers themselves: the command line the tests compare against is the one cargo builds."""

import json
import os
import subprocess

import pytest

from conftest import ROOT, release_binary


@pytest.mark.parametrize("target", [None, "elsewhere/build", "/tmp/perfectplay-target"])
def test_the_cli_is_looked_for_where_cargo_builds_it(target):
    # It was always ROOT/target/release: under CARGO_TARGET_DIR the build went elsewhere and the tests failed with
    # FileNotFoundError. Cargo's own answer, run where the fixture runs it (the root).
    environ = {k: v for k, v in os.environ.items() if k != "CARGO_TARGET_DIR"}
    if target is not None:
        environ["CARGO_TARGET_DIR"] = target
    metadata = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--no-deps", "--offline"],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        check=True,
    )
    built_into = json.loads(metadata.stdout)["target_directory"]
    assert release_binary(environ) == ROOT / built_into / "release" / "perfectplay"
