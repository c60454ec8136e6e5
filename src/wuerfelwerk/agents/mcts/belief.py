"""What a bot believes about hidden values (Dimenticato: the die values under figures).

The bot never looks at the hidden part of the state. Its memory (the game's knowledge
says how a seat remembers, from its own observation) recalls some covered values; every
determinization keeps those and deals the values still unaccounted for at random over
the other covered fields, through the game's ``hidden_fields``, ``value_counts`` and
``determinize``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from ...core import Game, State
from .knowledge import knowledge_for


class Belief:
    """Draws determinizations of observations for one seat with a given forgetting rate."""

    def __init__(self, game: Game, forget: float, rng: random.Random) -> None:
        self.game: Any = game  # a game with the hidden-information interface
        self.rng = rng
        memory = knowledge_for(game).memory
        self.recall = memory(game, forget, rng) if memory is not None else None

    def sampler(self, observation: Mapping[str, Any]) -> Callable[[], State]:
        """A function drawing one determinization of ``observation`` per call."""
        game = self.game
        hidden: list[str] = list(game.hidden_fields(observation))
        pool = Counter(game.value_counts(observation))
        known: dict[str, int] = {}
        recalled = self.recall(observation) if self.recall is not None else {}
        for name in hidden:
            value = recalled.get(name)
            if value is not None and pool[value] > 0:  # the counts rule out a false memory
                pool[value] -= 1
                known[name] = value
        unknown = [name for name in hidden if name not in known]
        values = list(pool.elements())
        rng = self.rng

        def sample() -> State:
            rng.shuffle(values)
            state: State = game.determinize(
                observation, {**known, **dict(zip(unknown, values, strict=True))}
            )
            return state

        return sample
