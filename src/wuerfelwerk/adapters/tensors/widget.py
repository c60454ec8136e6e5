"""Widget planes: the 52 ring fields clockwise from red's start field, then the connecting
field and the spaceship (54 places), seats counted from the viewer.

Widget has no hidden information (WID-1 to WID-10): every seat's tensor holds the whole
position; only the order of the seat planes differs (the viewer first).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ...games.widget import WidgetGame
from ...games.widget.board import COLOURS, FACE_NAMES, PLACE_NAMES
from . import Tensor, relative_seat

SEATS = WidgetGame.max_players
FIGURES = 3  # WID-1


def _planes() -> tuple[str, ...]:
    seats = range(SEATS)
    return (
        *(f"figures_{k}" for k in seats),
        "villain",
        *(f"colour_{FACE_NAMES[c]}" for c in COLOURS),
        *(f"own_colour_{k}" for k in seats),
        *(f"start_{k}" for k in seats),
        "moved",
        *(f"roll_{face}" for face in FACE_NAMES),
        *(f"die_left_{face}" for face in FACE_NAMES),
        *(f"to_act_{k}" for k in seats),
        *(f"finished_{k}" for k in seats),
        "progress",
    )


class WidgetTensor(Tensor):
    """Planes over the 54 places (``k`` counts seats from the viewer: 0 is the viewer):

    - ``figures_k``: how many figures of seat k stand on each place (start fields, the
      connecting field and the spaceship hold several, WID-3, WID-9);
    - ``villain``: 1 where the villain stands (WID-6);
    - ``colour_red`` .. ``colour_yellow``: the colour of each ring field;
    - ``own_colour_k``: 1 on the fields of seat k's colour, where the villain cannot throw
      its figures (WID-8);
    - ``start_k``: 1 on seat k's big start field (WID-1, WID-9);
    - ``moved``: 1 where a figure already moved this turn stands (WID-2);
    - ``roll_<face>``: how many of the two dice show that face (the whole row), this turn;
    - ``die_left_<face>``: how many dice of that face are still to be used (WID-2, WID-5);
    - ``to_act_k``: the whole row is 1 if seat k decides now;
    - ``finished_k``: the whole row is 1 once seat k has all figures in the spaceship;
    - ``progress``: rolls made / the roll limit (``round_limit`` rolls per player).
    """

    planes = _planes()
    axes = "places: ring fields 0-51 clockwise from red's start, connecting field, spaceship"

    def __init__(self, game: WidgetGame) -> None:
        super().__init__(game)
        board = game.board
        self.players = game.num_players
        self.shape = (len(self.planes), len(PLACE_NAMES))
        self.high = float(FIGURES * SEATS)
        self.place = {name: i for i, name in enumerate(PLACE_NAMES)}
        self.index = {name: i for i, name in enumerate(self.planes)}
        self.roll_bound = game.roll_bound
        static = np.zeros(self.shape, np.float32)
        for field, colour in enumerate(board.colour):
            if colour in COLOURS:
                static[self.index[f"colour_{FACE_NAMES[colour]}"], field] = 1.0
        self.static = static
        self.colour_rows = [static[self.index[f"colour_{FACE_NAMES[c]}"]] for c in COLOURS]
        self.seat_colours = game.seat_colours
        self.starts = [board.start[colour] for colour in game.seat_colours]

    def fill(self, observation: Mapping[str, Any], out: np.ndarray) -> None:
        index = self.index
        place = self.place
        out += self.static
        viewer = observation["viewer"]
        players = self.players
        for seat, figures in enumerate(observation["figures"]):
            k = relative_seat(seat, viewer, players)
            row = out[index[f"figures_{k}"]]
            for name in figures:
                row[place[name]] += 1.0
            out[index[f"own_colour_{k}"]] = self.colour_rows[self.seat_colours[seat]]
            out[index[f"start_{k}"], self.starts[seat]] = 1.0
        out[index["villain"], place[observation["villain"]]] = 1.0
        for name in observation["moved"]:
            out[index["moved"], place[name]] = 1.0
        for face in observation["roll"] or ():
            out[index[f"roll_{face}"]] += 1.0
        for face in observation["dice_left"]:
            out[index[f"die_left_{face}"]] += 1.0
        if observation["phase"] == "decide":
            out[index[f"to_act_{relative_seat(observation['player'], viewer, players)}"]] = 1.0
        for seat in observation["finished"]:
            out[index[f"finished_{relative_seat(seat, viewer, players)}"]] = 1.0
        out[index["progress"]] = min(observation["rolls"] / self.roll_bound, 1.0)


TENSOR = WidgetTensor
