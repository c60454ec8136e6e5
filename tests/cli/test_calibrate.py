"""``wuerfelwerk calibrate`` and ``benchmarks/decision_quality.py`` on a tiny budget."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import wuerfelwerk
from wuerfelwerk.agents.td import load_checkpoint
from wuerfelwerk.agents.td.checkpoint import Training
from wuerfelwerk.agents.td.training import new_checkpoint

from .test_commands import run

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "decision_quality.py"


def opinionated(game: wuerfelwerk.Game, path: Path) -> Path:
    """An untrained network with a random output layer, so its chances differ."""
    checkpoint = new_checkpoint(game, 8, Training(seed=3))
    checkpoint.network.w2[:] = np.random.default_rng(3).standard_normal((8, game.num_players))
    checkpoint.save(path)
    return path


@pytest.mark.parametrize(("name", "players"), [("widget", 2), ("dimenticato", 3)])
def test_calibrate_reports_brier_error_and_a_reliability_diagram(
    name: str, players: int, tmp_path: Path
) -> None:
    weights = opinionated(wuerfelwerk.load(name, players=players), tmp_path / "net.npz")
    picture = tmp_path / "reliability.png"
    common = ["--players", str(players), "--weights", str(weights), "--agents", "greedy,random"]
    result = run("calibrate", name, *common, "--games", "3", "--json", "--plot", str(picture))
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["games"] == 3 and report["players"] == players
    assert sum(b["count"] for b in report["bins"]) == report["positions"] * players
    assert 0.0 < report["brier"] < 2.0 and 0.0 <= report["ece"] <= 1.0
    observed = [b["observed"] for b in report["bins"] if b["count"]]
    assert all(0.0 <= share <= 1.0 for share in observed)
    assert picture.read_bytes().startswith(b"\x89PNG")


def test_calibrate_fits_a_temperature_into_the_checkpoint(tmp_path: Path) -> None:
    weights = opinionated(wuerfelwerk.load("widget", players=2), tmp_path / "net.npz")
    common = ["--players", "2", "--weights", str(weights), "--agents", "greedy", "--games", "3"]
    fitted = run("calibrate", "widget", *common, "--fit", "--seed", "1", "--json")
    assert fitted.returncode == 0, fitted.stderr
    report = json.loads(fitted.stdout)
    calibration = load_checkpoint(weights).header.calibration
    assert calibration.games == 3 and calibration.seed == 1 and calibration.agents == "greedy"
    assert calibration.temperature == pytest.approx(report["fitted"]["temperature"])
    assert report["fitted"]["log_loss"] <= report["log_loss"] + 1e-9
    again = json.loads(run("calibrate", "widget", *common, "--seed", "1", "--json").stdout)
    assert again["temperature"] == pytest.approx(calibration.temperature)
    assert again["brier"] == pytest.approx(report["fitted"]["brier"], abs=1e-6)


def test_calibrate_fits_a_curve_with_the_temperature(tmp_path: Path) -> None:
    weights = opinionated(wuerfelwerk.load("widget", players=2), tmp_path / "net.npz")
    common = ["--players", "2", "--weights", str(weights), "--agents", "greedy", "--games", "3"]
    fitted = run("calibrate", "widget", *common, "--fit", "--curve", "--seed", "1", "--json")
    assert fitted.returncode == 0, fitted.stderr
    report = json.loads(fitted.stdout)
    calibration = load_checkpoint(weights).header.calibration
    assert report["curve"] == [] and len(calibration.curve) >= 2
    assert [list(knot) for knot in calibration.curve] == report["fitted"]["curve"]
    again = json.loads(run("calibrate", "widget", *common, "--seed", "1", "--json").stdout)
    assert again["curve"] == report["fitted"]["curve"]
    assert again["ece"] == pytest.approx(report["fitted"]["ece"], abs=1e-6)
    shown = run("calibrate", "widget", *common, "--seed", "1")
    assert f"and a curve of {len(calibration.curve)} knots" in shown.stdout


def test_calibrate_refuses_what_it_cannot_do(tmp_path: Path) -> None:
    weights = opinionated(wuerfelwerk.load("widget", players=2), tmp_path / "net.npz")
    no_file = run("calibrate", "widget", "--players", "2", "--fit", "--games", "1")
    assert no_file.returncode == 2 and "give --weights FILE" in no_file.stderr
    other = run("calibrate", "widget", "--players", "3", "--weights", str(weights))
    assert other.returncode == 2 and "trained for widget (2 players)" in other.stderr
    realtime = run("calibrate", "wurfweg", "--games", "1")
    assert realtime.returncode == 2 and "no learned evaluation for wurfweg" in realtime.stderr
    curve_alone = run("calibrate", "widget", "--players", "2", "--weights", str(weights), "--curve")
    assert curve_alone.returncode == 2 and "--curve is fitted with --fit" in curve_alone.stderr
    for result in (no_file, other, realtime, curve_alone):
        assert "Traceback" not in result.stderr


def test_decision_quality_on_a_tiny_budget(tmp_path: Path) -> None:
    """The reference judges its own choice best where it searched, every loss is a
    chance lost, and a random player loses more than the reference's own choices."""
    weights = opinionated(wuerfelwerk.load("widget", players=2), tmp_path / "net.npz")
    reference = f"td:depth=2,width=3,weights={weights}"
    result = subprocess.run(
        [
            sys.executable,
            str(BENCHMARK),
            "--game",
            "widget",
            "--positions",
            "6",
            "--games",
            "1",
            "--sampler",
            "greedy",
            "--agents",
            f"random,{reference}",
            "--reference",
            reference,
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["positions"] == 6
    agents = report["agents"]
    assert set(agents) == {"random", reference, "reference"}
    assert agents[reference]["mean_loss"] == agents["reference"]["mean_loss"]
    for figures in agents.values():
        assert figures["mean_loss"] >= 0.0 and 0.0 <= figures["best_chosen"] <= 1.0
    assert agents["random"]["mean_loss"] >= agents["reference"]["mean_loss"]
