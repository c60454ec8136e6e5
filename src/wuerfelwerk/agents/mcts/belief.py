"""What a bot believes about hidden values (Dimenticato: the die values under figures).

The bot never looks at the hidden part of the state. Its memory (the game's knowledge
says how a seat remembers) is shown every position and moment as the game goes on and
recalls some covered values; every determinization keeps those and deals the values
still unaccounted for at random over the other covered fields, through the game's
``hidden_fields`` and ``determinize``. A bot that never saw the whole board draws each
unknown value by the game's ``prior_counts``.
"""

from __future__ import annotations

import random
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
        if memory is None:
            raise ValueError(f"{game.name} has hidden values but no memory for its bots")
        self.memory = memory(game, forget, rng)

    def observe(self, observation: Mapping[str, Any], moment: Mapping[str, Any] | None) -> None:
        self.memory.observe(observation, moment)

    def certain(self, observation: Mapping[str, Any]) -> bool:
        """Whether the memory recalls every covered value: then every determinization
        is the same position."""
        known = self.memory.recalled(observation)
        return all(name in known for name in self.game.hidden_fields(observation))

    def sampler(
        self, observation: Mapping[str, Any], rng: random.Random | None = None
    ) -> Callable[[], State]:
        """A function drawing one determinization of ``observation`` per call, with
        ``rng`` (default: the bot's own)."""
        game = self.game
        known = self.memory.recalled(observation)
        unknown = [name for name in game.hidden_fields(observation) if name not in known]
        pool = self.memory.pool(observation, known)
        rng = rng or self.rng
        if pool is not None and len(pool) == len(unknown):

            def deal() -> list[int]:
                rng.shuffle(pool)
                return pool

        else:
            prior = game.prior_counts()
            faces, weights = list(prior), list(prior.values())

            def deal() -> list[int]:
                return rng.choices(faces, weights, k=len(unknown))

        def sample() -> State:
            state: State = game.determinize(
                observation, {**known, **dict(zip(unknown, deal(), strict=True))}
            )
            return state

        return sample
