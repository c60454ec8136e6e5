"""Mojave actions: a move is the die's whole path (MOJ-2, MOJ-3); a pass when none exists."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ...core import Action
from .fields import path_text
from .paths import SHAPES


@dataclass(frozen=True)
class Move(Action):
    """Tip the die on ``origin`` along path ``shape`` (a number in ``paths.SHAPES``).

    The path, not only the destination, is the move: the two L-shaped paths to one
    field leave different faces up. Written ``c3-c7`` (straight) or ``c3-c6-e6``
    (start, corner, end). The rest follows from the path on the board: ``dest``,
    ``index`` (the action id), and the fields tipped onto as two legs, ``first`` and
    ``second``, each a line of the board and the bits of its fields on that line
    (``line | bits << 8``, see ``board.Board``); a straight path's second leg is
    empty (no bits).
    """

    origin: int
    shape: int
    dest: int = dataclasses.field(compare=False, repr=False)
    index: int = dataclasses.field(compare=False, repr=False)
    first: int = dataclasses.field(compare=False, repr=False)
    second: int = dataclasses.field(compare=False, repr=False)

    def __str__(self) -> str:
        return path_text(self.origin, SHAPES[self.shape].legs)


@dataclass(frozen=True)
class Pass(Action):
    """No die can move (our gaps). Never in Zugzwang: dice that cannot answer it have
    left the board before (MOJ-7)."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
