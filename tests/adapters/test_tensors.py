"""The observation tensors: one per game, equal in both adapters, built from the
observation alone."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

import wuerfelwerk
from wuerfelwerk.adapters import openspiel
from wuerfelwerk.adapters.memories import Memories
from wuerfelwerk.adapters.pettingzoo import env
from wuerfelwerk.adapters.tensors import tensor_for
from wuerfelwerk.adapters.tensors.hashed import HashedFeatures
from wuerfelwerk.core import CHANCE, SIMULTANEOUS
from wuerfelwerk.games.widget.board import FACE_NAMES

from .cases import FIRST, FIRST_IDS


@pytest.mark.parametrize(("name", "index", "options"), FIRST, ids=FIRST_IDS)
def test_same_tensor_in_both_adapters(name: str, index: int, options: dict) -> None:
    """Along one game: PettingZoo's observation equals OpenSpiel's information-state
    tensor, for every seat (what the seat sees and remembers)."""
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
            remembered = spiel_state.information_state_tensor(seat)
            assert np.array_equal(remembered, expected), (step, seat)
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


def test_widget_planes_put_the_viewer_first() -> None:
    game = wuerfelwerk.load("widget", players=2)
    state = game.new_initial_state()
    state.apply(game.parse_action(str(state.chance_outcomes()[0][0])))
    tensor = tensor_for(game)
    observation = state.observation(1)
    planes = dict(zip(tensor.planes, tensor.encode(observation), strict=True))
    colours = observation["seat_colours"]
    start_of = {"red": 0, "blue": 13, "green": 26, "yellow": 39}
    # Seat 1 views: its three figures wait on its own start field (WID-1).
    assert planes["figures_0"][start_of[colours[1]]] == 3
    assert planes["figures_1"][start_of[colours[0]]] == 3
    assert planes["start_0"][start_of[colours[1]]] == 1
    assert planes["villain"][-1] == 1  # the spaceship (WID-1)
    assert planes["own_colour_0"].sum() == 13  # 12 fields and the start field
    assert planes["to_act_1"].all() and not planes["to_act_0"].any()
    assert sum(planes[f"roll_{face}"][0] for face in FACE_NAMES) == 2


def test_mojave_turns_the_board_for_black() -> None:
    game = wuerfelwerk.load("mojave")
    state = game.new_initial_state()
    tensor = tensor_for(game)
    die = state.observation(0)["dice"][0][0]  # a red die
    rows, columns = tensor.shape[1:]
    column, row = ord(die["field"][0]) - ord("a"), int(die["field"][1:]) - 1
    red = dict(zip(tensor.planes, tensor.encode(state.observation(0)), strict=True))
    black = dict(zip(tensor.planes, tensor.encode(state.observation(1)), strict=True))
    assert red[f"own_top_{die['top']}"][rows - 1 - row, column] == 1
    assert red[f"own_north_{die['north']}"][rows - 1 - row, column] == 1
    assert black[f"foe_top_{die['top']}"][row, columns - 1 - column] == 1
    assert black[f"foe_north_{7 - die['north']}"][row, columns - 1 - column] == 1
    assert black[f"foe_east_{7 - die['east']}"][row, columns - 1 - column] == 1
    assert red["to_act"].all() and not black["to_act"].any()
    # The same position seen from either side has the same numbers of dice per side.
    assert sum(red[f"own_top_{n}"].sum() for n in range(1, 7)) == 15
    assert sum(black[f"foe_top_{n}"].sum() for n in range(1, 7)) == 15


def test_dimenticato_shows_covered_values_only_as_remembered() -> None:
    """DIM-4: a covered value is in no value plane; what the seat saw there last is in
    ``seen`` of its information state, and in nothing its observation alone gives."""
    game = wuerfelwerk.load("dimenticato", players=2)
    state = game.new_initial_state()
    memories = Memories(game)
    memories.see(state)
    rng = random.Random(4)
    for _ in range(30):
        player = state.current_player
        state.apply(
            state.sample_chance(rng) if player == CHANCE else rng.choice(state.legal_actions())
        )
        memories.see(state)
    tensor = tensor_for(game)
    observation = state.observation(0)
    planes = dict(zip(tensor.planes, tensor.encode(memories.information(state, 0)), strict=True))
    bare = dict(zip(tensor.planes, tensor.encode(observation), strict=True))
    covered = [name for name, value in observation["values"].items() if value is None]
    assert covered
    for name in covered:
        cell = tensor.where[name]
        assert planes["covered"][cell] == 1
        assert not any(planes[f"value_{v}"][cell] for v in range(1, 7))
        true = state.values[state.geometry.field(name)]
        assert planes[f"seen_{true}"][cell] == 1
        assert not any(bare[f"seen_{v}"][cell] for v in range(1, 7))
    assert sum(planes[f"figures_{k}"].sum() for k in range(2)) == 8


def test_docs_describe_every_tensor() -> None:
    """docs/rl.md has a section per game giving its number of planes and every plane."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text()
    for name, _, options in FIRST:
        game = wuerfelwerk.load(name, **options)
        tensor = tensor_for(game)
        count = len(tensor.planes)
        assert f"{count} planes, shape ({count}," in text, name
        for plane in tensor.planes:
            stem = plane.rstrip("0123456789").rstrip("_")
            assert stem in text, (name, plane)
