"""Wurf & Weg actions. Seats are written ``p1`` .. ``p6``.

The players' own actions (they act at the same time, so each names its seat):
``p1 roll`` and ``p2 place pig left`` (targets: tray, left, right). Chance outcomes:
``lucky cat`` (the yellow die), ``p1 throws pig`` (one die of p1's roll) and
``p1 draws clover-pig`` (a coaster from the pile).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ...core import Action

TRAY, LEFT, RIGHT = 0, 1, 2
TARGETS = ("tray", "left", "right")


def seat_label(seat: int) -> str:
    return f"p{seat + 1}"


@dataclass(frozen=True, repr=False)
class Roll(Action):
    """Roll every die in hand, taking in the dice lying on one's coaster first (WUW-3, WUW-6)."""

    player: int

    def __str__(self) -> str:
        return f"{seat_label(self.player)} roll"


@dataclass(frozen=True, repr=False)
class Place(Action):
    """Get rid of a die showing ``die`` (a symbol) onto ``target`` (WUW-4, WUW-5, WUW-7)."""

    player: int
    die: int
    target: int
    text: str = dataclasses.field(compare=False, repr=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, repr=False)
class Throw(Action):
    """Chance: one die of ``player``'s roll shows ``symbol``."""

    player: int
    symbol: int
    text: str = dataclasses.field(compare=False, repr=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, repr=False)
class Lucky(Action):
    """Chance: the yellow die shows this round's lucky symbol (WUW-3)."""

    symbol: int
    text: str = dataclasses.field(compare=False, repr=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, repr=False)
class Draw(Action):
    """Chance: ``player`` draws ``coaster`` (a number) from the pile (WUW-2, WUW-9)."""

    player: int
    coaster: int
    text: str = dataclasses.field(compare=False, repr=False)

    def __str__(self) -> str:
        return self.text
