"""What the value network sees of a position: a fixed-length row of numbers per game.

A module per game registers its ``Features`` with ``register_features``. The seats are
listed from the seat to act onwards (``order``), so one network serves every seat: its
first output is always the chance of the seat to act.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import Protocol

from ....core import Game, InvalidAgentSpecError, State


class Features(Protocol):
    #: Names the encoding; a network trained on another version cannot read this one.
    version: str
    #: Numbers per position.
    size: int

    def order(self, state: State) -> list[int]:
        """The seats from the one to act onwards: row ``k`` of the network is
        ``order[k]``."""
        ...

    def encode(self, state: State) -> list[float]:
        """The position as ``size`` numbers, seen from ``order(state)``."""
        ...


FeaturesFactory = Callable[[Game], Features]
_FEATURES: dict[str, FeaturesFactory] = {}


def register_features(game_name: str) -> Callable[[FeaturesFactory], FeaturesFactory]:
    def decorate(factory: FeaturesFactory) -> FeaturesFactory:
        _FEATURES[game_name] = factory
        return factory

    return decorate


def has_features(game: Game) -> bool:
    return game.name in _FEATURES


def features_for(game: Game) -> Features:
    factory = _FEATURES.get(game.name)
    if factory is None:
        raise InvalidAgentSpecError(f"no learned evaluation for {game.name}")
    return factory(game)


for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
