"""The Mojave board: 15 columns, ``rows`` rows, and every path laid out on it in advance.

Fields are named like chess squares: column letter ``a``-``o`` and row number from
red's (the south) edge, so ``a1`` is red's left corner. Field numbers run along the
rows from ``a1``. Every path of every shape from every field is precomputed with the
bitmask of the fields it crosses or ends on (MOJ-4 then needs one ``&``).
"""

from __future__ import annotations

from functools import cache

from .actions import Move
from .dice import DIRECTIONS, NORTH, OFFSETS, SOUTH, facing
from .paths import MAX_STEPS, SHAPES

COLUMNS = 15
RED, BLACK = 0, 1
EMPTY = -1


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
