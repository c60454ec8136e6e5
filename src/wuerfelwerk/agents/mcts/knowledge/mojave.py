"""Mojave: a position is judged by material, the measure the greedy player fights for
(dice on the board and their top values, MOJ-5 to MOJ-8)."""

from __future__ import annotations

import math

from ....core import Game, State
from ....games.mojave import MojaveState
from ...heuristics.mojave import DIE, material
from . import Knowledge, register_knowledge

#: A material lead of this much (about one die) is a clear lead.
SCALE = DIE + 3.5


@register_knowledge("mojave")
def mojave_knowledge(game: Game) -> Knowledge:
    def evaluate(state: State) -> list[float]:
        assert isinstance(state, MojaveState)
        value = math.tanh(material(state, 0) / SCALE)
        return [value, -value]

    return Knowledge(evaluate, depth=0)
