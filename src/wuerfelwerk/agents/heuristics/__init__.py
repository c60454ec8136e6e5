"""Per-game heuristic agents, all under the name ``greedy``.

Each module here registers the heuristic of one game with ``register_heuristic``;
``greedy`` picks the one for the game being played.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable

from ...core import Agent, Game
from ..registry import register_agent
from ..spec import AgentSpec

HeuristicFactory = Callable[[Game, AgentSpec, int], Agent]
_HEURISTICS: dict[str, HeuristicFactory] = {}


def register_heuristic(game_name: str) -> Callable[[HeuristicFactory], HeuristicFactory]:
    def decorate(factory: HeuristicFactory) -> HeuristicFactory:
        _HEURISTICS[game_name] = factory
        return factory

    return decorate


@register_agent("greedy", available=lambda game: game.name in _HEURISTICS)
def make_greedy(game: Game, spec: AgentSpec, seed: int) -> Agent:
    return _HEURISTICS[game.name](game, spec, seed)


for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
