"""Gymnasium's own check (``check_env``) on one seat of every game, the other seats
played by our agents; an illegal action ends the game with the penalty."""

from __future__ import annotations

import subprocess
import sys

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import wuerfelwerk
from wuerfelwerk.adapters.single_agent import SingleAgentEnv, env_ids, single_agent_env
from wuerfelwerk.boards import ansi

from .cases import FIRST, FIRST_IDS


@pytest.mark.parametrize(("name", "index", "options"), FIRST, ids=FIRST_IDS)
def test_check_env(name: str, index: int, options: dict) -> None:
    """Made through Gymnasium's registry, so that the check also makes the environment
    anew in every render mode it declares."""
    made = gymnasium.make(env_ids[name], render_mode="ansi", **options)
    check_env(made.unwrapped, skip_render_check=False)


def _play(environment, seed: int) -> tuple[list[int], float]:
    observation, _ = environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    taken, total, done = [], 0.0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        taken.append(action)
        observation, reward, done, truncated, _ = environment.step(action)
        assert not truncated
        total += reward
    return taken, total


def test_the_seed_fixes_the_episode_and_the_final_reward_is_the_seats_return() -> None:
    environment = single_agent_env("malefiz", seat=1, players=3, round_limit=20)
    first = _play(environment, 4)
    assert _play(environment, 4) == first
    assert first[1] == environment.env.state.returns()[1]
    assert _play(environment, 5)[0] != first[0]


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    environment = single_agent_env("dimenticato", players=2, illegal_reward=-2.0)
    observation, _ = environment.reset(seed=0)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, done, _, info = environment.step(illegal)
    assert (reward, done, info) == (-2.0, True, {"illegal_action": True})


def test_opponents_are_our_agents_in_the_other_seats() -> None:
    """Seat 2 of 3 learns; greedy plays seat 0 and random seat 1; render is the board."""
    environment = single_agent_env(
        "widget", seat=2, opponents=["greedy", "random"], players=3, render_mode="ansi"
    )
    environment.reset(seed=1)
    assert environment.env.agent_selection == "player_2"
    assert environment.render() == ansi(environment.env.state, None)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"seat": 2}, "seat must be 0 to 1"),
        ({"opponents": ["random", "random"]}, "one opponent for every seat or 1"),
        ({"opponents": ["nobody"]}, "unknown agent 'nobody'"),
    ],
)
def test_bad_arguments_are_refused(arguments: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        single_agent_env("malefiz", players=2, **arguments)


def test_every_game_is_registered_with_gymnasium() -> None:
    assert env_ids["malefiz"] == "wuerfelwerk/Malefiz-v0"
    assert sorted(env_ids) == wuerfelwerk.game_names()
    for name, env_id in env_ids.items():
        environment = gymnasium.make(env_id, players=2, opponents=["greedy"])
        assert environment.spec is not None and environment.spec.id == env_id
        inner = environment.unwrapped
        assert isinstance(inner, SingleAgentEnv)
        assert inner.game.name == name and inner.game.num_players == 2
        observation, _ = environment.reset(seed=3)
        legal = int(np.flatnonzero(observation["action_mask"])[0])
        environment.step(legal)
        environment.close()


def test_gymnasium_imports_the_registering_module_when_named() -> None:
    # A fresh interpreter: make() imports the module named before the id.
    code = (
        "import gymnasium\n"
        "environment = gymnasium.make('wuerfelwerk.adapters.single_agent:"
        "wuerfelwerk/WurfWeg-v0', players=3)\n"
        "print(environment.unwrapped.game.name, environment.unwrapped.game.num_players)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["wurfweg", "3"]
