"""Searching with the learned evaluation: whole turns planned, the dice weighed in
batches, alpha-beta judging its frontier at once, and a Dimenticato seat that plans in
what it remembers."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.agents.alphabeta import AlphaBetaAgent
from wuerfelwerk.agents.td import evaluator_for
from wuerfelwerk.agents.td.agent import TDAgent
from wuerfelwerk.agents.td.checkpoint import Training
from wuerfelwerk.agents.td.training import new_checkpoint
from wuerfelwerk.core import CHANCE, Action, Game, State
from wuerfelwerk.games.dimenticato import DimenticatoState

from .test_td_features import positions


def opinionated(game: Game, path: Path, seed: int = 4) -> str:
    """An untrained network with a random output layer: it prefers some positions."""
    checkpoint = new_checkpoint(game, 8, Training(seed=seed))
    rng = np.random.default_rng(seed)
    checkpoint.network.w2[:] = rng.standard_normal(checkpoint.network.w2.shape)
    checkpoint.save(path)
    return str(path)


@pytest.mark.parametrize(("name", "players"), [("widget", 2), ("widget", 3), ("dimenticato", 2)])
def test_a_plan_follows_the_turn_to_its_end(name: str, players: int, tmp_path: Path) -> None:
    """Widget decides one die at a time (WID-2), Dimenticato a figure, its value and
    where it goes (DIM-5): each action is judged where the mover's turn ends."""
    game = wuerfelwerk.load(name, players=players)
    evaluator = evaluator_for(game, opinionated(game, tmp_path / "net.npz"))
    checked = 0
    for state in positions(game, 7, 150):
        mover = state.current_player
        if mover < 0 or state.phase not in ("decide", "figure"):
            continue
        legal = state.legal_actions(mover)
        rows, ends = evaluator.plan(state, legal)
        assert rows.shape == (len(legal), players)
        for row, end in zip(rows, ends, strict=True):
            assert row.sum() == pytest.approx(1.0, abs=1e-5)
            if end is not None:
                assert end.current_player != mover or end.current_player == CHANCE
                assert np.allclose(row, evaluator.chances([end])[0])
        checked += 1
    assert checked > 10


def test_the_dice_are_weighed_the_same_in_a_batch_as_one_by_one(tmp_path: Path) -> None:
    game = wuerfelwerk.load("widget", players=3)
    weights = opinionated(game, tmp_path / "net.npz")
    agent = make_agent(f"td:depth=3,width=2,reply=2,weights={weights}", game, 1)
    assert isinstance(agent, TDAgent)
    ends = [s for s in positions(game, 9, 80) if s.current_player == CHANCE][-4:]
    together = agent.onward(ends, 0, 2)
    alone = np.vstack([agent.onward([s], 0, 2) for s in ends])
    assert np.allclose(together, alone)
    assert np.allclose(together.sum(axis=1), 1.0, atol=1e-5)


def test_alpha_beta_judges_its_frontier_at_once_to_the_same_value(tmp_path: Path) -> None:
    game = wuerfelwerk.load("mojave")
    evaluator = evaluator_for(game, opinionated(game, tmp_path / "net.npz"))
    state: State = positions(game, 2, 30, greedy=0.0)[-1]
    alone = AlphaBetaAgent(evaluator.values, None, 2, 1)
    batched = AlphaBetaAgent(evaluator.values, None, 2, 1, evaluator.values_many)
    for player in (0, 1):
        assert batched.value_at_depth(state, 2, player) == pytest.approx(
            alone.value_at_depth(state, 2, player), abs=1e-5
        )
    agent = make_agent(f"alphabeta:depth=2,eval=td,weights={tmp_path / 'net.npz'}", game, 1)
    assert agent.choose(state, state.current_player) in state.legal_actions()


def test_a_dimenticato_seat_plans_in_the_position_it_remembers(tmp_path: Path) -> None:
    """DIM-4, DIM-5: the agent is shown every position and moment as the game goes on;
    every value lay open before a figure covered it, so the position its memory
    describes is the real one, though its observations never hold a covered value."""
    game = wuerfelwerk.load("dimenticato", players=2, round_limit=30)
    weights = opinionated(game, tmp_path / "net.npz")
    agent = make_agent(f"td:weights={weights}", game, 1)
    assert isinstance(agent, TDAgent) and agent.memory is not None
    memory = agent.memory
    checked = []

    class Checked:
        def observe(self, state: State, player: int, moment: object) -> None:
            agent.observe(state, player, moment)  # type: ignore[arg-type]

        def choose(self, state: State, player: int) -> Action:
            assert isinstance(state, DimenticatoState)
            observation = state.observation(player)
            believed = memory.position(observation)
            assert isinstance(believed, DimenticatoState)
            assert believed.values == state.values
            if None in observation["values"].values():
                checked.append(state.turns)
            return agent.choose(state, player)

    wuerfelwerk.play(game, [Checked(), make_agent("greedy", game, 2)], seed=3)
    assert len(checked) > 20
