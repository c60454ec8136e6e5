"""The random agent: a uniformly random legal action."""

from __future__ import annotations

import random

from ..core import Action, Game, State
from .registry import register_agent
from .spec import AgentSpec


class RandomAgent:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Action:
        return self.rng.choice(state.legal_actions(player))


@register_agent("random")
def make_random(game: Game, spec: AgentSpec, seed: int) -> RandomAgent:
    spec.check_keys()
    return RandomAgent(seed)
