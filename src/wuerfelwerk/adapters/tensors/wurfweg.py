"""Wurf & Weg planes: one row of six per plane, one entry per lucky symbol, seats counted
from the viewer (up to six seats).

Everything on the table is in sight (WUW-1 to WUW-10); the draw pile enters only by its
size. Counts are divided by what they can reach at most, so every value lies in [0, 1].
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ...games.wurfweg import WurfWegGame
from ...games.wurfweg.coasters import CALM_ROLLS, DICE_PER_PLAYER, WINNING_COASTERS
from ...games.wurfweg.position import PHASES
from . import Tensor, relative_seat

SEATS = WurfWegGame.max_players
PER_SEAT = (
    "hand",
    "coaster_left",
    "coaster_right",
    "unrolled",
    "on_coaster",
    "won",
    "calm_rolls",
    "rolls",
    "active",
    "stopper",
)


def _planes() -> tuple[str, ...]:
    return (
        *(f"{plane}_{k}" for k in range(SEATS) for plane in PER_SEAT),
        "lucky",
        *(f"phase_{phase}" for phase in PHASES),
        "tray",
        "throwing",
        "pile",
        "round",
    )


class WurfWegTensor(Tensor):
    """Planes over the six symbols (``k`` counts seats from the viewer: 0 is the viewer):

    - ``hand_k``: how many rolled dice in seat k's hand show each symbol (WUW-4);
    - ``coaster_left_k``, ``coaster_right_k``: 1 on the symbol of seat k's coaster that
      sends a die to the left or the right neighbour (WUW-4, WUW-7);
    - the whole row, for seat k: ``unrolled_k`` dice in hand not rolled yet,
      ``on_coaster_k`` dice others put on its coaster (WUW-6), ``won_k`` coasters won
      (of 3, WUW-10), ``calm_rolls_k`` (of 3, WUW-8), ``rolls_k`` this round (of
      ``roll_limit``), ``active_k`` (may act now), ``stopper_k`` (called stop, WUW-8);
    - ``lucky``: 1 on this round's lucky symbol (WUW-3, WUW-5);
    - ``phase_<phase>``: the whole row is 1 in that phase (draw, lucky, race, calm, over);
    - ``tray``, ``throwing`` (dice in the air), ``pile`` (coasters left to draw) and
      ``round`` (of ``round_limit``): the whole row.
    """

    planes = _planes()
    axes = "the six lucky symbols, in the order of the coaster data"

    def __init__(self, game: WurfWegGame) -> None:
        super().__init__(game)
        self.players = game.num_players
        self.symbols = {name: i for i, name in enumerate(game.coasters.symbols)}
        self.shape = (len(self.planes), len(game.coasters.symbols))
        self.index = {name: i for i, name in enumerate(self.planes)}
        self.dice = float(DICE_PER_PLAYER * game.num_players)
        self.coasters = float(len(game.coasters.coasters))
        self.roll_limit = game.options.roll_limit
        self.round_limit = game.options.round_limit

    def fill(self, observation: Mapping[str, Any], out: np.ndarray) -> None:
        index = self.index
        symbols = self.symbols
        viewer = observation["viewer"]
        players = self.players
        dice = self.dice
        active = observation["active_players"]
        for seat, view in enumerate(observation["players"]):
            k = relative_seat(seat, viewer, players)
            hand = out[index[f"hand_{k}"]]
            for symbol in view["hand"]:
                hand[symbols[symbol]] += 1.0 / dice
            if view["coaster"] is not None:
                left, right = view["coaster"].split("-")
                out[index[f"coaster_left_{k}"], symbols[left]] = 1.0
                out[index[f"coaster_right_{k}"], symbols[right]] = 1.0
            out[index[f"unrolled_{k}"]] = view["unrolled"] / dice
            out[index[f"on_coaster_{k}"]] = view["on_coaster"] / dice
            out[index[f"won_{k}"]] = min(len(view["won"]) / WINNING_COASTERS, 1.0)
            out[index[f"calm_rolls_{k}"]] = view["calm_rolls"] / CALM_ROLLS
            out[index[f"rolls_{k}"]] = min(view["rolls"] / self.roll_limit, 1.0)
            out[index[f"active_{k}"]] = seat in active
            out[index[f"stopper_{k}"]] = seat == observation["stopper"]
        if observation["lucky"] is not None:
            out[index["lucky"], symbols[observation["lucky"]]] = 1.0
        out[index[f"phase_{observation['phase']}"]] = 1.0
        out[index["tray"]] = observation["tray"] / dice
        out[index["throwing"]] = observation["throwing"] / dice
        out[index["pile"]] = len(observation["pile"]) / self.coasters
        out[index["round"]] = min(observation["round"] / self.round_limit, 1.0)


TENSOR = WurfWegTensor
