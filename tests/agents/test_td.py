"""The learned evaluation: the network's gradients, the checkpoint file, the features,
the TD targets and the agent ``td``."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.agents.td import (
    CheckpointError,
    Evaluator,
    evaluator_for,
    features_for,
    load_checkpoint,
)
from wuerfelwerk.agents.td import evaluator as evaluator_module
from wuerfelwerk.agents.td.checkpoint import FORMAT_VERSION, Calibration, Training, WhoPlays
from wuerfelwerk.agents.td.network import Adam, ValueNetwork, softmax
from wuerfelwerk.agents.td.training import Trainer, new_checkpoint
from wuerfelwerk.core import InvalidAgentSpecError

from .test_mcts_malefiz import position


def small_network(seed: int = 3) -> ValueNetwork:
    """A float64 network with every weight non-zero, for exact checks."""
    rng = np.random.default_rng(seed)
    return ValueNetwork(
        rng.standard_normal((5, 4)),
        rng.standard_normal(4),
        rng.standard_normal((4, 3)),
        rng.standard_normal(3),
    )


def test_gradients_match_finite_differences() -> None:
    network = small_network()
    rng = np.random.default_rng(4)
    x = rng.standard_normal((6, 5))
    target = rng.dirichlet(np.ones(3), size=6)
    loss, grads = network.gradients(x, target)
    step = 1e-6
    for name, param in network.parameters().items():
        for index in np.ndindex(param.shape):
            saved = param[index]
            param[index] = saved + step
            above, _ = network.gradients(x, target)
            param[index] = saved - step
            below, _ = network.gradients(x, target)
            param[index] = saved
            assert grads[name][index] == pytest.approx((above - below) / (2 * step), abs=1e-6)
    assert loss > 0


def test_chances_are_a_distribution_and_adam_lowers_the_loss() -> None:
    network = ValueNetwork.initial(5, 8, 3, seed=1)
    x = np.random.default_rng(2).standard_normal((10, 5)).astype(np.float32)
    chances = network.chances(x)
    assert np.allclose(chances, 1 / 3), "an untrained network is impartial"
    target = np.tile(np.array([1.0, 0.0, 0.0], np.float32), (10, 1))
    optimiser = Adam.fresh(network, 0.01)
    first, _ = network.gradients(x, target)
    for _ in range(50):
        _, grads = network.gradients(x, target)
        optimiser.step(network, grads)
    last, _ = network.gradients(x, target)
    assert last < first / 2 and network.w1.dtype == np.float32


def malefiz_checkpoint(tmp_path: Path, board: str = "quick") -> tuple[wuerfelwerk.Game, Path]:
    game = wuerfelwerk.load("malefiz", players=2, board=board)
    checkpoint = new_checkpoint(game, 8, Training(seed=5))
    path = tmp_path / "net.npz"
    checkpoint.save(path)
    return game, path


def test_a_checkpoint_round_trips_exactly(tmp_path: Path) -> None:
    game = wuerfelwerk.load("malefiz", players=2)
    trainer = Trainer(game, new_checkpoint(game, 8, Training(seed=5, lam=0.5)))
    trainer.learn(
        np.ones((4, trainer.evaluator.features.size), np.float32),
        np.tile(np.array([0.8, 0.2], np.float32), (4, 1)),
        random.Random(1),
    )
    path = tmp_path / "net.npz"
    trainer.checkpoint.save(path)
    again = load_checkpoint(path)
    assert again.header == trainer.checkpoint.header
    assert again.header.training.lam == 0.5 and again.header.features == "malefiz-1"
    for name, param in trainer.checkpoint.network.parameters().items():
        assert np.array_equal(param, again.network.parameters()[name])
        assert np.array_equal(
            trainer.checkpoint.optimiser.squares[name], again.optimiser.squares[name]
        )
    assert again.optimiser.steps == trainer.checkpoint.optimiser.steps == 1


def rewrite_header(path: Path, **changes: object) -> None:
    with np.load(path) as data:
        arrays = {name: data[name] for name in data.files}
    header = {**json.loads(arrays["header"].tobytes().decode()), **changes}
    arrays["header"] = np.frombuffer(json.dumps(header).encode(), np.uint8)
    with path.open("wb") as out:
        np.savez(out, **arrays)


def test_another_format_version_is_refused_by_name(tmp_path: Path) -> None:
    _, path = malefiz_checkpoint(tmp_path)
    rewrite_header(path, version=FORMAT_VERSION + 1)
    with pytest.raises(CheckpointError, match=f"format version {FORMAT_VERSION + 1}"):
        load_checkpoint(path)


def test_files_that_are_no_checkpoint_are_refused(tmp_path: Path) -> None:
    text = tmp_path / "notes.npz"
    text.write_text("hello")
    with pytest.raises(CheckpointError, match="is not a value network checkpoint"):
        load_checkpoint(text)
    with pytest.raises(CheckpointError, match="no checkpoint file"):
        load_checkpoint(tmp_path / "missing.npz")
    _, path = malefiz_checkpoint(tmp_path)
    rewrite_header(path, format="something-else")
    with pytest.raises(CheckpointError, match="is not a value network checkpoint"):
        load_checkpoint(path)


def test_a_network_for_another_board_or_features_is_refused(tmp_path: Path) -> None:
    _, path = malefiz_checkpoint(tmp_path, board="quick")
    classic = wuerfelwerk.load("malefiz", players=2, board="classic")
    with pytest.raises(CheckpointError, match="trained for malefiz \\(quick board, 2 players\\)"):
        make_agent(f"td:weights={path}", classic)
    rewrite_header(path, features="malefiz-0")
    with pytest.raises(CheckpointError, match="reads features 'malefiz-0'"):
        make_agent(f"td:weights={path}", wuerfelwerk.load("malefiz", players=2))


def test_td_is_offered_for_turn_based_games_and_names_a_missing_network(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with pytest.raises(InvalidAgentSpecError, match="unknown agent 'td'"):
        make_agent("td", wuerfelwerk.load("wurfweg"))
    malefiz = wuerfelwerk.load("malefiz", players=2)
    with pytest.raises(InvalidAgentSpecError, match="no parameter 'iters'"):
        make_agent("td:iters=2", malefiz)
    with pytest.raises(InvalidAgentSpecError, match="depth must lie in"):
        make_agent("td:depth=4", malefiz)
    monkeypatch.setattr(evaluator_module, "shipped_path", lambda *names: None)
    with pytest.raises(InvalidAgentSpecError, match="no trained network ships for widget"):
        make_agent("td", wuerfelwerk.load("widget", players=3))


@pytest.mark.parametrize(
    ("trained", "played", "message"),
    [
        (("widget", 2), ("dimenticato", 2), "trained for widget \\(2 players\\), not dimenticato"),
        (
            ("dimenticato", 3),
            ("dimenticato", 4),
            "dimenticato \\(3 players\\), not dimenticato \\(4",
        ),
        (("mojave", 2), ("widget", 2), "trained for mojave \\(2 players\\)"),
    ],
)
def test_a_checkpoint_of_another_game_or_player_count_is_refused(
    trained: tuple[str, int], played: tuple[str, int], message: str, tmp_path: Path
) -> None:
    name, players = trained
    game = wuerfelwerk.load(name, **({"players": players} if name != "mojave" else {}))
    path = tmp_path / "net.npz"
    new_checkpoint(game, 8, Training(seed=1)).save(path)
    other, count = played
    target = wuerfelwerk.load(other, **({"players": count} if other != "mojave" else {}))
    with pytest.raises(CheckpointError, match=message):
        evaluator_for(target, str(path))
    rewrite_header(path, version=1)
    with pytest.raises(CheckpointError, match="format version 1; this wuerfelwerk reads version"):
        evaluator_for(game, str(path))


def test_the_calibration_rides_in_the_checkpoint(tmp_path: Path) -> None:
    """The temperature divides the logits: above 1 the chances move towards even."""
    game = wuerfelwerk.load("widget", players=2)
    checkpoint = new_checkpoint(game, 8, Training(seed=2))
    checkpoint.network.w2[:] = np.random.default_rng(1).standard_normal((8, 2))
    path = tmp_path / "net.npz"
    checkpoint.save(path)
    state = game.new_initial_state()
    sharp = evaluator_for(game, str(path)).chances([state])[0]
    checkpoint.header = replace(checkpoint.header, calibration=Calibration(4.0, 10, 1, "greedy"))
    checkpoint.save(path)
    loaded = load_checkpoint(path)
    assert loaded.header.calibration == Calibration(4.0, 10, 1, "greedy")
    soft = evaluator_for(game, str(path)).chances([state])[0]
    assert abs(soft[0] - 0.5) < abs(sharp[0] - 0.5)
    logits = evaluator_for(game, str(path)).logits([state])
    assert np.allclose(softmax(logits / 4.0)[0], soft) and np.allclose(softmax(logits)[0], sharp)
    rewrite_header(path, calibration={"temperature": 0.0})
    with pytest.raises(CheckpointError, match="damaged header"):
        load_checkpoint(path)


def test_a_calibration_curve_rides_in_the_checkpoint_and_bends_the_chances(
    tmp_path: Path,
) -> None:
    """A curve that calls 40% what the network gives as 25% (and 60% its 75%): the chances
    of a position follow it, still summing to 1; a file of version 2, written before
    curves, reads as one without; a curve whose knots fall is refused."""
    game = wuerfelwerk.load("widget", players=2)
    checkpoint = new_checkpoint(game, 8, Training(seed=2))
    checkpoint.network.w2[:] = np.random.default_rng(1).standard_normal((8, 2))
    path = tmp_path / "net.npz"
    curve = ((0.0, 0.0), (0.25, 0.4), (0.75, 0.6), (1.0, 1.0))
    fitted = Calibration(1.0, 10, 1, "greedy", curve)
    checkpoint.header = replace(checkpoint.header, calibration=fitted)
    checkpoint.save(path)
    assert load_checkpoint(path).header.calibration == fitted
    evaluator = evaluator_for(game, str(path))
    states = [game.new_initial_state()]
    for _ in range(6):
        states.append(states[-1].clone())
        states[-1].random_playout(random.Random(len(states)), 1)
    plain = softmax(evaluator.logits(states))
    bent = evaluator.chances(states)
    assert np.allclose(bent.sum(axis=1), 1.0)
    expected = np.interp(plain, *zip(*curve, strict=True))
    assert np.allclose(bent, expected / expected.sum(axis=1, keepdims=True), atol=1e-6)
    # The curve keeps the order of the chances: the seat ahead stays ahead.
    assert (np.argmax(bent, axis=1) == np.argmax(plain, axis=1)).all()
    rewrite_header(path, version=2, calibration={"temperature": 2.0})
    assert load_checkpoint(path).header.calibration == Calibration(temperature=2.0)
    broken_curves = (
        ((0.0, 0.0), (0.5, 0.7), (0.4, 0.8)),
        ((0.0, 0.0), (0.5, 0.7), (0.6, 0.2)),
        ((0.0, 0.0), (0.5, 0.7), (0.6, 0.7)),  # flat: two chances would become one
    )
    for broken in broken_curves:
        rewrite_header(path, version=FORMAT_VERSION, calibration={"curve": broken})
        with pytest.raises(CheckpointError, match=r"damaged header \(a curve's knots must rise"):
            load_checkpoint(path)


def test_the_players_strengths_ride_in_the_checkpoint_beside_its_calibration(
    tmp_path: Path,
) -> None:
    """The strengths of who plays are kept apart from the temperature and curve of the
    position alone; a file of version 3, written before them, reads as one without;
    a strength's temperature of 0 is refused."""
    game = wuerfelwerk.load("widget", players=2)
    checkpoint = new_checkpoint(game, 8, Training(seed=2))
    path = tmp_path / "net.npz"
    strengths = (("bot:easy", -0.75), ("bot:expert", 0.75))
    fitted = Calibration(1.5, 10, 1, "greedy", who_plays=WhoPlays(0.5, strengths, 20, 3))
    checkpoint.header = replace(checkpoint.header, calibration=fitted)
    checkpoint.save(path)
    assert load_checkpoint(path).header.calibration == fitted
    assert evaluator_for(game, str(path)).calibration.who_plays.strengths == strengths
    rewrite_header(path, version=3, calibration={"temperature": 1.5})
    assert load_checkpoint(path).header.calibration == Calibration(temperature=1.5)
    rewrite_header(path, version=FORMAT_VERSION, calibration={"who_plays": {"temperature": 0}})
    with pytest.raises(CheckpointError, match="damaged header"):
        load_checkpoint(path)
    rewrite_header(path, calibration={"who_plays": {"strengths": [["bot:easy"]]}})
    with pytest.raises(CheckpointError, match="damaged header"):
        load_checkpoint(path)


def test_malefiz_features_see_the_barricade_ahead_and_the_seat_to_act() -> None:
    """MAL-8: a barricade one step ahead of red's figure on e5 (on d5, its way to the
    goal) shows in red's features; the seats are listed from the one to act."""
    others = ["d3", "j3", "j5", "g7", "g9"]
    free = position(["e5"], ["k3"], barricades=[*others, "e3"], die=2)
    ahead = position(["e5"], ["k3"], barricades=[*others, "d5"], die=2)
    features = features_for(free.game)
    assert features.order(free) == [0, 1]
    # Red's leading figure: how soon its way meets a barricade (1 at once, 0 not in a roll).
    assert features.encode(ahead)[2] == 1.0 and features.encode(free)[2] == 0.0
    assert len(features.encode(free)) == features.size
    blue = position(["e5"], ["k3"], barricades=[*others, "d5"], die=2, player=1)
    assert features.order(blue) == [1, 0]


@pytest.mark.parametrize("lam", [0.0, 1.0])
def test_lambda_returns_lead_from_the_next_position_to_the_result(lam: float) -> None:
    """TD(0): each position learns the chances of the next one, the last the result;
    TD(1): every position learns the result. Targets come in the network's order."""
    game = wuerfelwerk.load("malefiz", players=2)
    checkpoint = new_checkpoint(game, 8, Training(seed=5, lam=lam))
    checkpoint.network.w2[:] = np.random.default_rng(0).standard_normal((8, 2))
    trainer = Trainer(game, checkpoint)
    states = [game.new_initial_state()]
    for text in ("roll 1", "start-a1"):  # red's turn; then blue is to roll
        states.append(states[-1].clone())
        states[-1].apply(game.parse_action(text))
    result = [1.0, 0.0]
    _, targets = trainer.targets(states, result)
    chances = trainer.evaluator.chances(states)
    order = [trainer.evaluator.features.order(s) for s in states]
    assert order[2] == [1, 0]
    assert targets[2].tolist() == [result[s] for s in order[2]]
    for t in range(2):
        ahead = result if lam == 1.0 else chances[t + 1]
        assert targets[t] == pytest.approx([ahead[s] for s in order[t]], abs=1e-6)


def test_td_takes_the_goal_and_plays_legal_games(tmp_path: Path) -> None:
    game, path = malefiz_checkpoint(tmp_path)
    barricades = ["d3", "d5", "g7", "c6", "j3", "j5"]
    win = position(["e9", "c3"], ["i5"], die=3, barricades=barricades)
    agent = make_agent(f"td:weights={path}", win.game, 1)
    assert str(agent.choose(win, 0)) == "e9-g10"
    evaluator: Evaluator = agent.evaluator  # type: ignore[attr-defined]
    assert evaluator.chances([win])[0].sum() == pytest.approx(1.0)
    record = wuerfelwerk.play(game, [agent, make_agent("greedy", game, 2)], seed=3)
    assert record.outcome is not None


def test_two_plies_weigh_the_opponents_rolls_by_their_odds(tmp_path: Path) -> None:
    """MAL-11: blue on h9 reaches the goal with an exact 2 only. To an impartial network
    (every open position even) red's move from a1 is then worth 1/2 for the five rolls
    that do not win and 0 for the one that does: 5/12."""
    _, path = malefiz_checkpoint(tmp_path)
    state = position(["a1"], ["h9"], die=1, barricades=["d3", "d5", "g7", "c6", "j3", "j5"])
    agent = make_agent(f"td:depth=2,weights={path}", state.game, 1)
    move = state.game.parse_action("a1-b1")
    assert agent.expect(state, move, 0) == pytest.approx(5 / 12)  # type: ignore[attr-defined]
    assert agent.choose(state, 0) in state.legal_actions()


def test_noise_plays_that_share_of_decisions_at_random() -> None:
    """The shipped network for the quick board prefers one move; noise=1 plays any."""
    state = position(["a1", "c3"], ["i5"], die=4, barricades=["d3", "d5", "g7", "c6", "j3", "j5"])
    legal = state.legal_actions()
    steady = {str(make_agent("td", state.game, s).choose(state, 0)) for s in range(8)}
    noisy = [make_agent("td:noise=1", state.game, s) for s in range(8)]
    chosen = {str(agent.choose(state, 0)) for agent in noisy}
    assert len(steady) == 1 and len(chosen) > 1
    assert chosen <= {str(action) for action in legal}
    with pytest.raises(InvalidAgentSpecError, match="noise"):
        make_agent("td:noise=2", state.game, 1)
