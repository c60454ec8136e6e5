"""Seeded dice: the chance outcome at action number ``i`` depends only on the seed and ``i``.

So a record's dice can be checked against its revealed seed, and taking back a move
(undo) and playing on rolls the same dice again.
"""

from __future__ import annotations

import random

from .action import Action
from .seeding import derive_seed
from .state import State


class SeededChance:
    def __init__(self, seed: int | None) -> None:
        self.seed = seed

    def draw(self, state: State, index: int) -> Action:
        """The chance outcome for ``state``, the position before action number ``index``."""
        return state.sample_chance(random.Random(derive_seed(self.seed, "chance", index)))
