"""Malefiz planes: the board as a grid of ``rows x columns``, seats counted from the viewer.

Malefiz has no hidden information (MAL-1 to MAL-11), so every seat's tensor holds the
whole position; only the order of the seat planes differs (the viewer first).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ...games.malefiz import MalefizGame
from ...games.malefiz.board import FOREST, GOAL, MAX_DIE, REST, VILLAGE, VILLAGE_BARRICADE
from . import Tensor, relative_seat

SEATS = MalefizGame.max_players


def _planes() -> tuple[str, ...]:
    seats = range(SEATS)
    return (
        *(f"figures_{k}" for k in seats),
        *(f"house_{k}" for k in seats),
        *(f"entry_{k}" for k in seats),
        "barricades",
        "fields",
        "rest",
        "village",
        "forest",
        "goal",
        *(f"die_{value}" for value in range(1, MAX_DIE + 1)),
        "place_barricade",
        *(f"to_act_{k}" for k in seats),
        "progress",
    )


class MalefizTensor(Tensor):
    """Planes (``k`` counts seats from the viewer: 0 is the viewer):

    - ``figures_k``: how many figures of seat k stand on each field (the forest holds several);
    - ``house_k``: the share of seat k's figures waiting in its house (the whole plane);
    - ``entry_k``: 1 on the field in front of seat k's house (MAL-4), where its figures enter;
    - ``barricades``: 1 on each barricade (MAL-2, MAL-8);
    - ``fields``, ``rest``, ``village``, ``forest``, ``goal``: the board (MAL-9 to MAL-11);
    - ``die_1`` .. ``die_6``: the die to be moved (the whole plane), in the move phase;
    - ``place_barricade``: the whole plane is 1 while a taken barricade waits to be placed;
    - ``to_act_k``: the whole plane is 1 if seat k acts now;
    - ``progress``: turns played / the turn limit (``round_limit`` rounds end in a draw).

    Seats beyond the number of players stay empty.
    """

    planes = _planes()
    axes = "board rows (top row first), board columns"

    def __init__(self, game: MalefizGame) -> None:
        super().__init__(game)
        board = game.board
        self.players = game.num_players
        self.shape = (len(self.planes), board.height, board.width)
        self.high = float(board.figures_per_player * SEATS)
        self.figures_per_player = board.figures_per_player
        self.turn_limit = game.options.round_limit * game.num_players
        self.cell = [(board.height - y, x) for x, y in board.coords]
        self.where = {name: self.cell[field] for name, field in board.by_name.items()}
        self.index = {name: i for i, name in enumerate(self.planes)}
        static = np.zeros(self.shape, np.float32)
        kinds = {"rest": (REST,), "village": (VILLAGE, VILLAGE_BARRICADE), "forest": (FOREST,)}
        for field, (row, column) in enumerate(self.cell):
            kind = board.kinds[field]
            static[self.index["fields"], row, column] = 1.0
            static[self.index["goal"], row, column] = kind == GOAL
            for plane, letters in kinds.items():
                static[self.index[plane], row, column] = kind in letters
        self.static = static
        self.entries = [self.cell[board.houses[house].entry] for house in game.houses]

    def fill(self, observation: Mapping[str, Any], out: np.ndarray) -> None:
        index = self.index
        out += self.static
        viewer = observation["viewer"]
        players = self.players
        where = self.where
        for seat, figures in enumerate(observation["figures"]):
            k = relative_seat(seat, viewer, players)
            home = 0
            plane = out[index[f"figures_{k}"]]
            for name in figures:
                if name == "start":
                    home += 1
                else:
                    row, column = where[name]
                    plane[row, column] += 1.0
            out[index[f"house_{k}"]] = home / self.figures_per_player
            row, column = self.entries[seat]
            out[index[f"entry_{k}"], row, column] = 1.0
        barricades = out[index["barricades"]]
        for name in observation["barricades"]:
            barricades[where[name]] = 1.0
        phase = observation["phase"]
        if phase == "move":
            out[index[f"die_{observation['die']}"]] = 1.0
        if phase == "place":
            out[index["place_barricade"]] = 1.0
        if phase in ("move", "place"):
            out[index[f"to_act_{relative_seat(observation['player'], viewer, players)}"]] = 1.0
        out[index["progress"]] = min(observation["turns"] / self.turn_limit, 1.0)


TENSOR = MalefizTensor
