"""Dimenticato planes: the dealt ring and the start blocks as a grid, seats counted from
the viewer.

A value under a figure is hidden from everybody (DIM-4): the tensor shows what the
observation shows, the uncovered values, and, where the adapter hands in the seat's
information state (``remembered``, see ``adapters.memories``), the value each covered
field showed when the seat last saw it. ``seen_*`` is perfect memory; an agent meant to
forget can leave those planes out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ...games.dimenticato import DimenticatoGame
from ...games.dimenticato.cards import COLOURS
from ...games.dimenticato.phases import PHASES
from . import Tensor, relative_seat

SEATS = DimenticatoGame.max_players
VALUES = range(1, 7)
OPENING_MOVES = 4  # DIM-4


def _planes() -> tuple[str, ...]:
    seats = range(SEATS)
    return (
        *(f"figures_{k}" for k in seats),
        "fields",
        *(f"block_{k}" for k in seats),
        *(f"colour_{k}" for k in seats),
        *(f"value_{v}" for v in VALUES),
        "covered",
        *(f"seen_{v}" for v in VALUES),
        "chosen",
        *(f"phase_{phase}" for phase in PHASES),
        "steps",
        *(f"opening_{k}" for k in seats),
        *(f"to_act_{k}" for k in seats),
        "progress",
    )


class DimenticatoTensor(Tensor):
    """Planes over the board picture (``k`` counts seats from the viewer: 0 is the viewer):

    - ``figures_k``: 1 where a figure of seat k stands (DIM-3);
    - ``fields``: 1 on every field; ``block_k``: seat k's start and goal fields (DIM-7);
    - ``colour_k``: the fields of seat k's colour, where its figures are safe (DIM-9);
    - ``value_1`` .. ``value_6``: the value of each uncovered, dealt field (DIM-2);
    - ``covered``: 1 where a figure hides the value (DIM-4);
    - ``seen_1`` .. ``seen_6``: on a covered field, the value the seat saw there last
      (the memory the game is about: ``remembered`` of the information state);
    - ``chosen``: the figure chosen this turn (DIM-5);
    - ``phase_<phase>``: the whole plane is 1 in that phase of the turn (deal, figure,
      name, go, destination, over); ``steps``: the value named right, / 6;
    - ``opening_k``: opening moves seat k has made, / 4 (DIM-4);
    - ``to_act_k``: the whole plane is 1 if seat k acts now;
    - ``progress``: turns / the turn limit (``round_limit`` rounds end in a draw).
    """

    planes = _planes()
    axes = "board rows (north first), board columns, start blocks included"

    def __init__(self, game: DimenticatoGame) -> None:
        super().__init__(game)
        geometry = game.geometry
        self.players = game.num_players
        self.shape = (len(self.planes), geometry.height, geometry.width)
        self.index = {name: i for i, name in enumerate(self.planes)}
        self.where = {
            name: (y - geometry.top, x - geometry.left)
            for name, (x, y) in zip(geometry.names, geometry.coords, strict=True)
        }
        self.blocks = [[self.where[geometry.names[f]] for f in block] for block in geometry.blocks]
        self.turn_limit = game.turn_limit
        fields = np.zeros(self.shape[1:], np.float32)
        for row, column in self.where.values():
            fields[row, column] = 1.0
        self.fields = fields

    def fill(self, observation: Mapping[str, Any], out: np.ndarray) -> None:
        index = self.index
        where = self.where
        viewer = observation["viewer"]
        players = self.players
        out[index["fields"]] = self.fields
        for seat, figures in enumerate(observation["figures"]):
            k = relative_seat(seat, viewer, players)
            for name in figures:
                out[(index[f"figures_{k}"], *where[name])] = 1.0
            for cell in self.blocks[seat]:
                out[(index[f"block_{k}"], *cell)] = 1.0
            if observation["phase"] != "over":
                out[index[f"opening_{k}"]] = observation["opening"][seat] / OPENING_MOVES
        colour_seat = {COLOURS[seat]: seat for seat in range(players)}
        for name, colour in observation["colours"].items():
            owner = colour_seat.get(colour)
            if owner is not None:
                out[(index[f"colour_{relative_seat(owner, viewer, players)}"], *where[name])] = 1.0
        covered = []
        for name, value in observation["values"].items():
            if value is None:
                covered.append(name)
                out[(index["covered"], *where[name])] = 1.0
            else:
                out[(index[f"value_{value}"], *where[name])] = 1.0
        remembered: Mapping[str, int] = observation.get("remembered", {})
        for name in covered:
            if name in remembered:
                out[(index[f"seen_{remembered[name]}"], *where[name])] = 1.0
        if observation["chosen"] is not None:
            out[(index["chosen"], *where[observation["chosen"]])] = 1.0
        phase = observation["phase"]
        out[index[f"phase_{phase}"]] = 1.0
        if observation["steps"]:
            out[index["steps"]] = observation["steps"] / 6
        if phase not in ("deal", "over"):
            out[index[f"to_act_{relative_seat(observation['player'], viewer, players)}"]] = 1.0
        out[index["progress"]] = min(observation["turns"] / self.turn_limit, 1.0)


TENSOR = DimenticatoTensor
