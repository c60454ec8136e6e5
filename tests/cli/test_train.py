"""``wuerfelwerk train``: a tiny run writes a checkpoint; a resumed run learns exactly
as one that never stopped; an existing file is never overwritten by accident."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np

from wuerfelwerk.agents.td import load_checkpoint
from wuerfelwerk.agents.td.checkpoint import Calibration

from .test_commands import run

TINY = ["train", "malefiz", "--players", "2", "--hidden", "8", "--seed", "3", "--together", "2"]


def test_train_writes_a_checkpoint_that_resumes_exactly(tmp_path: Path) -> None:
    """Games are played two at a time; a run stopped after a block goes on as one that
    never stopped."""
    straight, halves = tmp_path / "straight.npz", tmp_path / "halves.npz"
    result = run(*TINY, "--games", "4", "--every", "3", "--out", str(straight))
    assert result.returncode == 0, result.stderr
    assert "4 games" in result.stderr
    assert run(*TINY, "--games", "2", "--out", str(halves)).returncode == 0
    assert load_checkpoint(halves).header.training.games == 2
    resumed = run(*TINY, "--games", "4", "--out", str(halves), "--resume")
    assert resumed.returncode == 0, resumed.stderr
    one, two = load_checkpoint(straight), load_checkpoint(halves)
    assert one.header == two.header
    assert one.header.training.games == 4 and one.header.board == "quick"
    assert one.header.training.together == 2
    for name, param in one.network.parameters().items():
        assert np.array_equal(param, two.network.parameters()[name])


def test_train_refuses_to_overwrite_and_to_resume_another_game(tmp_path: Path) -> None:
    path = tmp_path / "net.npz"
    assert run(*TINY, "--games", "1", "--out", str(path)).returncode == 0
    again = run(*TINY, "--games", "2", "--out", str(path))
    assert again.returncode == 2 and "exists: give --resume" in again.stderr
    other = run(*TINY, "--games", "2", "--out", str(path), "--resume", "--board", "classic")
    assert other.returncode == 2 and "trained for malefiz (quick board" in other.stderr
    missing = run(*TINY, "--games", "2", "--out", str(tmp_path / "none.npz"), "--resume")
    assert missing.returncode == 2 and "no checkpoint file" in missing.stderr
    assert "Traceback" not in missing.stderr + other.stderr + again.stderr
    nogame = run("train", "wurfweg", "--games", "1", "--out", str(tmp_path / "m.npz"))
    assert nogame.returncode == 2 and "no learned evaluation for wurfweg" in nogame.stderr


def test_passes_learn_each_block_again(tmp_path: Path) -> None:
    once, twice = tmp_path / "once.npz", tmp_path / "twice.npz"
    assert run(*TINY, "--games", "2", "--out", str(once)).returncode == 0
    result = run(*TINY, "--games", "2", "--passes", "2", "--out", str(twice))
    assert result.returncode == 0, result.stderr
    one, two = load_checkpoint(once).header.training, load_checkpoint(twice).header.training
    assert (one.games, two.games, two.passes) == (2, 2, 2)
    assert two.steps == 2 * one.steps


def test_a_resumed_run_refuses_settings_other_than_its_own(tmp_path: Path) -> None:
    path = tmp_path / "net.npz"
    assert run(*TINY, "--games", "1", "--rate", "0.01", "--out", str(path)).returncode == 0
    for option, value, kept in [
        ("--seed", "4", "3"),
        ("--rate", "0.5", "0.01"),
        ("--hidden", "16", "8"),
        ("--lam", "0.2", "0.7"),
        ("--greedy", "0", "0.5"),
    ]:
        args = [*TINY, "--games", "2", "--out", str(path), "--resume", option, value]
        refused = run(*args)
        assert refused.returncode == 2, option
        assert refused.stderr == (
            f"error: {option} {value} differs from the checkpoint's {kept}: a resumed run goes "
            f"on with the settings it was started with (leave out {option})\n"
        )
    assert load_checkpoint(path).header.training.games == 1  # nothing was trained
    # The same settings again, or none, go on.
    same = run(*TINY, "--games", "2", "--rate", "0.01", "--out", str(path), "--resume")
    assert same.returncode == 0, same.stderr
    bare = run("train", "malefiz", "--players", "2", "--games", "3", "--out", str(path), "--resume")
    assert bare.returncode == 0, bare.stderr
    assert load_checkpoint(path).header.training.games == 3


def test_a_resumed_calibrated_network_trains_as_itself_and_drops_the_calibration(
    tmp_path: Path,
) -> None:
    """A calibration fits the network as it was: training goes on from the network
    itself (the same as from the uncalibrated file) and the result is uncalibrated."""
    plain, calibrated = tmp_path / "plain.npz", tmp_path / "calibrated.npz"
    assert run(*TINY, "--games", "2", "--out", str(plain)).returncode == 0
    checkpoint = load_checkpoint(plain)
    fitted = Calibration(temperature=3.0, games=10, seed=1, agents="td,greedy")
    checkpoint.header = replace(checkpoint.header, calibration=fitted)
    checkpoint.save(calibrated)
    for path in (plain, calibrated):
        resumed = run(*TINY, "--games", "4", "--out", str(path), "--resume")
        assert resumed.returncode == 0, resumed.stderr
    assert "was calibrated (temperature 3)" in resumed.stderr
    assert "calibrate it again" in resumed.stderr
    one, two = load_checkpoint(plain), load_checkpoint(calibrated)
    assert two.header.calibration == Calibration()
    assert one.header == two.header
    for name, param in one.network.parameters().items():
        assert np.array_equal(param, two.network.parameters()[name])
