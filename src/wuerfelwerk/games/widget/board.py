"""The Widget ring: field colours, start fields and precomputed "next field" tables.

The board file (``boards/default.json``) lists the 52 ring fields clockwise from red's
start field as colour letters (spaces only group the quarters). Fields are named by
their number, 0 to 51; the connecting field and the spaceship sit in the middle.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any, Final

# The faces of the dice, the four colours first. ``Final``: the compiled build inlines
# them (a plain module constant is a dictionary lookup there).
RED: Final = 0
BLUE: Final = 1
GREEN: Final = 2
YELLOW: Final = 3
WHITE: Final = 4
BLACK: Final = 5
FACES: Final = BLACK + 1
COLOURS = (RED, BLUE, GREEN, YELLOW)
FACE_NAMES = ("red", "blue", "green", "yellow", "white", "black")
LETTERS = "RBGYWK"

FIGURES: Final = 3  # per player (WID-1)
RING: Final = 52
CONNECT: Final = RING  # the connecting field to the spaceship (WID-9)
SHIP: Final = RING + 1  # the spaceship in the middle (WID-1, WID-9)
PLACE_NAMES = (*(str(field) for field in range(RING)), "connect", "ship")


class Board:
    """Field colours and, per colour, the next field of that colour from every field.

    ``next_field[c][p]`` is the first field of colour ``c`` clockwise after ``p`` and
    ``gap[c][p]`` the number of steps to it: moving then needs no search over the ring.
    """

    def __init__(self, data: dict[str, Any]) -> None:
        self.name: str = data["name"]
        letters = data["ring_clockwise_from_red_start"].replace(" ", "")
        if len(letters) != RING:
            raise ValueError(f"the Widget ring has {RING} fields, not {len(letters)}")
        self.colour: tuple[int, ...] = tuple(LETTERS.index(letter) for letter in letters)
        starts = data["start_fields"]
        #: The big start field of each colour (WID-1), indexed by colour.
        self.start: tuple[int, ...] = tuple(starts[FACE_NAMES[c]] for c in COLOURS)
        self.is_start: tuple[bool, ...] = tuple(f in self.start for f in range(RING))
        for c in COLOURS:
            if self.colour[self.start[c]] != c:
                raise ValueError(f"the {FACE_NAMES[c]} start field must be {FACE_NAMES[c]}")
        self.fields_of: tuple[tuple[int, ...], ...] = tuple(
            tuple(f for f in range(RING) if self.colour[f] == c) for c in COLOURS
        )
        next_field: list[list[int]] = []
        gap: list[list[int]] = []
        for c in COLOURS:
            nxt = [0] * RING
            steps = [0] * RING
            for p in range(RING):
                step = 1
                while self.colour[(p + step) % RING] != c:
                    step += 1
                nxt[p] = (p + step) % RING
                steps[p] = step
            next_field.append(nxt)
            gap.append(steps)
        self.next_field: tuple[tuple[int, ...], ...] = tuple(tuple(t) for t in next_field)
        self.gap: tuple[tuple[int, ...], ...] = tuple(tuple(t) for t in gap)


@cache
def load_board(name: str = "default") -> Board:
    """The ring shipped with the package."""
    text = resources.files(__package__).joinpath("boards", f"{name}.json").read_text()
    return Board(json.loads(text))
