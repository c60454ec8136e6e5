"""The Mojave board: 15 columns, ``rows`` rows, and every path laid out on it in advance.

Fields are named like chess squares: column letter ``a``-``o`` and row number from
red's (the south) edge, so ``a1`` is red's left corner. Field numbers run along the
rows from ``a1``. Every path of every shape from every field is precomputed with the
bitmask of the fields it crosses or ends on (MOJ-4 then needs one ``&``).

The free paths of a die depend only on its field, its top value and which fields
around it are occupied; ``Board.last`` keeps the last answer per field and top value,
so a die whose surroundings did not change since is not looked at again.
"""

from __future__ import annotations

from functools import cache, reduce
from operator import or_

from .actions import Move
from .dice import DIRECTIONS, NORTH, OFFSETS, SOUTH, facing
from .paths import MAX_STEPS, SHAPES

COLUMNS = 15
RED, BLACK = 0, 1
EMPTY = -1
SLOTS = MAX_STEPS + 1  # top values 0 (unused) to 6 per field in the flat tables


class Board:
    def __init__(self, rows: int) -> None:
        self.rows = rows
        self.size = COLUMNS * rows
        self.names = [f"{chr(ord('a') + f % COLUMNS)}{f // COLUMNS + 1}" for f in range(self.size)]
        self.by_name = {name: field for field, name in enumerate(self.names)}
        #: ``steps[field][direction]``: the next field that way, or ``EMPTY`` at the edge.
        self.steps = [tuple(self._step(f, d) for d in DIRECTIONS) for f in range(self.size)]
        #: The neighbours on the board in the fixed order north, east, south, west.
        self.neighbours = [tuple(n for n in step if n != EMPTY) for step in self.steps]
        self.moves: list[Move] = []
        #: ``paths[origin][value]``: the paths a die showing ``value`` may take from there.
        self.paths: list[list[list[Move]]] = [
            [[] for _ in range(MAX_STEPS + 1)] for _ in range(self.size)
        ]
        self.by_text: dict[str, Move] = {}
        for origin in range(self.size):
            for number, shape in enumerate(SHAPES):
                self._lay(origin, number, shape.legs)
        # Flat tables by slot ``origin * SLOTS + value``, for ``MojaveState.paths_of``.
        #: The paths with their bitmasks.
        self.masked = [
            tuple((move.crossed, move) for move in paths) for row in self.paths for paths in row
        ]
        #: Every field any of the slot's paths crosses or ends on.
        self.reach = [reduce(or_, (m for m, _ in masked), 0) for masked in self.masked]
        #: The last free paths found, with the occupied fields of ``reach`` they were
        #: found for. Boards are shared: an entry is one tuple, replaced whole.
        self.last: list[tuple[int, list[Move]]] = [(-1, []) for _ in self.masked]

    def _step(self, field: int, direction: int) -> int:
        dx, dy = OFFSETS[direction]
        x, y = field % COLUMNS + dx, field // COLUMNS + dy
        return y * COLUMNS + x if 0 <= x < COLUMNS and 0 <= y < self.rows else EMPTY

    def _lay(self, origin: int, number: int, legs: tuple[tuple[int, int], ...]) -> None:
        field, mask, corners = origin, 0, []
        for direction, steps in legs:
            for _ in range(steps):
                field = self.steps[field][direction]
                if field == EMPTY:
                    return  # off the board (our gaps)
                mask |= 1 << field
            corners.append(field)
        text = "-".join(self.names[f] for f in (origin, *corners))
        length = SHAPES[number].length
        move = Move(origin, number, field, length, mask, len(self.moves) + 1, text)
        self.moves.append(move)
        self.by_text[text] = move
        self.paths[origin][length].append(move)

    def setup(self) -> list[tuple[int, int, int]]:
        """MOJ-1: ``(field, seat, orientation)`` of all 30 dice. Rows 3 and 4 from each
        player's edge; row 3 starts with the outer field free, row 4 with a die; every
        die shows 1, with 3 (row 3) or 2 (row 4) towards the centre."""
        dice = []
        for seat, third, fourth, centre in (
            (RED, 2, 3, NORTH),
            (BLACK, self.rows - 3, self.rows - 4, SOUTH),
        ):
            for row, first, face in ((third, 1, 3), (fourth, 0, 2)):
                for column in range(first, COLUMNS, 2):
                    dice.append((row * COLUMNS + column, seat, facing(1, face, centre)))
        return dice


@cache
def board_for(rows: int) -> Board:
    return Board(rows)
