"""What the value networks of Widget, Mojave and Dimenticato see of a position; in
Dimenticato only what the seat knows."""

from __future__ import annotations

import random

import numpy as np
import pytest

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.agents.td import features_for
from wuerfelwerk.agents.td.features.dimenticato import PER_FIGURE, DimenticatoFeatures
from wuerfelwerk.core import Game, State
from wuerfelwerk.core.agent import tell, watchers
from wuerfelwerk.games.dimenticato import DimenticatoState
from wuerfelwerk.games.mojave import MojaveState
from wuerfelwerk.games.widget import WidgetState

from ..mojave.conftest import position as mojave_position


def positions(game: Game, seed: int, count: int, greedy: float = 0.5) -> list[State]:
    """Positions of a seeded game, each action the greedy player's or a random one."""
    rng = random.Random(seed)
    agents = [make_agent("greedy", game, seed + s) for s in range(game.num_players)]
    watching = watchers(agents)
    state = game.new_initial_state()
    tell(watching, state)
    found = []
    while not state.is_terminal() and len(found) < count:
        found.append(state.clone())
        player = state.current_player
        if player < 0:
            action = state.sample_chance(rng)
        elif rng.random() < greedy:
            action = agents[player].choose(state, player)
        else:
            action = rng.choice(state.legal_actions(player))
        state.apply(action)
        tell(watching, state)
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_widget_features_list_the_seats_from_the_one_to_act(players: int) -> None:
    """WID-2, WID-9: per seat from the mover, per figure (furthest first) its ground,
    start, connecting field, spaceship, what the villain could take, moved this roll."""
    game = wuerfelwerk.load("widget", players=players)
    features = features_for(game)
    states = positions(game, 1, 120)
    rows = features.encode_all(states)
    assert rows.shape == (len(states), features.size)
    for state, row in zip(states, rows, strict=True):
        assert isinstance(state, WidgetState)
        per_seat = row[: players * 18].reshape(players, 3, 6)
        for k, seat in enumerate(features.order(state)):
            assert seat == (state.player + k) % players
            ships = sum(place == 53 for place in state.figures[seat])
            assert per_seat[k, :, 3].sum() == ships
            ground = per_seat[k, :, 0]
            assert list(ground) == sorted(ground, reverse=True) or ships
        moved = bin(state.moved).count("1")
        assert per_seat[0, :, 5].sum() == moved and per_seat[1:, :, 5].sum() == 0
        assert row[players * 18] == (state.phase == "roll")
        assert row[players * 18 + 1 : players * 18 + 7].sum() * 2 == len(state.left)


def thrown_next_move(state: MojaveState) -> set[int]:
    """The fields of the dice of the side not to move that some move of the side to
    move throws off the board (tried on a copy)."""
    other = 1 - state.player
    dice = set(state.fields_of(other))
    thrown: set[int] = set()
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        thrown |= dice - set(after.fields_of(other))
    return thrown


def test_mojave_features_see_every_die_the_mover_can_throw() -> None:
    """MOJ-5 to MOJ-7: every die of the side not to move that a move of the side to move
    throws (tried by the rules) counts as beaten or tied; the features leave dice on a
    path aside, so they may count more, never fewer."""
    game = wuerfelwerk.load("mojave")
    features = features_for(game)
    states = positions(game, 3, 200, greedy=0.7)
    rows = features.encode_all(states)
    threatened = 0
    for state, row in zip(states, rows, strict=True):
        assert isinstance(state, MojaveState)
        mover = state.player
        assert row[0] * 15 == pytest.approx(len(state.fields_of(mover)))
        assert row[13] * 15 == pytest.approx(len(state.fields_of(1 - mover)))
        thrown = len(thrown_next_move(state))
        assert round(row[22] * 4) + round(row[24] * 4) >= thrown
        threatened += thrown > 0
    assert threatened >= 10


def test_mojave_dice_far_apart_threaten_nothing() -> None:
    state = mojave_position(["a1=2", "b1=3"], ["o16=6"])
    row = features_for(state.game).encode(state)
    assert row[9] == row[11] == row[22] == row[24] == 0.0  # nothing beaten or tied
    assert row[8] == pytest.approx(2 / 15)  # red's two dice stand side by side
    assert row[0] == pytest.approx(2 / 15) and row[13] == pytest.approx(1 / 15)


def recalls_of(game: Game) -> list:
    return [game.new_recall() for _ in range(game.num_players)]


@pytest.mark.parametrize("players", [2, 4])
def test_dimenticato_features_of_what_a_seat_knows(players: int) -> None:
    """A seat with a perfect memory knows every value (each lay open before a figure
    covered it, DIM-4): what it knows encodes as the position itself. A seat that came
    in late (its memory began at this position) knows no covered value: the network
    reads each as not known, never the value under the figure."""
    game = wuerfelwerk.load("dimenticato", players=players)
    features = features_for(game)
    assert isinstance(features, DimenticatoFeatures)
    memories = recalls_of(game)
    rng = random.Random(5)
    agents = [make_agent("greedy", game, s) for s in range(players)]
    watching = watchers(agents)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 40:
        moment = state.moment()
        for seat, memory in enumerate(memories):
            memory.observe(state.observation(seat), moment)
        tell(watching, state)
        player = state.current_player
        if player >= 0 and state.turns > 2 * players:
            checked += 1
            for seat in range(players):
                observation = state.observation(seat)
                known = memories[seat].information(observation)
                assert features.encode_information(known, seat) == features.encode(state)
                late = game.new_recall()
                late.observe(observation, None)
                view = features.view_of_information(late.information(observation), seat)
                covered = {n for n, v in observation["values"].items() if v is None}
                for name in covered:
                    assert view.values[state.geometry.field(name)] == 0
                assert view.values == [
                    0 if name in covered else state.values[f]
                    for f, name in enumerate(state.geometry.names)
                ]
                row = features.encode_information(late.information(observation), seat)
                assert row != features.encode(state)
                per_figure = np.array(row[: players * 4 * PER_FIGURE]).reshape(-1, PER_FIGURE)
                # Figures on the track, but the one lifted to move (its value lies open):
                covering = (per_figure[:, 0] > 0) & (per_figure[:, 1] == 0)
                covering &= (per_figure[:, 14] == 0) | (state.phase != "destination")
                assert (per_figure[covering, 3:9] == 0).all()  # no value one-hot ...
                assert (per_figure[covering, 9] == 1).all()  # ... each not known
        action = state.sample_chance(rng) if player < 0 else agents[player].choose(state, player)
        state.apply(action)
    assert checked == 40


def test_dimenticato_information_of_another_seat_is_refused() -> None:
    game = wuerfelwerk.load("dimenticato", players=2)
    state = positions(game, 2, 30)[-1]
    assert isinstance(state, DimenticatoState)
    memory = game.new_recall()
    observation = state.observation(1)
    memory.observe(observation, None)
    with pytest.raises(ValueError, match="what seat 1 knows, not seat 0"):
        features_for(game).encode_information(memory.information(observation), 0)
