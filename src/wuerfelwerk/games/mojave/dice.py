"""The die as a piece: its full orientation and how tipping turns it.

A standard die (our gaps: opposite faces add up to 7, right-handed) lying on the board
is known by three faces: ``top``, ``north`` (the face towards the north edge) and
``east``; bottom, south and west are their opposites. Right-handed means: with 1 up and
2 facing south, 3 faces east. Of the 6 x 4 x 2 ways to write three faces, 24 are real
orientations; each is numbered, and tipping is a table from number to number (MOJ-2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

NORTH: Final = 0
EAST: Final = 1
SOUTH: Final = 2
WEST: Final = 3
DIRECTIONS: Final = (NORTH, EAST, SOUTH, WEST)
DIRECTION_NAMES = ("north", "east", "south", "west")
#: Field steps per direction: (columns, rows).
OFFSETS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def opposite(direction: int) -> int:
    return (direction + 2) % 4


@dataclass(frozen=True)
class Orientation:
    """The faces up, towards the north edge and towards the east edge."""

    top: int
    north: int
    east: int

    def tipped(self, direction: int) -> Orientation:
        """The die tipped over its edge on the ``direction`` side, one field on (MOJ-2).

        Tipping north: the top goes north, the north face goes down, the bottom comes up
        on the south side and the south face comes up. The axis faces stay put.
        """
        top, north, east = self.top, self.north, self.east
        if direction == NORTH:
            return Orientation(7 - north, top, east)
        if direction == SOUTH:
            return Orientation(north, 7 - top, east)
        if direction == EAST:
            return Orientation(7 - east, north, top)
        return Orientation(east, north, 7 - top)

    def __str__(self) -> str:
        return f"{self.top}/{self.north}/{self.east}"


def _all_orientations() -> tuple[Orientation, ...]:
    """Every orientation tipping can reach from one right-handed die: all 24 of them."""
    # 1 up, 3 north, 2 east: right-handed (turned a quarter, it is 1 up, 2 south, 3 east).
    start = Orientation(1, 3, 2)
    found = [start]
    seen = {start}
    for orientation in found:
        for direction in DIRECTIONS:
            tipped = orientation.tipped(direction)
            if tipped not in seen:
                seen.add(tipped)
                found.append(tipped)
    return tuple(sorted(found, key=lambda o: (o.top, o.north, o.east)))


ORIENTATIONS = _all_orientations()
INDEX = {orientation: number for number, orientation in enumerate(ORIENTATIONS)}
#: The top value of each numbered orientation: what decides every fight (MOJ-5).
TOPS: Final = bytes(o.top for o in ORIENTATIONS)
#: ``TIPS[number][direction]``: the orientation number after one tip that way.
TIPS: Final = tuple(tuple(INDEX[o.tipped(d)] for d in DIRECTIONS) for o in ORIENTATIONS)


def orientation_number(top: int, north: int, east: int) -> int:
    """The number of a right-handed orientation; ``KeyError`` for faces no die shows."""
    return INDEX[Orientation(top, north, east)]


def facing(top: int, centre: int, direction: int) -> int:
    """The orientation with ``top`` up and the face ``centre`` towards ``direction``
    (north or south): how the dice are set up (MOJ-1)."""
    for number, orientation in enumerate(ORIENTATIONS):
        north = orientation.north if direction == NORTH else 7 - orientation.north
        if orientation.top == top and north == centre:
            return number
    raise KeyError((top, centre, direction))
