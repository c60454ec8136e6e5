"""Malefiz actions: the die (chance), a move, a barricade placement, a pass."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Final

from ...core import Action

HOUSE: Final = -1  # a figure's position while it waits in its house


@dataclass(frozen=True, repr=False)
class Roll(Action):
    """Chance: the die shows ``value`` (MAL-3)."""

    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True, repr=False)
class Move(Action):
    """Move a figure from ``origin`` (a field, or ``HOUSE``) to ``dest``.

    Only the destination matters, not the path taken (our reading); figures waiting in
    the house are alike, so one action stands for all of them.
    """

    origin: int
    dest: int
    text: str = dataclasses.field(compare=False, repr=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, repr=False)
class PlaceBarricade(Action):
    """Put the barricade just taken on ``field`` (MAL-8)."""

    field: int
    text: str = dataclasses.field(compare=False, repr=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, repr=False)
class Pass(Action):
    """No figure can move (MAL-6)."""

    def __str__(self) -> str:
        return "pass"
