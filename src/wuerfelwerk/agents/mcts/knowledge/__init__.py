"""What MCTS knows about each game beyond its rules: how to judge a position where a
rollout is cut short, and how long rollouts should be.

A module here per game registers a ``Knowledge`` with ``register_knowledge``; a game
without one gets full-length rollouts and no evaluation (the search still works, only
more slowly and with more noise).
"""

from __future__ import annotations

import importlib
import math
import pkgutil
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ....core import Action, Game, State

Evaluator = Callable[[State], list[float]]
Policy = Callable[[State, int], Action]
#: Orders a seat's candidate actions, the most promising first.
Ranker = Callable[[State, int, list[Action]], list[Action]]


class Memory(Protocol):
    """How a seat remembers hidden values: shown every observation and moment, it
    recalls covered values by field and, where it knows them, the values under the
    covered fields it does not recall (one per field)."""

    def observe(self, observation: Mapping[str, Any], moment: Mapping[str, Any] | None) -> None: ...

    def recalled(self, observation: Mapping[str, Any]) -> dict[str, int]: ...

    def pool(
        self, observation: Mapping[str, Any], recalled: Mapping[str, int]
    ) -> list[int] | None: ...


@dataclass(frozen=True)
class Knowledge:
    """``evaluate(state)``: per-seat values in [-1, 1] (the scale of ``returns()``);
    ``depth``: actions (chance included) a rollout plays before ``evaluate``;
    ``rollout``: the default rollout policy (``greedy``, ``random``, or ``own`` for
    ``policy(game, rng)``, a rollout policy of the game's own);
    ``memory(game, forget, rng)``: in games with hidden values, the ``Memory`` of a seat
    with forgetting rate ``forget``;
    ``candidates(state, seat)``: the actions the tree considers (default: every legal
    action), to leave out those that never make sense;
    ``rank(game, rng)``: a function ordering a seat's candidates, the most promising
    first, in which progressive widening opens them (default: the rollout policy's
    choice first, the rest at random)."""

    evaluate: Evaluator
    depth: int
    rollout: str = "greedy"
    memory: Callable[[Game, float, random.Random], Memory] | None = None
    policy: Callable[[Game, random.Random], Policy] | None = None
    candidates: Callable[[State, int], list[Action]] | None = None
    rank: Callable[[Game, random.Random], Ranker] | None = None


KnowledgeFactory = Callable[[Game], Knowledge]
_KNOWLEDGE: dict[str, KnowledgeFactory] = {}


def register_knowledge(game_name: str) -> Callable[[KnowledgeFactory], KnowledgeFactory]:
    def decorate(factory: KnowledgeFactory) -> KnowledgeFactory:
        _KNOWLEDGE[game_name] = factory
        return factory

    return decorate


def knowledge_for(game: Game) -> Knowledge:
    """The game's knowledge, or full rollouts scored as draws if cut off by the bound."""
    factory = _KNOWLEDGE.get(game.name)
    if factory is not None:
        return factory(game)
    return Knowledge(lambda state: [0.0] * game.num_players, game.max_game_length, "random")


def spread(scores: Sequence[float], scale: float) -> list[float]:
    """Per-seat values from per-seat scores (higher is better): each seat against the best
    of the others, squashed by ``tanh``; ``scale`` is the score gap worth about 0.76."""
    values = []
    for seat, score in enumerate(scores):
        rival = max(s for other, s in enumerate(scores) if other != seat)
        values.append(math.tanh((score - rival) / scale))
    return values


for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
