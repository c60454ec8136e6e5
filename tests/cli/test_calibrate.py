"""``wuerfelwerk calibrate`` and ``benchmarks/decision_quality.py`` on a tiny budget."""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.agents.td import load_checkpoint
from wuerfelwerk.agents.td.checkpoint import Training
from wuerfelwerk.agents.td.training import new_checkpoint
from wuerfelwerk.core import CHANCE, Action, State

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


def test_calibrate_fits_the_strengths_of_who_plays_and_judges_with_them(
    tmp_path: Path,
) -> None:
    """--fit --who-plays writes a strength per agent (mean 0) and their temperature beside
    the position's calibration, which stays; --who-plays then judges with them, the
    position alone reported beside; an agent without a strength is refused."""
    weights = opinionated(wuerfelwerk.load("widget", players=2), tmp_path / "net.npz")
    common = ["--players", "2", "--weights", str(weights), "--games", "4", "--seed", "1"]
    agents = ["--agents", "greedy,random"]
    fitted = run("calibrate", "widget", *common, *agents, "--fit", "--who-plays", "--json")
    assert fitted.returncode == 0, fitted.stderr
    report = json.loads(fitted.stdout)
    calibration = load_checkpoint(weights).header.calibration
    assert calibration.temperature == 1.0 and calibration.games == 0
    who = calibration.who_plays
    assert [p for p, _ in who.strengths] == ["greedy", "random"]
    assert (who.games, who.seed) == (4, 1)
    assert sum(v for _, v in who.strengths) == pytest.approx(0.0, abs=1e-5)
    assert report["fitted"]["strengths"] == dict(who.strengths)
    assert report["fitted"]["log_loss"] <= report["log_loss"] + 1e-9
    judged = run("calibrate", "widget", *common, *agents, "--who-plays", "--json")
    assert judged.returncode == 0, judged.stderr
    again = json.loads(judged.stdout)
    assert again["strengths"] == dict(who.strengths)
    assert again["temperature"] == pytest.approx(who.temperature)
    assert again["brier"] == pytest.approx(report["fitted"]["brier"], abs=1e-6)
    assert again["position_alone"]["brier"] == pytest.approx(report["brier"], abs=1e-6)
    assert again["title"].endswith("knowing who plays")
    shown = run("calibrate", "widget", *common, *agents, "--who-plays")
    assert "and the strengths greedy" in shown.stdout and "the position alone" in shown.stdout
    other = run("calibrate", "widget", *common, "--agents", "greedy,mcts", "--who-plays")
    assert other.returncode == 2 and "has no strength for mcts" in other.stderr
    alone = run("calibrate", "widget", *common, "--agents", "greedy", "--fit", "--who-plays")
    assert alone.returncode == 2 and "give two agents or more" in alone.stderr
    bent = run("calibrate", "widget", *common, "--fit", "--curve", "--who-plays")
    assert bent.returncode == 2 and "not with --who-plays" in bent.stderr
    for result in (other, alone, bent):
        assert "Traceback" not in result.stderr


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
    # Progress on stderr, the last line when every position is judged.
    lines = result.stderr.splitlines()
    assert "games of greedy played: 1 of 1" in lines
    assert lines[-1] == "positions judged: 6 of 6"


def benchmark() -> ModuleType:
    """``benchmarks/decision_quality.py`` as a module (its dataclasses look their module
    up by name, so it is registered while it loads)."""
    spec = importlib.util.spec_from_file_location("decision_quality", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


def a_winning_decision(game: wuerfelwerk.Game) -> tuple[State, int, Action, Action]:
    """A decision of a seeded game of ``greedy`` players where one action wins at once and
    another does not: the position, the seat, the winning action and the other one."""
    agents = [make_agent("greedy", game, seat) for seat in range(game.num_players)]
    state = game.new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal():
        player = state.current_player
        if player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        ends = {}
        for action in state.legal_actions(player):
            after = state.clone()
            after.apply(action)
            ends[after.is_terminal() and after.returns()[player] > 0] = action
        if len(ends) == 2:
            return state, player, ends[True], ends[False]
        state.apply(agents[player].choose(state, player))
    raise AssertionError("no decision between winning and playing on")


def test_an_mcts_reference_judges_an_action_by_a_search_after_it() -> None:
    """A won game is a chance of 1; an action the game goes on after is judged by a search
    from there, within the reference's budget, as a chance (the return rescaled)."""
    quality = benchmark()
    game = wuerfelwerk.load("malefiz", board="quick", players=2)
    state, player, wins, other = a_winning_decision(game)
    before = state.to_json()
    reference = make_agent("mcts:iters=60,eval=td,depth=0", game, 1)
    value = quality.chance_after(reference, state, player)
    assert value(wins) == 1.0
    after = state.clone()
    after.apply(other)
    again = make_agent("mcts:iters=60,eval=td,depth=0", game, 1)
    assert value(other) == quality.chance_of(quality.searched(again, after, player), 2)
    assert 0.0 < value(other) < 1.0
    assert state.to_json() == before
    assert quality.chance_of(-0.5, 3) == 0.0 and quality.chance_of(1.0, 3) == 1.0
    assert quality.chance_of(0.0, 2) == 0.5


def test_decision_quality_with_an_mcts_reference_in_dimenticato() -> None:
    """The reference that judges Dimenticato by a search of its own runs end to end:
    every loss a chance lost, the best chosen a share."""
    reference = "mcts:iters=30,eval=td,depth=0"
    command = [sys.executable, str(BENCHMARK), "--game", "dimenticato", "--positions", "4"]
    options = ["--games", "1", "--sampler", "greedy", "--agents", "random,greedy"]
    result = subprocess.run(
        [*command, *options, "--reference", reference, "--json"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["positions"] == 4 and report["reference"] == reference
    assert set(report["agents"]) == {"random", "greedy", "reference"}
    for figures in report["agents"].values():
        assert 0.0 <= figures["mean_loss"] <= 1.0 and 0.0 <= figures["best_chosen"] <= 1.0
