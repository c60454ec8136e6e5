"""The Malefiz board: fields, connections and precomputed path tables, read from data.

A board file (``boards/<name>.json``) draws the board as rows of letters, top row
first, and names the houses below the bottom row. Fields are numbered in reading
order; a field's name is its column letter and row number counted from the bottom
(``a1`` is the bottom-left corner), the way chess names squares.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from ...core import InvalidOptionError

MAX_DIE: Final = 6

PLAIN, BARRICADE_START, VILLAGE_BARRICADE, VILLAGE, REST, FOREST, GOAL = "nXVvrFG"
FIELD_LETTERS = frozenset("nXVvrFG")

#: A list of (destination, masks) for one start field and one distance: the figure can
#: reach the destination if one of the masks (the fields passed over) holds no barricade.
PathTable = list[tuple[int, tuple[int, ...]]]


def fields_of(mask: int) -> list[int]:
    """The fields of a bitmask of fields, in ascending order: one step per field in the
    mask, not one per field of the board (the faster way for a sparse mask)."""
    found: list[int] = []
    while mask:
        lowest = mask & -mask
        found.append(lowest.bit_length() - 1)
        mask ^= lowest
    return found


@dataclass(frozen=True)
class House:
    colour: str
    entry: int  # the field in front of the house: the first step (MAL-4)


class Board:
    """Fields, neighbours, special fields as bitmasks, and path tables per distance."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.name: str = data["name"]
        self.title: str = data.get("title", self.name)
        rows: list[str] = data["rows_top_first"]
        height = len(rows)
        self.width = max(len(row) for row in rows)
        self.height = height
        self.coords: list[tuple[int, int]] = []
        self.kinds: list[str] = []
        index: dict[tuple[int, int], int] = {}
        for top_index, row in enumerate(rows):
            y = height - top_index
            for x, letter in enumerate(row):
                if letter == ".":
                    continue
                if letter not in FIELD_LETTERS:
                    raise ValueError(f"unknown field letter {letter!r} in board {self.name}")
                index[(x, y)] = len(self.coords)
                self.coords.append((x, y))
                self.kinds.append(letter)
        self.size = len(self.coords)
        self.names = [f"{chr(ord('a') + x)}{y}" for x, y in self.coords]
        self.by_name = {name: i for i, name in enumerate(self.names)}
        self.neighbours: list[tuple[int, ...]] = [
            tuple(
                index[(x + dx, y + dy)]
                for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))
                if (x + dx, y + dy) in index
            )
            for x, y in self.coords
        ]
        goals = [i for i, kind in enumerate(self.kinds) if kind == GOAL]
        if len(goals) != 1:
            raise ValueError(f"board {self.name} needs exactly one goal")
        self.goal = goals[0]
        forests = [i for i, kind in enumerate(self.kinds) if kind == FOREST]
        self.forest: int | None = forests[0] if forests else None
        self.rest_mask = self._mask(REST)
        self.village_mask = self._mask(VILLAGE) | self._mask(VILLAGE_BARRICADE)
        self.barricade_start_mask = self._mask(BARRICADE_START) | self._mask(VILLAGE_BARRICADE)
        self.bottom_mask = sum(1 << i for i, (_, y) in enumerate(self.coords) if y == 1)
        # MAL-8 and our gaps: never the bottom row, a rest field, the goal or the forest.
        forest_bit = 0 if self.forest is None else 1 << self.forest
        self.placeable_mask = (
            ((1 << self.size) - 1)
            & ~self.bottom_mask
            & ~self.rest_mask
            & ~(1 << self.goal)
            & ~forest_bit
        )
        self.houses = [House(house["colour"], index[(house["x"], 1)]) for house in data["houses"]]
        self.figures_per_player: int = data["figures_per_player"]
        self.houses_for_players: dict[int, tuple[int, ...]] = {
            int(n): tuple(seats) for n, seats in data["houses_for_players"].items()
        }
        self.paths: list[list[PathTable]] = [
            [self._path_table(start, steps) for steps in range(MAX_DIE + 1)]
            for start in range(self.size)
        ]
        self.house_paths: list[list[PathTable]] = [
            [self._entry_paths(house, steps) for steps in range(MAX_DIE + 1)]
            for house in range(len(self.houses))
        ]

    def _mask(self, kind: str) -> int:
        return sum(1 << i for i, k in enumerate(self.kinds) if k == kind)

    def _path_table(self, start: int, steps: int) -> PathTable:
        """Every field at exactly ``steps`` steps along a path that visits no field twice
        (our reading of the movement rule), with the minimal sets of fields passed over.
        MAL-5: a figure on the way is jumped, its field a step like any other, so a path
        is walked whoever stands on it; only a barricade passed over stops it (MAL-8)."""
        found: dict[int, set[int]] = {}

        def walk(field: int, visited: int, passed: int, left: int) -> None:
            if left == 0:
                found.setdefault(field, set()).add(passed)
                return
            if field != start:
                passed |= 1 << field
            for nxt in self.neighbours[field]:
                # The goal ends every path: it can be reached, never passed (MAL-11).
                if not visited >> nxt & 1 and (nxt != self.goal or left == 1):
                    walk(nxt, visited | 1 << nxt, passed, left - 1)

        if steps:
            walk(start, 1 << start, 0, steps)
        return [(dest, _minimal(masks)) for dest, masks in sorted(found.items())]

    def _entry_paths(self, house: int, steps: int) -> PathTable:
        """From the house: the entry field is the first step (MAL-4)."""
        entry = self.houses[house].entry
        if steps <= 1:
            return [(entry, (0,))] if steps else []
        return [
            (dest, tuple(mask | 1 << entry for mask in masks))
            for dest, masks in self.paths[entry][steps - 1]
        ]

    def field(self, name: str) -> int:
        """The field called ``name`` (``"d5"``; ``"goal"`` for the goal); ``KeyError``."""
        name = name.strip().lower()
        if name == "goal":
            return self.goal
        return self.by_name[name]


def _minimal(masks: set[int]) -> tuple[int, ...]:
    """Drop every mask that contains another: the smaller one is always easier to pass."""
    ordered = sorted(masks, key=lambda m: (m.bit_count(), m))
    kept: list[int] = []
    for mask in ordered:
        if not any(mask & k == k for k in kept):
            kept.append(mask)
    return tuple(kept)


@cache
def load_board(name: str) -> Board:
    """A board shipped with the package, by name (``quick`` or ``classic``)."""
    try:
        text = resources.files(__package__).joinpath("boards", f"{name}.json").read_text()
    except FileNotFoundError:
        raise InvalidOptionError(f"unknown Malefiz board {name!r}") from None
    return Board(json.loads(text))


BOARD_NAMES = ("quick", "classic")
