"""Dimenticato actions: the deal (chance), and a turn as figure -> value -> destination.

A turn is several decisions in a row: choose a figure; name the value under it (DIM-5),
or in the first 4 moves choose a distance of 2-5 (DIM-4); then choose the destination,
which names where a captured figure is put back (DIM-9). ``pass`` when nothing can move.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Final

from ...core import Action

NO_CAPTURE: Final = -1

#: How a small card lies, by its clockwise quarter turns.
TURNS = ("upright", "turned right", "upside down", "turned left")


@dataclass(frozen=True)
class Deal(Action):
    """Chance: small card ``card`` (0-11) is laid on the next free card position, turned
    clockwise ``rotation`` quarter turns (DIM-2): ``deal card 9 upside down``."""

    card: int
    rotation: int

    def __str__(self) -> str:
        return f"deal card {self.card + 1} {TURNS[self.rotation]}"


@dataclass(frozen=True)
class Choose(Action):
    """Take the figure standing on ``field``."""

    field: int
    text: str = dataclasses.field(compare=False, repr=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Name(Action):
    """Name the value under the chosen figure (DIM-5)."""

    value: int

    def __str__(self) -> str:
        return f"name {self.value}"


@dataclass(frozen=True)
class Go(Action):
    """One of the first 4 moves: go ``distance`` fields (DIM-4)."""

    distance: int

    def __str__(self) -> str:
        return f"go {self.distance}"


@dataclass(frozen=True)
class Move(Action):
    """Put the chosen figure on ``dest``; a figure captured there goes to ``push``."""

    dest: int
    push: int
    text: str = dataclasses.field(compare=False, repr=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Pass(Action):
    """No figure can move (DIM-9)."""

    def __str__(self) -> str:
        return "pass"
