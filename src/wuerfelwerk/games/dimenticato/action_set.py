"""``ActionSet``: every Dimenticato action of one game as one shared object.

Legal actions are looked up here, never built. A compiled module: the state reads these
lists on every decision, as native fields.
"""

from __future__ import annotations

from ...core import Action
from .actions import NO_CAPTURE, Choose, Deal, Go, Move, Name, Pass
from .cards import ROTATIONS, SMALL_CARDS
from .geometry import Geometry
from .paths import MAX_VALUE, OPENING_DISTANCES


class ActionSet:
    def __init__(self, geo: Geometry) -> None:
        self.geometry = geo
        #: Card ``c`` turned ``r`` quarter turns at ``c * ROTATIONS + r`` (DIM-2).
        self.deals = [Deal(c, r) for c in range(len(SMALL_CARDS)) for r in range(ROTATIONS)]
        self.pass_action = Pass()
        #: The name of value ``v`` at ``v - 1`` (DIM-5).
        self.names = [Name(v) for v in range(1, MAX_VALUE + 1)]
        #: The legal actions whenever a figure on the track is named: every name.
        self.naming: list[Action] = list(self.names)
        #: The distances of a figure leaving its start fields (DIM-4).
        self.goes = {d: Go(d) for d in OPENING_DISTANCES}
        #: Taking the figure on a field, by field.
        self.choices = [Choose(f, f"figure {geo.names[f]}") for f in range(geo.size)]
        self._moves: dict[tuple[int, int], Move] = {}
        #: The move to each field without a capture, by field.
        self.plain_moves = [self.move(dest, NO_CAPTURE) for dest in range(geo.size)]

    def move(self, dest: int, push: int) -> Move:
        """The shared ``Move`` object to ``dest`` (a captured figure to ``push``)."""
        key = (dest, push)
        move = self._moves.get(key)
        if move is None:
            names = self.geometry.names
            text = f"to {names[dest]}" + ("" if push == NO_CAPTURE else f" push {names[push]}")
            move = self._moves[key] = Move(dest, push, text)
        return move
