"""The six lucky symbols and the 18 coasters (WUW-1), read from ``coasters.json``.

Symbols are numbered 0-5 in the order of the data file; a coaster is numbered by its
place in the file and named ``left-right`` (``clover-pig``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

DICE_PER_PLAYER = 3  # WUW-2
CALM_ROLLS = 3  # WUW-8
WINNING_COASTERS = 3  # WUW-10


@dataclass(frozen=True)
class Coaster:
    """A coaster: the symbol on its left and the one on its right (never the same)."""

    number: int
    left: int
    right: int
    name: str


@dataclass(frozen=True)
class CoasterSet:
    symbols: tuple[str, ...]
    coasters: tuple[Coaster, ...]

    def symbol(self, name: str) -> int:
        """The number of the symbol called ``name``; ``KeyError`` if there is none."""
        try:
            return self.symbols.index(name)
        except ValueError:
            raise KeyError(name) from None

    def coaster(self, name: str) -> Coaster:
        """The coaster called ``name`` (``clover-pig``); ``KeyError`` if there is none."""
        for coaster in self.coasters:
            if coaster.name == name:
                return coaster
        raise KeyError(name)


@cache
def load_coasters() -> CoasterSet:
    """The symbols and coasters shipped with the package."""
    data = json.loads(resources.files(__package__).joinpath("coasters.json").read_text())
    symbols = tuple(str(s) for s in data["symbols"])
    coasters = []
    for number, (left, right) in enumerate(data["coasters"]):
        if left == right:
            raise ValueError(f"coaster {number} shows {left} on both sides")
        coasters.append(
            Coaster(number, symbols.index(left), symbols.index(right), f"{left}-{right}")
        )
    return CoasterSet(symbols, tuple(coasters))
