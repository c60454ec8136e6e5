"""Widget actions: the two colour dice (chance), then one decision per die.

A decision is a figure's move (``Move``), the villain's jump (``Jump``), the villain
throwing a figure after black and white (``Throw``), leaving the villain where he is
(``Stay``), or ``Pass`` when no die left can be used.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ...core import Action
from .board import BLACK, COLOURS, FACE_NAMES


@dataclass(frozen=True)
class Roll(Action):
    """Chance: the two identical dice show ``first`` and ``second`` (``first <= second``)."""

    first: int
    second: int

    @property
    def is_pair(self) -> bool:
        return self.first == self.second

    def dice_to_decide(self, black_also_moves: bool) -> list[int]:
        """The dice decided one at a time after this roll (WID-2 and the gaps).

        Black is the highest face, so it is always ``second``. The villain's jump uses
        both dice unless ``black_also_moves`` lets a colour die move a figure as well;
        black and white, and a black pair, are always one decision (WID-6, WID-7).
        """
        first, second = self.first, self.second
        if second != BLACK:
            return [first, second]
        if first in COLOURS and black_also_moves:
            return [first, BLACK]
        return [BLACK]

    def __str__(self) -> str:
        return f"roll {FACE_NAMES[self.first]} {FACE_NAMES[self.second]}"


@dataclass(frozen=True)
class Move(Action):
    """Use ``die`` to move the figure standing on ``origin`` to the next free field of
    ``colour`` (WID-2); with a white die ``colour`` is the chosen one (WID-5), and from
    the connecting field ``colour`` is the spaceship (WID-9)."""

    die: int
    origin: int
    colour: int
    text: str = dataclasses.field(compare=False, repr=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Jump(Action):
    """Black: the villain jumps to ``field`` and throws the foreign figures there (WID-6)."""

    field: int
    text: str = dataclasses.field(compare=False, repr=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Throw(Action):
    """Black and white: the villain throws the figure of ``seat`` on ``field`` (WID-7)."""

    seat: int
    field: int
    text: str = dataclasses.field(compare=False, repr=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Stay(Action):
    """Black: the villain does not jump; the jump is optional (WID-6, "darf")."""

    def __str__(self) -> str:
        return "villain stays"


@dataclass(frozen=True)
class Pass(Action):
    """No die left can be used by any figure: those dice are lost (gaps)."""

    def __str__(self) -> str:
        return "pass"
