"""The shaped reward for Dimenticato, whose random play never ends before the round
limit: each step rewards progress, zero-sum, and an episode's rewards still add up to
the returns."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

import wuerfelwerk
from wuerfelwerk.adapters.pettingzoo import env
from wuerfelwerk.adapters.shaping import dimenticato_progress
from wuerfelwerk.adapters.single_agent import single_agent_env
from wuerfelwerk.core import Outcome, play
from wuerfelwerk.games.dimenticato import DimenticatoState


def test_random_two_player_games_end_at_the_round_limit() -> None:
    # What docs/rl.md tells RL users: without shaping, a random learner sees draws only.
    game = wuerfelwerk.load("dimenticato", players=2)
    agents = [wuerfelwerk.agents.make_agent("random", game, seed) for seed in (1, 2)]
    for seed in range(3):
        outcome = play(game, agents, seed).final_state().outcome()
        assert isinstance(outcome, Outcome)
        assert outcome.termination == "round limit" and outcome.returns() == [0.0, 0.0]


def episode(shaping: float, seed: int) -> tuple[list[dict[str, float]], DimenticatoState]:
    environment = env("dimenticato", players=3, round_limit=12, shaping=shaping)
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = []
    for _ in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps.append(dict(environment.rewards))
    state = environment.state
    assert isinstance(state, DimenticatoState)
    return steps, state


@pytest.mark.parametrize("seed", [0, 1])
def test_shaping_rewards_progress_at_every_step_and_adds_up_to_the_returns(seed: int) -> None:
    plain, state = episode(0.0, seed)
    shaped, again = episode(1.0, seed)
    assert again == state  # the same game: shaping changes rewards only
    assert all(r == 0.0 for step in plain[:-1] for r in step.values())
    assert any(r != 0.0 for step in shaped[:-1] for r in step.values())
    for step in shaped:
        assert math.isclose(sum(step.values()), 0.0, abs_tol=1e-12)  # zero-sum
    returns = state.returns()
    for seat, agent in enumerate(sorted(shaped[0])):
        assert math.isclose(sum(step[agent] for step in shaped), returns[seat], abs_tol=1e-9)


def test_progress_grows_as_figures_leave_the_start_and_come_home() -> None:
    game = wuerfelwerk.load("dimenticato", players=2)
    state = game.new_initial_state()
    assert isinstance(state, DimenticatoState)
    rng = random.Random(5)
    while state.opening[0] == 4:  # until seat 0 brings out its first figure
        state.apply(
            rng.choice(state.legal_actions())
            if state.current_player >= 0
            else state.sample_chance(rng)
        )
    assert 0.0 < dimenticato_progress(state, 0) < 0.25
    assert dimenticato_progress(state, 1) < 0.25
    home = state.to_json()
    # All four figures of seat 0 in their block with none left to bring out: home.
    block = [state.geometry.names[f] for f in state.geometry.blocks[0]]
    home["figures"][0], home["opening"][0] = block, 0
    home["figures"][1] = [state.geometry.names[f] for f in state.geometry.blocks[1]]
    home["opening"][1] = 4
    finished = game.state_from_json(home)
    assert isinstance(finished, DimenticatoState)
    assert dimenticato_progress(finished, 0) == 1.0 and dimenticato_progress(finished, 1) == 0.0


def test_the_single_seat_env_takes_shaping_and_other_games_refuse_it() -> None:
    environment = single_agent_env("dimenticato", players=2, round_limit=6, shaping=0.5)
    observation, _ = environment.reset(seed=2)
    rng = np.random.default_rng(2)
    rewards, done = [], False
    while not done:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, done, _, _ = environment.step(action)
        rewards.append(reward)
    assert any(r != 0.0 for r in rewards[:-1])
    assert math.isclose(sum(rewards), environment.env.state.returns()[0], abs_tol=1e-9)
    with pytest.raises(ValueError, match="no shaped reward for malefiz"):
        env("malefiz", shaping=1.0)


def test_an_illegal_action_ends_the_game_and_takes_the_potentials_back() -> None:
    environment = env("dimenticato", players=2, shaping=1.0, illegal_reward=-1.0)
    environment.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for step in range(200):
        observation = environment.observe(environment.agent_selection)
        legal = np.flatnonzero(observation["action_mask"])
        if step < 199:
            environment.step(int(rng.choice(legal)))
        else:
            offender = environment.agent_selection
            environment.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
        for agent, reward in environment.rewards.items():
            totals[agent] += reward
    assert any(r != 0.0 for r in environment.shaping.potentials(environment.state))
    assert totals[offender] == pytest.approx(-1.0)
    assert sum(totals.values()) == pytest.approx(-1.0)
    assert all(environment.terminations.values())
