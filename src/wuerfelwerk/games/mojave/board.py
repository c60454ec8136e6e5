"""The Mojave board: 15 columns, ``rows`` rows, and every path laid out on it in advance.

Fields are named like chess squares (``fields``), so ``a1`` is red's left corner.
Every path of every shape from every field is precomputed.

Occupancy is kept per line, a line being a row or a column: one bit per field of that
line, so every mask fits a machine word (a mask of all 240 fields would not). A path
is one or two straight legs, and each leg lies on one line: MOJ-4 is one ``&`` per leg.
The paths from one field with one top value are grouped by their first leg
(``Board.legs``): a blocked first leg rules out every path that starts with it at once.

The tables read on every move are vectors of machine integers (``core.native``), and
the paths are made in the order they are listed, so that a die's paths lie together in
memory: listing the moves is mostly reading memory, and these keep it short.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from ...core.native import i64, vec
from .actions import Move
from .dice import DIRECTIONS, EAST, NORTH, OFFSETS, ORIENTATIONS, SOUTH, WEST, facing
from .fields import COLUMNS, field_name
from .paths import MAX_STEPS, SHAPES

RED: Final = 0
BLACK: Final = 1
EMPTY: Final = -1
#: Orientations per field in ``Board.slot_paths``.
SLOTS: Final = len(ORIENTATIONS)
#: Numbers per first leg in ``Board.legs``: the number of longer first legs the same
#: way, then the leg as ``Move.first`` holds it (``longer | first << 3``, so ``longer |
#: line << 3 | bits << 11``); then, for the straight path that ends with it, the path's
#: id and ``STRAIGHT``; or, for the paths that turn at its end a quarter clockwise and
#: counter-clockwise, ``turn line | clockwise id << CLOCKWISE | counter id << COUNTER``
#: (id 0 where a turn leaves the board) and the bits of the two second legs on the turn
#: line.
LEG: Final = 4
STRAIGHT: Final = -1
#: The count of longer first legs, and the shifts of the line and the bits, in a first
#: leg's first number (``LEG``).
LONGER: Final = 7
LINE_SHIFT: Final = 3
BITS_SHIFT: Final = 11
#: A leg as ``Move.first`` and ``Move.second`` hold it: ``line | bits << BITS``, the
#: line in the low byte (``LINE``).
LINE: Final = 0xFF
BITS: Final = 8
#: In the second number of a first leg that turns: the turn line (``LINE``), the
#: clockwise path's id from bit ``CLOCKWISE`` on (``PATH_ID`` wide) and the
#: counter-clockwise path's id from bit ``COUNTER`` on.
CLOCKWISE: Final = 8
PATH_ID: Final = 0xFFFFFF
COUNTER: Final = 32


class Board:
    def __init__(self, rows: int) -> None:
        self.rows = rows
        self.size = COLUMNS * rows
        self.names = [field_name(f) for f in range(self.size)]
        self.by_name = {name: field for field, name in enumerate(self.names)}
        #: ``steps[field][direction]``: the next field that way, or ``EMPTY`` at the edge.
        self.steps = [tuple(self._step(f, d) for d in DIRECTIONS) for f in range(self.size)]
        #: The neighbours on the board in the fixed order north, east, south, west.
        self.neighbours = [tuple(n for n in step if n != EMPTY) for step in self.steps]
        #: ``around[field * 4 + direction]``: ``steps`` as one vector, read on every move.
        self.around = vec[i64]([n for step in self.steps for n in step])
        #: Lines ``0`` to ``rows - 1`` are the rows, then come the 15 columns. A field's
        #: row line and its bit there, its column line and its bit there:
        self.row_line = vec[i64]([f // COLUMNS for f in range(self.size)])
        self.row_bit = vec[i64]([1 << f % COLUMNS for f in range(self.size)])
        self.column_line = vec[i64]([rows + f % COLUMNS for f in range(self.size)])
        self.column_bit = vec[i64]([1 << f // COLUMNS for f in range(self.size)])
        self.lines = rows + COLUMNS
        #: ``distance[a * size + b]``: the fields between ``a`` and ``b`` walking along
        #: rows and columns (at most 255). A die's paths reach no farther than its top
        #: value, so a field farther away changes none of them (``DiceOnBoard.paths_of``).
        self.distance = bytes(
            min(255, abs(a % COLUMNS - b % COLUMNS) + abs(a // COLUMNS - b // COLUMNS))
            for a in range(self.size)
            for b in range(self.size)
        )
        #: ``paths[origin][value]``: the paths a die showing ``value`` may take from there.
        self.paths: list[list[list[Move]]] = [
            [[] for _ in range(MAX_STEPS + 1)] for _ in range(self.size)
        ]
        self.by_text: dict[str, Move] = {}
        laid = [
            (origin, number)
            for origin in range(self.size)
            for number, shape in enumerate(SHAPES)
            if self._fits(origin, shape.legs)
        ]
        ids = {path: index for index, path in enumerate(laid, 1)}
        laid.sort(key=lambda path: (path[0], SHAPES[path[1]].length))
        #: ``moves[id - 1]``: every path, by its action id.
        self.moves = vec[Move]([Move(0, 0, 0, 0, 0, 0)] * len(laid))
        for origin, number in laid:
            self._lay(origin, number, ids[origin, number])
        #: ``legs[leg_start[origin * (MAX_STEPS + 1) + value] * LEG:]``: the first legs
        #: of a die there showing ``value``, per direction from short to long, up to the
        #: next entry of ``leg_start``.
        starts: list[int] = []
        legs: list[int] = []
        for row in self.paths:
            for paths in row:
                starts.append(len(legs) // LEG)
                legs += self._legs(paths)
        starts.append(len(legs) // LEG)
        self.leg_start = vec[i64](starts)
        self.legs = vec[i64](legs)
        #: ``slot_paths[origin * SLOTS + orientation]``: all paths of a die there.
        self.slot_paths = [self.paths[f][o.top] for f in range(self.size) for o in ORIENTATIONS]

    def _step(self, field: int, direction: int) -> int:
        dx, dy = OFFSETS[direction]
        x, y = field % COLUMNS + dx, field // COLUMNS + dy
        return y * COLUMNS + x if 0 <= x < COLUMNS and 0 <= y < self.rows else EMPTY

    def _fits(self, origin: int, legs: tuple[tuple[int, int], ...]) -> bool:
        """Whether a path of these legs from ``origin`` stays on the board (our gaps)."""
        field = origin
        for direction, steps in legs:
            for _ in range(steps):
                field = self.steps[field][direction]
                if field == EMPTY:
                    return False
        return True

    def _lay(self, origin: int, number: int, index: int) -> None:
        field, legs = origin, [0, 0]
        for leg, (direction, steps) in enumerate(SHAPES[number].legs):
            mask = 0
            line = self._line(field, direction)
            for _ in range(steps):
                field = self.steps[field][direction]
                mask |= self._bit(field, direction)
            legs[leg] = line | mask << BITS
        move = Move(origin, number, field, index, legs[0], legs[1])
        self.moves[index - 1] = move
        self.by_text[str(move)] = move
        self.paths[origin][SHAPES[number].length].append(move)

    def _line(self, field: int, direction: int) -> int:
        """The line a leg from ``field`` that way lies on."""
        return self.row_line[field] if direction in (EAST, WEST) else self.column_line[field]

    def _bit(self, field: int, direction: int) -> int:
        """The bit of ``field`` on the line of a leg going that way."""
        return self.row_bit[field] if direction in (EAST, WEST) else self.column_bit[field]

    @staticmethod
    def _legs(paths: list[Move]) -> list[int]:
        """``paths`` (of one field and length, in shape order) as first legs (``LEG``)."""
        legs: list[int] = []
        ways: list[int] = []
        for move in paths:
            shape = SHAPES[move.shape].legs
            head = move.first << LINE_SHIFT
            if not legs or legs[-LEG] != head:
                legs += [head, 0, 0, 0]
                ways.append(shape[0][0])
            if len(shape) == 1:
                legs[-3:-1] = [move.index, STRAIGHT]
            elif shape[1][0] == (shape[0][0] + 1) % 4:
                legs[-3] |= move.second & LINE | move.index << CLOCKWISE
                legs[-2] = move.second >> BITS
            else:
                legs[-3] |= move.second & LINE | move.index << COUNTER
                legs[-1] = move.second >> BITS
        # The first legs of one direction come from short to long: count the longer ones.
        for leg, way in enumerate(ways):
            legs[leg * LEG] |= ways[leg + 1 :].count(way)
        return legs

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
