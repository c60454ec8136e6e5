"""``DiceOnBoard``: where the dice of a Mojave position stand and how they lie, kept
for speed, with the free paths of each die (MOJ-4). ``MojaveState`` (``state.py``) holds
the rules that move them, as python-chess's ``Board`` holds its rules on the piece
placement of its ``BaseBoard``.

Per field the seat whose die stands there and the die's orientation; per seat the
fields of its dice in order; per row and column the occupied fields as bits
(``board.Board``); and per field the free paths of the die there, kept until a die
arrives or leaves within its reach.
"""

from __future__ import annotations

from typing import Final

from ...core import State
from ...core.native import i64, vec
from .actions import Move
from .board import (
    BITS,
    BITS_SHIFT,
    BLACK,
    CLOCKWISE,
    COUNTER,
    EMPTY,
    LEG,
    LINE,
    LINE_SHIFT,
    LONGER,
    PATH_ID,
    RED,
    STRAIGHT,
    Board,
)
from .dice import TOPS
from .paths import MAX_STEPS, SHAPES

#: ``DiceOnBoard.where``: per seat, the number of its dice, then their fields in order:
#: ``position.DICE_PER_PLAYER + 1`` numbers, written out so that compiled code reads a
#: constant.
SPAN: Final = 16
#: Changed fields noted per seat (``DiceOnBoard.changed``); from this many on, all of
#: its dice are walked again.
CHANGES: Final = 16
#: ``DiceOnBoard.changed``: per seat, the number of fields noted, then the fields.
NOTES: Final = CHANGES + 1
#: The count of a seat whose notes overflowed: all its paths are walked again.
STALE: Final = CHANGES + 1


class DiceOnBoard(State):
    """``owner[field]`` is the seat whose die stands there (or ``EMPTY``), ``face[field]``
    its orientation number, ``where`` the fields of each seat's dice in order (``SPAN``),
    ``lines[line]`` the occupied fields of each row and column (``board.Board``).
    ``known[field]`` keeps the free paths of the die there, and ``changed`` holds per
    seat the fields a die arrived on or left since that seat's paths were last listed
    (``NOTES``, ``paths_of``)."""

    def __init__(self, board: Board, source: DiceOnBoard | None = None) -> None:
        """An empty board, or a copy of ``source``'s dice."""
        super().__init__(source)
        self.board = board
        if source is None:
            self.owner = vec[i64]([EMPTY] * board.size)
            self.face = vec[i64]([0] * board.size)
            self.lines = vec[i64]([0] * board.lines)
            self.where = vec[i64]([0] * (2 * SPAN))
            self.known = vec[list[Move] | None]([None] * board.size)
            self.changed = vec[i64]([0] * (2 * NOTES))
        else:
            self.owner = source.owner[:]
            self.face = source.face[:]
            self.lines = source.lines[:]
            self.where = source.where[:]
            self.known = source.known[:]
            self.changed = source.changed[:]

    def place(self, field: i64, seat: i64, orientation: i64) -> None:
        """Put a die of ``seat`` on the empty ``field``, lying as ``orientation`` says."""
        self.owner[field] = seat
        self.face[field] = orientation
        self._flip(field)
        where = self.where
        base = seat * SPAN
        at = base + where[base]
        while at > base and where[at] > field:
            where[at + 1] = where[at]
            at -= 1
        where[at + 1] = field
        where[base] += 1

    def _remove(self, field: int) -> None:
        self._forget(self.owner[field], field)
        self.owner[field] = EMPTY
        self._flip(field)

    def _forget(self, seat: i64, field: i64) -> None:
        """Take ``field`` out of ``seat``'s fields (``where``)."""
        where = self.where
        base = seat * SPAN
        end = base + where[base]
        at = base + 1
        while where[at] != field:
            at += 1
        while at < end:
            where[at] = where[at + 1]
            at += 1
        where[base] -= 1

    def _shift(self, seat: i64, origin: i64, dest: i64) -> None:
        """Replace ``origin`` by ``dest`` in ``seat``'s fields, keeping their order."""
        where = self.where
        first = seat * SPAN + 1
        last = first + where[first - 1] - 1
        at = first
        while where[at] != origin:
            at += 1
        while at < last and where[at + 1] < dest:
            where[at] = where[at + 1]
            at += 1
        while at > first and where[at - 1] > dest:
            where[at] = where[at - 1]
            at -= 1
        where[at] = dest

    def _flip(self, field: i64) -> None:
        """A die arrives on or leaves ``field``: its bit in its row and its column, and
        the field noted for the paths of both seats (``paths_of``)."""
        board, lines = self.board, self.lines
        lines[board.row_line[field]] ^= board.row_bit[field]
        lines[board.column_line[field]] ^= board.column_bit[field]
        self.known[field] = None
        changed = self.changed
        for notes in range(0, 2 * NOTES, NOTES):
            count = changed[notes]
            if count < CHANGES:
                changed[notes + 1 + count] = field
                changed[notes] = count + 1
            else:
                changed[notes] = STALE

    @property
    def dice(self) -> list[int]:
        """The number of dice each seat has on the board."""
        return [self.where[RED * SPAN], self.where[BLACK * SPAN]]

    def fields_of(self, seat: int) -> list[int]:
        """The fields of ``seat``'s dice, in order."""
        base = seat * SPAN
        return list(self.where[base + 1 : base + 1 + self.where[base]])

    def top(self, field: int) -> int:
        return TOPS[self.face[field]]

    def paths_of(self, seat: int) -> list[Move]:
        """Every move of ``seat`` by MOJ-2 to MOJ-4, Zugzwang left aside, die by die in
        the order of their fields.

        Each die's paths are kept (``known``) and walked again only where a die arrived
        or left within its reach since ``seat`` was last asked (``changed``): a path of
        a die showing ``n`` lies within ``n`` fields of it."""
        known, face, where = self.known, self.face, self.where
        distance = self.board.distance
        size = self.board.size
        changed = self.changed
        notes: i64 = seat * NOTES
        count = changed[notes]
        stale = count == STALE
        moves: list[Move] = []
        first: i64 = seat * SPAN + 1
        for at in range(first, first + where[first - 1]):
            field = where[at]
            paths = None if stale else known[field]
            if paths is not None:
                reach = TOPS[face[field]]
                row = field * size
                for note in range(notes + 1, notes + 1 + count):
                    if distance[row + changed[note]] <= reach:
                        paths = None
                        break
            if paths is None:
                paths = self._paths_from(field)
                known[field] = paths
            moves += paths
        changed[notes] = 0
        return moves

    def _paths_from(self, field: i64) -> list[Move]:
        """The free paths (MOJ-4) of the die on ``field``, found by first legs
        (``board.LEG``)."""
        board = self.board
        legs, every, lines = board.legs, board.moves, self.lines
        moves: list[Move] = []
        slot = field * (MAX_STEPS + 1) + TOPS[self.face[field]]
        line: i64 = -1
        bits: i64 = 0
        at: i64 = board.leg_start[slot] * LEG
        end: i64 = board.leg_start[slot + 1] * LEG
        while at < end:
            head = legs[at]
            if head >> LINE_SHIFT & LINE != line:  # the next direction
                line = head >> LINE_SHIFT & LINE
                bits = lines[line]
            if bits & head >> BITS_SHIFT:
                # MOJ-4: crosses a die, as every longer leg this way does.
                at += ((head & LONGER) + 1) * LEG
                continue
            paths = legs[at + 1]
            clockwise = legs[at + 2]
            if clockwise == STRAIGHT:
                moves.append(every[paths - 1])
            else:
                turn = lines[paths & LINE]
                path = paths >> CLOCKWISE & PATH_ID
                if path and not turn & clockwise:
                    moves.append(every[path - 1])
                path = paths >> COUNTER
                if path and not turn & legs[at + 3]:
                    moves.append(every[path - 1])
            at += LEG
        return moves

    def path_fields(self, move: Move) -> list[int]:
        """The fields the die tips onto, in order, the last one its destination."""
        steps = self.board.steps
        field = move.origin
        fields = []
        for direction in SHAPES[move.shape].directions():
            field = steps[field][direction]
            fields.append(field)
        return fields

    def _free(self, move: Move) -> bool:
        """MOJ-4: no die on the path."""
        lines = self.lines
        first, second = move.first, move.second
        return not (lines[first & LINE] & first >> BITS or lines[second & LINE] & second >> BITS)
