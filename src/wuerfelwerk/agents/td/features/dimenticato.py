"""The features of a Dimenticato position for the value network, from what one seat knows.

Per seat, from the seat to act onwards, per figure (nearest home first): its steps home,
whether it still stands on its start fields (DIM-4) or is home (DIM-7, DIM-8), the value
under it as the seat knows it (or that the seat does not know it), whether that value
carries it home or leads nowhere (DIM-5 to DIM-7), whether it stands on its own colour
(safe, DIM-9), whether a figure of another seat could land on it with its value, and
whether it is the figure taken this turn; then the phase of the turn and the steps to go.

The network never reads a value the seat does not know. A position is encoded from a
``View``: the figures, the turn, the colours and the value of each field as the seat
knows it (0: not known). ``view_of_information`` builds it from a seat's information
state (its observation and what its ``Recall`` remembers); ``view_of_state`` from a
position whose every value the seat holds true: a determinization inside a search (the
seat's belief), or a game of seats with perfect memory (every value lay open before the
first figure covered it, so such a seat knows them all; the training plays those).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np

from ....core import Action, Game, State
from ....games.dimenticato import DimenticatoGame, DimenticatoState
from ....games.dimenticato.cards import COLOURS
from ....games.dimenticato.paths import MAX_VALUE, OPENING_DISTANCES
from ....games.dimenticato.phases import DESTINATION, FIGURE, FIGURES, GO, NAME
from ...heuristics.dimenticato import home_distances, lap
from ...heuristics.dimenticato_memory import Memory
from ..network import FLOAT
from . import Features, register_features

VERSION = "dimenticato-1"
PHASES = (FIGURE, NAME, GO, DESTINATION)
#: Numbers per figure: steps home, at the start, home, the value (one of six, or not
#: known), carries home, leads nowhere, safe, could be captured, taken this turn.
PER_FIGURE = 3 + MAX_VALUE + 1 + 5


class View(NamedTuple):
    """A position as one seat knows it; ``values[field]`` is 0 where it does not."""

    player: int
    phase: str
    chosen: int
    steps: int
    figures: list[list[int]]
    opening: list[int]
    values: list[int]
    colours: list[int]


def view_of_state(state: DimenticatoState) -> View:
    """The view of a seat that holds every value of ``state`` true (see the module)."""
    return View(
        state.player,
        state.phase,
        state.chosen,
        state.steps,
        state.figures,
        state.opening,
        state.values,
        state.colours,
    )


class DimenticatoFeatures(Features):
    version = VERSION
    plans_turn = True

    def __init__(self, game: DimenticatoGame) -> None:
        geo = game.geometry
        self.game = game
        self.geo = geo
        self.players = players = game.num_players
        self.names = game.names
        self.size = players * FIGURES * PER_FIGURE + len(PHASES) + 1
        ring, size = geo.ring_size, geo.size
        self.block_seat = np.array(geo.block_seat, dtype=np.intp)
        dist = np.array(home_distances(geo), dtype=FLOAT)  # seat x field
        self.dist = np.where(dist < 0, 0.0, dist) / lap(geo)
        reach = game.tables.reach
        # Per seat, track field and value: where the figure may land on the track, whether
        # the value carries it home, whether it leads nowhere.
        self.landing = np.zeros((players, ring, MAX_VALUE + 1, ring), dtype=bool)
        self.carries = np.zeros((players, ring, MAX_VALUE + 1), dtype=bool)
        self.nowhere = np.zeros((players, ring, MAX_VALUE + 1), dtype=bool)
        for seat in range(players):
            home = set(geo.blocks[seat])
            for field in range(ring):
                for value, ends in enumerate(reach[seat][field]):
                    self.landing[seat, field, value, [d for d in ends if d < ring]] = True
                    self.carries[seat, field, value] = bool(home.intersection(ends))
                    self.nowhere[seat, field, value] = not ends
        # Where a figure on its start field may land, at any of its distances (DIM-4).
        self.opening = np.zeros((size, ring), dtype=bool)
        for seat in range(players):
            for field, by_distance in game.tables.opening[seat].items():
                for k in OPENING_DISTANCES:
                    self.opening[field, list(by_distance[k])] = True
        self.phase_index = {phase: index for index, phase in enumerate(PHASES)}

    def first(self, state: State) -> int:
        assert isinstance(state, DimenticatoState)
        return state.player

    def first_information(self, information: Mapping[str, Any]) -> int:
        return int(information["player"])

    def encode(self, state: State) -> list[float]:
        return [float(x) for x in self.encode_all([state])[0]]

    def encode_all(self, states: Sequence[State]) -> np.ndarray:
        views = []
        for state in states:
            assert isinstance(state, DimenticatoState)
            views.append(view_of_state(state))
        return self.encode_views(views)

    def encode_information(self, information: Mapping[str, Any], seat: int) -> list[float]:
        return [
            float(x) for x in self.encode_views([self.view_of_information(information, seat)])[0]
        ]

    def view_of_information(self, information: Mapping[str, Any], seat: int) -> View:
        """The view of ``seat`` from its information state: its observation with
        ``remembered``, the values it recalls under the figures (``Recall``)."""
        viewer = information.get("viewer")
        if viewer is not None and viewer != seat:
            raise ValueError(f"this is what seat {viewer} knows, not seat {seat}")
        by_name = self.geo.by_name
        values = [0] * self.geo.size
        for name, value in information["values"].items():
            if value is not None:
                values[by_name[name]] = value
        for name, value in information.get("remembered", {}).items():
            values[by_name[name]] = value
        colours = [-1] * self.geo.size
        for name, colour in information["colours"].items():
            colours[by_name[name]] = COLOURS.index(colour)
        chosen = information.get("chosen")
        return View(
            int(information["player"]),
            str(information["phase"]),
            -1 if chosen is None else by_name[chosen],
            int(information.get("steps") or 0),
            [[by_name[name] for name in names] for names in information["figures"]],
            list(information["opening"]),
            values,
            colours,
        )

    def encode_views(self, views: Sequence[View]) -> np.ndarray:
        count, players = len(views), self.players
        fields_at: list[list[int]] = []
        values_at: list[list[int]] = []
        colours_at: list[list[int]] = []
        tail = np.zeros((count, len(PHASES) + 1), dtype=FLOAT)
        phase_index = self.phase_index
        for index, view in enumerate(views):
            at, colour = view.values, view.colours
            for figures in view.figures:
                fields_at.append(figures)
                values_at.append([at[f] for f in figures])
                colours_at.append([colour[f] for f in figures])
            phase = phase_index.get(view.phase)
            if phase is not None:
                tail[index, phase] = 1.0
            tail[index, -1] = view.steps / MAX_VALUE
        shape = (count, players, FIGURES)
        fields = np.array(fields_at, dtype=np.intp).reshape(shape)
        values = np.array(values_at, dtype=np.intp).reshape(shape)
        colours = np.array(colours_at, dtype=np.intp).reshape(shape)
        opening = np.array([v.opening for v in views], dtype=np.intp).reshape(count, players)
        movers = np.array([v.player for v in views], dtype=np.intp)
        chosen = np.array([v.chosen for v in views], dtype=np.intp)
        rows = np.arange(count)[:, None]
        seats = (movers[:, None] + np.arange(players)[None, :]) % players  # count x players
        fields, values, colours = fields[rows, seats], values[rows, seats], colours[rows, seats]
        opening = opening[rows, seats]
        seat = np.broadcast_to(seats[:, :, None], fields.shape)
        block = self.block_seat[fields]
        own = block == seat
        start = own & (opening > 0)[:, :, None]
        home = own & ~start
        track = block < 0
        known = track & (values > 0)
        ring_field = np.where(track, fields, 0)
        numbers = np.zeros((*fields.shape, PER_FIGURE), dtype=FLOAT)
        numbers[..., 0] = np.where(start, 1.0, np.where(track, self.dist[seat, fields], 0.0))
        numbers[..., 1] = start
        numbers[..., 2] = home
        numbers[..., 3 : 3 + MAX_VALUE] = known[..., None] & (
            values[..., None] == np.arange(1, MAX_VALUE + 1)
        )
        numbers[..., 9] = track & ~known
        numbers[..., 10] = known & self.carries[seat, ring_field, values]
        numbers[..., 11] = known & self.nowhere[seat, ring_field, values]
        safe = track & (colours == seat)
        numbers[..., 12] = safe
        # Where each seat's figures could land with their next move, and so which
        # figures of the others could be captured (DIM-9).
        lands = (self.landing[seat, ring_field, values] & known[..., None]) | (
            self.opening[fields] & start[..., None]
        )
        reach = lands.any(axis=2)  # count x players x ring
        rivals = (reach.sum(axis=1, keepdims=True) - reach) > 0
        threatened = np.take_along_axis(rivals, ring_field, axis=2)
        numbers[..., 13] = track & ~safe & threatened
        numbers[..., 14] = fields == chosen[:, None, None]
        # Nearest home first: the order of a seat's figures says nothing.
        ranked = np.lexsort((fields, numbers[..., 0]), axis=2)
        numbers = np.take_along_axis(numbers, ranked[..., None], axis=2)
        return np.concatenate([numbers.reshape(count, -1), tail], axis=1)

    def candidates(self, state: State, player: int) -> list[Action]:
        """A plan names the value under the figure (in a position the seat believes):
        a wrong name loses the turn (DIM-5)."""
        assert isinstance(state, DimenticatoState)
        if state.phase == NAME:
            return [self.names[state.values[state.chosen] - 1]]
        return state.legal_actions(player)

    def memory(self, rng: random.Random) -> BeliefMemory:
        return BeliefMemory(self.game, rng)


class BeliefMemory:
    """A seat's perfect memory (the greedy player's, ``heuristics/dimenticato_memory``):
    it plans in the position where every covered value is the one it remembers, or its
    best guess where it never saw it."""

    def __init__(self, game: DimenticatoGame, rng: random.Random) -> None:
        self.game = game
        self.memory = Memory(game, 0.0, rng)

    def observe(self, observation: Mapping[str, Any], moment: Mapping[str, Any] | None) -> None:
        self.memory.observe(observation, moment)

    def position(self, observation: Mapping[str, Any]) -> State:
        beliefs = self.memory.beliefs(observation)
        hidden = self.game.hidden_fields(observation)
        return self.game.determinize(observation, {name: beliefs[name][0] for name in hidden})


@register_features("dimenticato")
def dimenticato_features(game: Game) -> DimenticatoFeatures:
    assert isinstance(game, DimenticatoGame)
    return DimenticatoFeatures(game)
