"""Agent names -> factories; ``make_agent`` turns a spec into a ready agent."""

from __future__ import annotations

import random
from collections.abc import Callable

from ..core import Agent, Game, InvalidAgentSpecError
from .spec import AgentSpec, parse_spec

#: A factory gets the game, the parsed spec and a seed for the agent's own randomness.
AgentFactory = Callable[[Game, AgentSpec, int], Agent]

_FACTORIES: dict[str, AgentFactory] = {}
_AVAILABLE: dict[str, Callable[[Game], bool]] = {}

#: Specs that name a person at a screen, not a program; the front end plays those seats.
HUMAN = "human"


def register_agent(
    name: str, available: Callable[[Game], bool] = lambda game: True
) -> Callable[[AgentFactory], AgentFactory]:
    """Register a factory under ``name``; ``available(game)`` says which games it plays."""

    def decorate(factory: AgentFactory) -> AgentFactory:
        _FACTORIES[name] = factory
        _AVAILABLE[name] = available
        return factory

    return decorate


def agent_names(game: Game | None = None) -> list[str]:
    """The agents that can play ``game`` (every agent when ``game`` is None)."""
    return sorted(n for n in _FACTORIES if game is None or _AVAILABLE[n](game))


def make_agent(spec: str | AgentSpec, game: Game, seed: int | None = None) -> Agent:
    """The agent described by ``spec`` for ``game``; ``InvalidAgentSpecError`` if unknown."""
    parsed = parse_spec(spec) if isinstance(spec, str) else spec
    if parsed.name == HUMAN:
        raise InvalidAgentSpecError("a human seat needs a screen: play it in the terminal or web")
    factory = _FACTORIES.get(parsed.name)
    if factory is None or not _AVAILABLE[parsed.name](game):
        known = ", ".join(agent_names(game))
        raise InvalidAgentSpecError(
            f"unknown agent {parsed.name!r} for {game.name} (agents: {known}, human)"
        )
    return factory(game, parsed, random.Random(seed).getrandbits(63))
