"""What the value network sees of a position: a fixed-length row of numbers per game.

A module per game registers its ``Features`` with ``register_features``. The seats are
listed from the seat to act onwards (``order``), so one network serves every seat: its
first output is always the chance of the seat to act.

A game whose turn is several decisions in a row with nothing drawn between them (Widget:
one die, then the other; Dimenticato: a figure, its value, where it goes) sets
``plans_turn``: a choice is then judged by the best way to finish the turn after it, as
a player plans both dice of a roll at once. ``candidates`` are the actions that plan
looks at (every legal action, unless the game knows better).
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import numpy as np

from ....core import Action, Game, InvalidAgentSpecError, State
from ..network import FLOAT


class Features:
    """The encoding of one game's positions; a subclass per game."""

    #: Names the encoding; a network trained on another version cannot read this one.
    version: str = ""
    #: Numbers per position.
    size: int = 0
    #: Whether a choice is judged by the best way to finish the turn after it.
    plans_turn: bool = False

    #: The number of seats.
    players: int = 0

    def first(self, state: State) -> int:
        """The seat the network's first row is about: the one to act (or, between
        turns, the one whose turn comes next)."""
        raise NotImplementedError

    def order(self, state: State) -> list[int]:
        """The seats from ``first`` onwards in turn order: row ``k`` of the network is
        ``order[k]``."""
        first, players = self.first(state), self.players
        return [(first + k) % players for k in range(players)]

    def encode(self, state: State) -> list[float]:
        """The position as ``size`` numbers, seen from ``order(state)``."""
        raise NotImplementedError

    def encode_all(self, states: Sequence[State]) -> np.ndarray:
        """One row per state (a game may do this faster than one by one)."""
        return np.array([self.encode(s) for s in states], dtype=FLOAT).reshape(
            len(states), self.size
        )

    def first_information(self, information: Mapping[str, Any]) -> int:
        """``first`` of the position an information state describes."""
        raise self._no_information()

    def encode_information(self, information: Mapping[str, Any], seat: int) -> list[float]:
        """``encode`` of what ``seat`` knows: its observation with what it remembers
        (games with hidden values; the others are judged by ``encode`` of the state)."""
        raise self._no_information()

    def _no_information(self) -> ValueError:
        return ValueError(
            f"{self.version}: a game without hidden values is judged from its positions"
        )

    def memory(self, rng: random.Random) -> Memory | None:
        """A new memory for a seat that plays this game (``None``: nothing is hidden)."""
        return None

    def candidates(self, state: State, player: int) -> list[Action]:
        """The actions a plan of the rest of the turn looks at."""
        return state.legal_actions(player)


class Memory(Protocol):
    """What a seat remembers of a game with hidden values, kept as the game goes on: the
    position it plans in is the one its memory describes (a determinization)."""

    def observe(self, observation: Mapping[str, Any], moment: Mapping[str, Any] | None) -> None: ...

    def position(self, observation: Mapping[str, Any]) -> State: ...


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
