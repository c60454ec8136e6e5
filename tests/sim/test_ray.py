"""The commands on Ray give exactly what they give on local processes for the same seed.

Starting Ray takes seconds, so these tests are few: the command-line one starts its own
Ray as a user's run does, the others share the session's ``local_ray``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from wuerfelwerk.cli.main import cli

COMMAND = [sys.executable, "-m", "wuerfelwerk.cli"]


def test_simulate_starts_a_local_ray_and_reports_as_local_processes_do() -> None:
    args = ["simulate", "malefiz", "--agents", "greedy,random", "--games", "12", "--json"]
    local = subprocess.run([*COMMAND, *args], capture_output=True, text=True, timeout=300)
    on_ray = subprocess.run(
        [*COMMAND, *args, "--backend", "ray", "--jobs", "2"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert on_ray.returncode == 0, on_ray.stderr
    assert json.loads(on_ray.stdout) == json.loads(local.stdout)


@pytest.mark.usefixtures("local_ray")
def test_the_arena_on_ray_rates_as_local_processes_do() -> None:
    args = ["arena", "malefiz", "--agents", "random,greedy,mcts:iters=3", "--games", "4"]
    local = CliRunner().invoke(cli, [*args, "--json"])
    on_ray = CliRunner().invoke(cli, [*args, "--json", "--backend", "ray", "--jobs", "2"])
    assert on_ray.exit_code == 0, on_ray.output
    assert json.loads(on_ray.stdout) == json.loads(local.stdout)


@pytest.mark.usefixtures("local_ray")
def test_a_study_on_ray_writes_the_same_games_and_report(tmp_path: Path) -> None:
    args = ["study", "malefiz", "--vary", "players=2,3", "--agents", "greedy", "--games", "4"]
    for backend in ("local", "ray"):
        result = CliRunner().invoke(
            cli, [*args, "--backend", backend, "--jobs", "2", "--out", str(tmp_path / backend)]
        )
        assert result.exit_code == 0, result.output
    for name in ("games.csv", "report.json"):
        assert (tmp_path / "ray" / name).read_text() == (tmp_path / "local" / name).read_text()


def test_a_local_ray_that_cannot_start_ends_the_command_with_one_line(tmp_path: Path) -> None:
    # Ray's sockets live under RAY_TMPDIR: past the 107 bytes a socket path may have,
    # its start fails (as it does when it times out), and that is all the user reads.
    deep = tmp_path / ("r" * 120)
    deep.mkdir()
    args = ["simulate", "malefiz", "--agents", "random,random", "--games", "2"]
    result = subprocess.run(
        [*COMMAND, *args, "--backend", "ray", "--jobs", "1"],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "RAY_TMPDIR": str(deep)},
    )
    assert result.returncode == 2
    # Ray may log a warning of its own first; ours is one line, and no traceback.
    assert result.stderr.splitlines()[-1].startswith("error: Ray could not start here: ")
    assert "Traceback" not in result.stderr
