"""The Dimenticato board: a square ring of cards two fields wide, with start blocks.

Our geometry (see the gaps of the rules): for ``n`` players the cards form a square ring
of ``(n+1) x (n+1)`` card positions, numbered clockwise from the top-left corner; every
card is 2 x 2 fields, so the ring is ``2(n+1)`` fields on a side and holds ``16n``
fields in two lanes (outer and inner), each a closed clockwise sequence (DIM-2). The
large cards lie at every 4th position from the top-left corner, each with its 2 x 2 start
block sticking out of the ring.

Coordinates: ``x`` to the east, ``y`` to the south; the ring covers ``0 <= x, y < side``.
Ring field ``4p + k`` is corner ``k`` (top-left, top-right, bottom-right, bottom-left) of
card position ``p``; then come the start blocks, 4 fields per seat. A field's name is its
column letter and row number counted from the bottom of the whole picture, as in chess.
"""

from __future__ import annotations

from functools import cache
from typing import Final

OUTER: Final = 0
INNER: Final = 1
BLOCK: Final = 2
#: Where each corner ``k`` of a card lies inside its 2 x 2 square.
CORNERS = ((0, 0), (1, 0), (1, 1), (0, 1))

Point = tuple[int, int]


def card_cell(position: int, players: int) -> Point:
    """The cell of card ``position`` in the ``(n+1) x (n+1)`` card ring, clockwise from
    the top-left corner."""
    n = players
    if position <= n:
        return position, 0
    if position <= 2 * n:
        return n, position - n
    if position <= 3 * n:
        return 3 * n - position, n
    return 0, 4 * n - position


class Geometry:
    """Fields, lanes, neighbours, start blocks and names of the board for ``players``."""

    def __init__(self, players: int) -> None:
        n = players
        self.players = n
        self.side = side = 2 * (n + 1)
        self.card_count = 4 * n
        self.ring_size = 4 * self.card_count
        coords: list[Point] = []
        for position in range(self.card_count):
            cx, cy = card_cell(position, n)
            coords.extend((2 * cx + dx, 2 * cy + dy) for dx, dy in CORNERS)
        #: Card positions of the large cards, by seat (DIM-2); the others take small cards.
        self.large_positions = tuple(4 * seat for seat in range(n))
        self.slots = tuple(p for p in range(self.card_count) if p % 4)
        #: How far each large card's picture is turned (quarter turns clockwise).
        self.large_turns = tuple(p // n for p in self.large_positions)
        self.block_entries: list[tuple[tuple[int, int], ...]] = []
        start_next: dict[int, int] = {}
        index = {point: i for i, point in enumerate(coords)}
        for position in self.large_positions:
            far, near, ring = _start_block(position, n, side)
            first = len(coords)
            for point in (*far, *near):
                index[point] = len(coords)
                coords.append(point)
            far_ids, near_ids = (first, first + 1), (first + 2, first + 3)
            entries = tuple((near_ids[i], index[ring[i]]) for i in range(2))
            self.block_entries.append(entries)
            for i in range(2):
                start_next[far_ids[i]] = near_ids[i]
                start_next[near_ids[i]] = index[ring[i]]
        self.coords = coords
        self.size = len(coords)
        self.start_next = start_next
        self.lane = [
            BLOCK
            if i >= self.ring_size
            else OUTER
            if x in (0, side - 1) or y in (0, side - 1)
            else INNER
            for i, (x, y) in enumerate(coords)
        ]
        self.block_seat = [
            -1 if i < self.ring_size else (i - self.ring_size) // 4 for i in range(self.size)
        ]
        self.blocks = tuple(
            tuple(range(self.ring_size + 4 * s, self.ring_size + 4 * s + 4)) for s in range(n)
        )
        self.forward = [self._next_in_lane(i, index) for i in range(self.size)]
        self.backward = [-1] * self.size
        for field, nxt in enumerate(self.forward):
            if nxt >= 0:
                self.backward[nxt] = field
        self.sideways = [
            tuple(
                index[p]
                for p in _around(x, y)
                if p in index and self.lane[index[p]] not in (BLOCK, self.lane[i])
            )
            if self.lane[i] != BLOCK
            else ()
            for i, (x, y) in enumerate(coords)
        ]
        #: The way home (DIM-7): from a ring field of a large card into its block.
        self.home_entry: list[tuple[int, ...]] = [() for _ in range(self.size)]
        for entries in self.block_entries:
            for block_field, ring_field in entries:
                self.home_entry[ring_field] = (*self.home_entry[ring_field], block_field)
        #: Inside a goal block the 4 fields connect as a 2 x 2 square.
        self.block_neighbours = [
            tuple(
                index[p]
                for p in _around(x, y)
                if p in index and self.block_seat[index[p]] == self.block_seat[i]
            )
            if self.lane[i] == BLOCK
            else ()
            for i, (x, y) in enumerate(coords)
        ]
        self.large_fields = tuple(frozenset(range(4 * p, 4 * p + 4)) for p in self.large_positions)
        xs = [x for x, _ in coords]
        ys = [y for _, y in coords]
        self.left, self.top = min(xs), min(ys)
        self.width = max(xs) - self.left + 1
        self.height = max(ys) - self.top + 1
        self.names = [
            f"{chr(ord('a') + x - self.left)}{self.top + self.height - y}" for x, y in coords
        ]
        self.by_name = {name: i for i, name in enumerate(self.names)}

    def _next_in_lane(self, field: int, index: dict[Point, int]) -> int:
        """The clockwise next field of a ring field's own lane (-1 for a block field)."""
        lane = self.lane[field]
        if lane == BLOCK:
            return -1
        low, high = (0, self.side - 1) if lane == OUTER else (1, self.side - 2)
        x, y = self.coords[field]
        if y == low and x < high:
            return index[(x + 1, y)]
        if x == high and y < high:
            return index[(x, y + 1)]
        if y == high and x > low:
            return index[(x - 1, y)]
        return index[(x, y - 1)]

    def field(self, name: str) -> int:
        """The field called ``name`` (``"c5"``); ``KeyError`` if there is none."""
        return self.by_name[name.strip().lower()]

    def direction(self, origin: int, dest: int) -> Point:
        (x0, y0), (x1, y1) = self.coords[origin], self.coords[dest]
        return x1 - x0, y1 - y0


def _around(x: int, y: int) -> tuple[Point, ...]:
    return (x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)


def _turn(point: Point, side: int, quarters: int) -> Point:
    """``point`` turned clockwise about the centre of the ring, ``quarters`` times."""
    x, y = point
    for _ in range(quarters):
        x, y = side - 1 - y, x
    return x, y


def _start_block(
    position: int, players: int, side: int
) -> tuple[tuple[Point, Point], tuple[Point, Point], tuple[Point, Point]]:
    """The far and near start fields of the large card at ``position`` and the ring
    fields they lead onto, pairwise (our geometry).

    Drawn for the top side and turned with the board: a corner card's block sticks out to
    the west in line with the top lanes, entered eastwards; a card in the middle of a side
    has its block sticking straight out, entered by a sideways step into the outer lane.
    """
    quarters = position // players
    cx = position - quarters * players
    if cx == 0:
        far = ((-2, 0), (-2, 1))
        near = ((-1, 0), (-1, 1))
        ring = ((0, 0), (0, 1))
    else:
        far = ((2 * cx, -2), (2 * cx + 1, -2))
        near = ((2 * cx, -1), (2 * cx + 1, -1))
        ring = ((2 * cx, 0), (2 * cx + 1, 0))

    def turned(pair: tuple[Point, Point]) -> tuple[Point, Point]:
        return _turn(pair[0], side, quarters), _turn(pair[1], side, quarters)

    return turned(far), turned(near), turned(ring)


@cache
def geometry(players: int) -> Geometry:
    return Geometry(players)
