"""PettingZoo's parallel API on Wurf & Weg: every seat acts at once."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test

from wuerfelwerk.adapters.parallel import parallel_env
from wuerfelwerk.core import IllegalActionError, Record


@pytest.mark.parametrize("players", [2, 3, 6])
def test_parallel_api(players: int) -> None:
    parallel_api_test(parallel_env("wurfweg", players=players), num_cycles=300)


def _play(environment, seed: int) -> tuple[list[dict[str, int]], dict[str, float]]:
    observations, _ = environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps, rewards = [], {}
    while environment.agents:
        actions = {
            agent: int(rng.choice(np.flatnonzero(observations[agent]["action_mask"])))
            for agent in environment.agents
        }
        steps.append(actions)
        observations, rewards, *_ = environment.step(actions)
    return steps, rewards


def test_the_seed_fixes_the_game_which_replays_and_ends_with_the_returns() -> None:
    environment = parallel_env("wurfweg", players=3)
    first = _play(environment, 8)
    assert _play(environment, 8) == first
    state = environment.state
    assert state.is_terminal()
    assert first[1] == {f"player_{seat}": r for seat, r in enumerate(state.returns())}
    assert Record.loads(environment.record.dumps()).final_state() == state


def test_wait_is_the_only_choice_of_a_seat_that_cannot_act() -> None:
    """Every mask offers wait exactly when it offers nothing else."""
    environment = parallel_env("wurfweg", players=2)
    observations, _ = environment.reset(seed=2)
    wait = environment.wait
    for _ in range(30):
        for observation in observations.values():
            mask = observation["action_mask"]
            assert mask[wait] == (not mask[:wait].any())
        actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()}
        observations, *_ = environment.step(actions)


def test_both_seats_roll_in_one_step_the_second_after_the_first_ones_dice() -> None:
    environment = parallel_env("wurfweg", players=2)
    observations, _ = environment.reset(seed=1)
    game = environment.game
    rolls = {
        agent: next(
            i
            for i in np.flatnonzero(observation["action_mask"])
            if i < environment.wait and "roll" in str(game.action_from_id(int(i)))
        )
        for agent, observation in observations.items()
    }
    environment.step({agent: int(action) for agent, action in rolls.items()})
    players = environment.state.observation(None)["players"]
    assert [seat["rolls"] for seat in players] == [1, 1]


def test_an_illegal_action_is_refused_with_its_rule_and_changes_nothing() -> None:
    environment = parallel_env("wurfweg", players=2)
    observations, _ = environment.reset(seed=0)
    before = environment.state.to_json()
    illegal = int(np.flatnonzero(observations["player_0"]["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="WUW-"):
        environment.step({"player_0": illegal, "player_1": environment.wait})
    assert environment.state.to_json() == before


def test_turn_based_games_have_the_aec_environment() -> None:
    with pytest.raises(ValueError, match="played in turns"):
        parallel_env("malefiz")


def test_an_illegal_action_raises_or_with_illegal_reward_ends_the_game() -> None:
    environment = parallel_env("wurfweg", players=3)
    observations, _ = environment.reset(seed=4)
    illegal = {
        agent: int(np.flatnonzero(observation["action_mask"] == 0)[0])
        for agent, observation in observations.items()
    }
    with pytest.raises(IllegalActionError):
        environment.step(illegal)
    environment = parallel_env("wurfweg", players=3, illegal_reward=-1.0)
    observations, _ = environment.reset(seed=4)
    before = environment.state.to_json()
    # One seat acts illegally, one legally, one waits: nothing is applied.
    legal = int(np.flatnonzero(observations["player_1"]["action_mask"])[0])
    actions = {"player_0": illegal["player_0"], "player_1": legal, "player_2": environment.wait}
    observations, rewards, terminations, truncations, infos = environment.step(actions)
    assert rewards == {"player_0": -1.0, "player_1": 0.0, "player_2": 0.0}
    assert all(terminations.values()) and not any(truncations.values())
    assert infos == {"player_0": {"illegal_action": True}, "player_1": {}, "player_2": {}}
    assert environment.agents == []
    assert environment.state.to_json() == before
    wait = environment.wait
    assert all(list(np.flatnonzero(o["action_mask"])) == [wait] for o in observations.values())


@pytest.mark.parametrize("players", [2, 4])
def test_parallel_seed_test(players: int) -> None:
    parallel_seed_test(lambda: parallel_env("wurfweg", players=players, illegal_reward=-1.0))
