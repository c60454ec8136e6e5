"""The observation tensors: one per game, equal in both adapters, built from the
observation alone."""

from __future__ import annotations

import random

import numpy as np
import pytest

import wuerfelwerk
from wuerfelwerk.adapters import openspiel
from wuerfelwerk.adapters.pettingzoo import env
from wuerfelwerk.adapters.tensors import tensor_for
from wuerfelwerk.adapters.tensors.hashed import HashedFeatures
from wuerfelwerk.core import CHANCE, SIMULTANEOUS

from .cases import FIRST, FIRST_IDS


@pytest.mark.parametrize(("name", "index", "options"), FIRST, ids=FIRST_IDS)
def test_same_tensor_in_both_adapters(name: str, index: int, options: dict) -> None:
    """Along one game: PettingZoo's observation equals OpenSpiel's tensor, for every seat."""
    environment = env(name, **options)
    environment.reset(seed=3)
    spiel_game = openspiel.load(name, **options)
    game = environment.game
    rng = np.random.default_rng(0)
    for step, _ in enumerate(environment.agent_iter(40)):
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            break
        spiel_state = spiel_game.new_initial_state()
        for text in environment.record.actions:
            spiel_state.apply_action(game.action_id(game.parse_action(text)))
        for seat, other in enumerate(environment.possible_agents):
            expected = environment.observe(other)["observation"].ravel()
            assert np.array_equal(spiel_state.observation_tensor(seat), expected), (step, seat)
        tensor = environment.tensor
        assert observation["observation"].shape == tensor.shape
        assert tensor.shape[0] == len(tensor.planes)
        environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


@pytest.mark.parametrize(("name", "index", "options"), FIRST, ids=FIRST_IDS)
def test_tensor_stays_in_bounds(name: str, index: int, options: dict) -> None:
    game = wuerfelwerk.load(name, **options)
    tensor = tensor_for(game)
    rng = random.Random(5)
    state = game.new_initial_state()
    for _ in range(300):
        if state.is_terminal():
            break
        for seat in [None, *range(game.num_players)]:
            array = tensor.encode(state.observation(seat))
            assert array.shape == tensor.shape
            assert array.min() >= 0.0 and array.max() <= tensor.high
        player = state.current_player
        if player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        if player == SIMULTANEOUS:
            player = rng.choice(state.active_players)
        state.apply(rng.choice(state.legal_actions(player)))


def test_malefiz_planes_put_the_viewer_first() -> None:
    game = wuerfelwerk.load("malefiz", players=3)
    state = game.state_from_json(
        {
            "phase": "move",
            "player": 2,
            "die": 4,
            "turns": 30,
            "figures": [
                ["start", "start", "start", "a1"],
                ["start", "start", "start", "start"],
                ["start", "start", "g4", "g4"],
            ],
            "barricades": ["d3", "d5", "g7", "g9", "j3", "j5"],
        }
    )
    tensor = tensor_for(game)
    planes = dict(zip(tensor.planes, tensor.encode(state.observation(2)), strict=True))
    # Seat 2 views: it is seat 0 of its own tensor, two figures in the forest (g4).
    assert planes["figures_0"][10 - 4, 6] == 2
    assert planes["house_0"][0, 0] == 0.5
    # Seat 0 comes next after seat 2 of three: relative seat 1, a figure on a1.
    assert planes["figures_1"][10 - 1, 0] == 1
    assert planes["house_1"][0, 0] == 0.75
    assert planes["house_2"][0, 0] == 1.0 and planes["house_3"].sum() == 0
    assert planes["to_act_0"].all() and not planes["to_act_1"].any()
    assert planes["die_4"].all() and not planes["die_3"].any()
    assert planes["barricades"].sum() == 6 and planes["barricades"][10 - 3, 3] == 1
    assert planes["forest"][10 - 4, 6] == 1 and planes["goal"][0, 6] == 1
    assert planes["progress"][0, 0] == pytest.approx(30 / (500 * 3))
    viewer_zero = dict(zip(tensor.planes, tensor.encode(state.observation(0)), strict=True))
    assert viewer_zero["figures_0"][10 - 1, 0] == 1 and viewer_zero["to_act_2"].all()


def test_hashed_features_serve_any_observation() -> None:
    game = wuerfelwerk.load("malefiz", players=2)
    state = game.new_initial_state()
    features = HashedFeatures(game)
    first = features.encode(state.observation(0))
    assert first.shape == features.shape and set(np.unique(first)) == {0.0, 1.0}
    state.apply(game.parse_action("roll 5"))
    assert not np.array_equal(features.encode(state.observation(0)), first)
