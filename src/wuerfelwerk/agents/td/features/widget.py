"""The features of a Widget position for the value network.

Per seat, from the seat to act onwards, per figure (furthest first): how far round the
ring it has come, whether it still stands on its start field, on the connecting field
or in the spaceship (WID-9, WID-10), how much ground the villain could take from it (it
stands off its own colour, WID-6 to WID-8) and whether it already moved this roll
(WID-2); then whether the dice are still to be rolled, the dice left to decide and
whether they are a pair (WID-4, another roll follows).

A turn is one decision per die with nothing drawn between them, so a choice is judged
by the best way to use the other die after it (``plans_turn``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ....core import Game, State
from ....games.widget import CONNECT, RING, SHIP, WidgetGame, WidgetState
from ....games.widget.board import FACES, FIGURES
from ....games.widget.state import ROLL
from ..network import FLOAT
from . import Features, register_features

VERSION = "widget-1"
#: Numbers per figure.
PER_FIGURE = 6


class WidgetFeatures(Features):
    version = VERSION
    plans_turn = True

    def __init__(self, game: WidgetGame) -> None:
        self.players = players = game.num_players
        board = game.board
        self.size = players * FIGURES * PER_FIGURE + 1 + FACES + 1
        #: Per seat and place: a key that sorts the furthest figure first, then the
        #: figure's numbers but the last (whether it moved).
        table = np.zeros((players, SHIP + 1, PER_FIGURE), dtype=FLOAT)
        for seat, colour in enumerate(game.seat_colours):
            start = board.start[colour]
            table[seat, SHIP] = (RING + 1, 0.0, 0.0, 0.0, 1.0, 0.0)
            table[seat, CONNECT] = (RING, 0.0, 0.0, 1.0, 0.0, 0.0)
            for place in range(RING):
                ground = (place - start) % RING / RING
                exposed = 0.0 if board.colour[place] == colour else ground
                table[seat, place] = (ground, ground, float(place == start), 0.0, 0.0, exposed)
        self.table = table
        self.seats = np.arange(players)

    def first(self, state: State) -> int:
        assert isinstance(state, WidgetState)
        return state.player

    def encode(self, state: State) -> list[float]:
        return [float(x) for x in self.encode_all([state])[0]]

    def encode_all(self, states: Sequence[State]) -> np.ndarray:
        count, players = len(states), self.players
        places = np.empty((count, players, FIGURES), dtype=np.intp)
        movers = np.empty(count, dtype=np.intp)
        moved = np.empty(count, dtype=np.intp)
        tail = np.zeros((count, 1 + FACES + 1), dtype=FLOAT)
        for index, state in enumerate(states):
            assert isinstance(state, WidgetState)
            places[index] = state.figures
            movers[index] = state.player
            moved[index] = state.moved
            tail[index, 0] = state.phase == ROLL
            for die in state.left:
                tail[index, 1 + die] += 0.5
            roll = state.roll
            tail[index, -1] = roll is not None and roll.is_pair and bool(state.left)
        seats = (movers[:, None] + self.seats[None, :]) % players  # count x players
        rows = np.arange(count)[:, None]
        figures = self.table[seats[:, :, None], places[rows, seats]]  # count x seats x 3 x 6
        flags = (moved[:, None] >> np.arange(FIGURES)[None, :]) & 1  # the mover's only
        done = np.zeros((count, players, FIGURES, 1), dtype=FLOAT)
        done[:, 0, :, 0] = flags
        # The mover's figures are in seat order 0 of ``figures``: moved flags by index.
        numbers = np.concatenate([figures, done], axis=3)
        ranked = np.argsort(-numbers[:, :, :, 0], axis=2, kind="stable")
        numbers = np.take_along_axis(numbers, ranked[:, :, :, None], axis=2)[:, :, :, 1:]
        return np.concatenate([numbers.reshape(count, -1), tail], axis=1)


@register_features("widget")
def widget_features(game: Game) -> WidgetFeatures:
    assert isinstance(game, WidgetGame)
    return WidgetFeatures(game)
