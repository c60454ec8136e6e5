"""Agent names -> factories; ``make_agent`` turns a spec into a ready agent."""

from __future__ import annotations

import random
from collections.abc import Callable

from ..core import Agent, Game, InvalidAgentSpecError
from .spec import AgentSpec, parse_spec

#: A factory gets the game, the parsed spec and a seed for the agent's own randomness.
AgentFactory = Callable[[Game, AgentSpec, int], Agent]

#: Per name, each factory with the games it plays. Several factories may share a name,
#: each for its own games: the first registered that plays the game builds the agent.
_FACTORIES: dict[str, list[tuple[Callable[[Game], bool], AgentFactory]]] = {}

#: Specs that name a person at a screen, not a program; the front end plays those seats.
HUMAN = "human"


def register_agent(
    name: str, available: Callable[[Game], bool] = lambda game: True
) -> Callable[[AgentFactory], AgentFactory]:
    """Register a factory under ``name``; ``available(game)`` says which games it plays."""

    def decorate(factory: AgentFactory) -> AgentFactory:
        _FACTORIES.setdefault(name, []).append((available, factory))
        return factory

    return decorate


def agent_names(game: Game | None = None) -> list[str]:
    """The agents that can play ``game`` (every agent when ``game`` is None)."""
    return sorted(
        name
        for name, factories in _FACTORIES.items()
        if game is None or any(available(game) for available, _ in factories)
    )


def make_agent(spec: str | AgentSpec, game: Game, seed: int | None = None) -> Agent:
    """The agent described by ``spec`` for ``game``; ``InvalidAgentSpecError`` if unknown."""
    parsed = parse_spec(spec) if isinstance(spec, str) else spec
    if parsed.name == HUMAN:
        raise InvalidAgentSpecError("a human seat needs a screen: play it in the terminal or web")
    for available, factory in _FACTORIES.get(parsed.name, []):
        if available(game):
            return factory(game, parsed, random.Random(seed).getrandbits(63))
    known = ", ".join(agent_names(game))
    raise InvalidAgentSpecError(f"unknown agent {parsed.name!r} for {game.name} (agents: {known})")
