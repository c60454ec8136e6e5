"""PettingZoo's own checks (``api_test``, ``seed_test``) on every game and option set."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from wuerfelwerk.adapters.pettingzoo import env
from wuerfelwerk.boards import ansi
from wuerfelwerk.core import Record

from .cases import CASES, IDS

CYCLES = 60


@pytest.mark.parametrize(("name", "index", "options"), CASES, ids=IDS)
def test_api_and_seed(name: str, index: int, options: dict) -> None:
    with warnings.catch_warnings():
        # api_test warns that a dict observation is not an array, as for every
        # PettingZoo classic game with an action mask.
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(name, **options), num_cycles=CYCLES)
    seed_test(lambda: env(name, **options), num_cycles=CYCLES)


def _play(environment, rng: np.random.Generator) -> tuple[list[int], dict[str, float]]:
    """Random legal actions to the end; the actions taken and the final returns."""
    taken: list[int] = []
    returns: dict[str, float] = {}
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            returns[agent] = reward
            environment.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        taken.append(action)
        environment.step(action)
    return taken, returns


def test_seed_drives_all_chance_and_returns_end_the_game() -> None:
    """Same seed, same dice: two runs with the same actions agree; returns sum to zero."""
    runs = []
    for _ in range(2):
        environment = env("malefiz", players=3, round_limit=15)
        environment.reset(seed=7)
        runs.append(_play(environment, np.random.default_rng(1)))
    assert runs[0] == runs[1]
    assert sorted(runs[0][1]) == ["player_0", "player_1", "player_2"]
    assert sum(runs[0][1].values()) == pytest.approx(0.0)
    environment.reset(seed=8)
    assert _play(environment, np.random.default_rng(1))[0] != runs[0][0]


def test_an_illegal_action_is_refused_with_its_rule() -> None:
    environment = env("malefiz", players=2)
    environment.reset(seed=0)
    observation, *_ = environment.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[-1])
    with pytest.raises(ValueError, match="MAL-"):
        environment.step(illegal)


def test_real_time_game_runs_on_the_discrete_event_clocks() -> None:
    """Wurf & Weg: seats are asked as the simulated clocks say; the record replays."""
    runs = []
    for _ in range(2):
        environment = env("wurfweg", players=3)
        environment.reset(seed=11)
        asked = []
        rng = np.random.default_rng(2)
        for agent in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            asked.append(agent)
            environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        runs.append((asked, environment.record.actions))
        replayed = Record.loads(environment.record.dumps())
        assert replayed.final_state() == environment.state
        assert replayed.outcome == environment.state.outcome()
    assert runs[0] == runs[1]
    assert {"player_0", "player_1", "player_2"} <= set(runs[0][0])


def test_an_illegal_action_ends_the_game_with_the_penalty_when_asked() -> None:
    """PettingZoo classic's convention: the offender gets ``illegal_reward``, the others
    0, and every agent is done; the mask then offers nothing."""
    environment = env("malefiz", players=3, illegal_reward=-1.0)
    environment.reset(seed=0)
    observation, *_ = environment.last()
    offender = environment.agent_selection
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[-1])
    environment.step(illegal)
    assert environment.rewards == {"player_0": -1.0, "player_1": 0.0, "player_2": 0.0}
    assert all(environment.terminations.values())
    assert environment.infos[offender] == {"illegal_action": True}
    assert not environment.observe(offender)["action_mask"].any()
    for _ in environment.agent_iter():
        environment.step(None)
    assert environment.agents == []
    assert not environment.state.is_terminal()  # the game itself was not played out


def test_ansi_render_is_the_terminal_picture() -> None:
    """``render_mode="ansi"`` draws the board in colour, as ``wuerfelwerk play`` does."""
    environment = env("widget", players=2, render_mode="ansi")
    environment.reset(seed=3)
    picture = environment.render()
    assert picture == ansi(environment.state, None)
    assert "\x1b[" in picture
    assert any(line.startswith("\x1b[") for line in picture.splitlines())
    assert "{" not in picture  # a board, not the observation's JSON
