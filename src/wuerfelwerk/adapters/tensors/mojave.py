"""Mojave planes: the board as ``rows x 15`` columns, seen from the viewer's side.

Mojave has no hidden information (MOJ-1 to MOJ-8). The board is turned so that the
viewer always plays from the bottom edge (black's view is turned half round, which also
turns each die: north and east become south and west, 7 minus the value); ``own`` planes
are the viewer's dice, ``foe`` planes the other side's. A spectator sees red's view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ...games.mojave import MojaveGame
from ...games.mojave.fields import COLUMNS
from ...games.mojave.state import NO_CAPTURE_LIMIT
from . import Tensor

SIDES = ("own", "foe")
FACES = range(1, 7)


def _planes() -> tuple[str, ...]:
    return (
        *(
            f"{side}_{face}_{n}"
            for side in SIDES
            for face in ("top", "north", "east")
            for n in FACES
        ),
        "zugzwang",
        "zugzwang_attackers",
        "to_act",
        "progress",
        "quiet",
    )


class MojaveTensor(Tensor):
    """Planes over the board, the viewer's edge at the bottom (last row):

    - ``own_top_n`` / ``foe_top_n``: 1 where a die of that side shows ``n`` on top (the
      value it moves and fights with, MOJ-2, MOJ-5);
    - ``own_north_n``, ``own_east_n`` (and ``foe_``): the faces towards the far edge and
      towards the right, as the viewer sees them: with the top, the whole orientation;
    - ``zugzwang``: 1 on each die in Zugzwang (MOJ-7); ``zugzwang_attackers``: 1 on the
      dice that hold it there;
    - ``to_act``: the whole plane is 1 when the viewer moves;
    - ``progress``: moves made / ``time_limit_moves`` (0 without a time limit);
    - ``quiet``: moves without a die leaving the board / 200 (the draw rule).
    """

    planes = _planes()
    axes = "board rows (the far edge first), columns (as the viewer sees them)"

    def __init__(self, game: MojaveGame) -> None:
        super().__init__(game)
        rows = game.board.rows
        self.shape = (len(self.planes), rows, COLUMNS)
        self.index = {name: i for i, name in enumerate(self.planes)}
        self.limit = game.options.time_limit_moves
        # (row, column) of each field, for red's view and for black's (turned half round)
        by_name = game.board.by_name
        self.cell = [
            {name: (rows - 1 - f // COLUMNS, f % COLUMNS) for name, f in by_name.items()},
            {name: (f // COLUMNS, COLUMNS - 1 - f % COLUMNS) for name, f in by_name.items()},
        ]

    def fill(self, observation: Mapping[str, Any], out: np.ndarray) -> None:
        index = self.index
        me = observation["viewer"] or 0
        cell = self.cell[me]
        turned = me == 1
        for seat, dice in enumerate(observation["dice"]):
            side = SIDES[seat != me]
            for die in dice:
                row, column = cell[die["field"]]
                north, east = die["north"], die["east"]
                if turned:
                    north, east = 7 - north, 7 - east
                out[index[f"{side}_top_{die['top']}"], row, column] = 1.0
                out[index[f"{side}_north_{north}"], row, column] = 1.0
                out[index[f"{side}_east_{east}"], row, column] = 1.0
        for entry in observation["zugzwang"]:
            out[(index["zugzwang"], *cell[entry["die"]])] = 1.0
            for attacker in entry["attackers"]:
                out[(index["zugzwang_attackers"], *cell[attacker])] = 1.0
        if observation["current_player"] == me:
            out[index["to_act"]] = 1.0
        if self.limit:
            out[index["progress"]] = min(observation["moves"] / self.limit, 1.0)
        out[index["quiet"]] = min(observation["quiet_moves"] / NO_CAPTURE_LIMIT, 1.0)


TENSOR = MojaveTensor
