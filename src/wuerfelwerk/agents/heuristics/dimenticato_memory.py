"""What a Dimenticato player remembers of the values under the figures.

A player sees a value while its field lies open, and for a moment when the figure on it
is lifted to be named (DIM-5). The game's ``Recall`` keeps every value seen and when; the
driver shows the player each position and moment as it happens (``observe``), and
nothing later tells a covered value again. A forgetful player has lost a value it saw
``age`` turns ago (turns of all players together) with the probability

    p_forget(age) = 1 - (1 - P) ** age

where ``P`` is the forgetting rate: each turn that passes, the value slips from memory
with probability ``P``. Whether a value is remembered, and the guess, are drawn once per
field and turn, so a player's beliefs stay the same through the decisions of one turn. A
value not remembered is guessed: the most likely value of those not accounted for (the
board as seen before any figure covered a value, less the open values and the values
remembered under other figures), leaving out values still seen on the same card (a card
holds 4 different values).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...games.dimenticato import DimenticatoGame
from ...games.dimenticato.recall import Recall

#: A belief about a covered value: the value and the chance that it is right.
Belief = tuple[int, float]


class Memory:
    """Beliefs about covered values, from what the player saw and when."""

    def __init__(self, game: DimenticatoGame, forget: float, rng: random.Random) -> None:
        self.game = game
        self.forget = forget
        self.rng = rng
        self.recall = Recall()
        self._drawn: dict[tuple[int, str], bool] = {}
        self._guessed: dict[tuple[int, str], Belief] = {}

    def observe(
        self, observation: Mapping[str, Any], moment: Mapping[str, Any] | None = None
    ) -> None:
        """Take in what the player sees now and what the last action showed a moment."""
        self.recall.observe(observation, moment)

    def forgets(self, turns: int, name: str, age: int) -> bool:
        """Whether the value on ``name``, seen ``age`` turns ago, is lost at ``turns``."""
        if self.forget <= 0:
            return False
        key = (turns, name)
        if key not in self._drawn:
            self._drawn[key] = self.rng.random() < 1 - (1 - self.forget) ** age
        return self._drawn[key]

    def recalled(self, observation: Mapping[str, Any]) -> dict[str, int]:
        """The covered values this player still remembers, by field."""
        self.observe(observation)  # what lies open now is seen now
        turns = observation["turns"]
        seen = self.recall.seen
        return {
            name: value
            for name, value in self.recall.remembered(observation).items()
            if not self.forgets(turns, name, turns - seen[name][1])
        }

    def unaccounted(self, observation: Mapping[str, Any]) -> Counter[int] | None:
        """How many of each value lie under the figures: the board as seen before any
        figure covered a value, less the open values; ``None`` for a player that never
        saw the whole board."""
        laid = self.recall.laid
        if laid is None:
            return None
        counts = Counter(laid)
        counts.subtract(v for v in observation["values"].values() if v is not None)
        return counts

    def pool(self, observation: Mapping[str, Any], recalled: Mapping[str, int]) -> list[int] | None:
        """The values under the covered fields not in ``recalled``, one per field, in no
        order; ``None`` where they are not known (``unaccounted``)."""
        counts = self.unaccounted(observation)
        if counts is None:
            return None
        counts.subtract(recalled.values())
        return list(counts.elements())

    def beliefs(self, observation: Mapping[str, Any]) -> dict[str, Belief]:
        """A belief for every field with a value: certain where open or remembered,
        guessed where forgotten or never seen."""
        values: Mapping[str, int | None] = observation["values"]
        turns = observation["turns"]
        recalled = self.recalled(observation)
        beliefs: dict[str, Belief] = {n: (v, 1.0) for n, v in values.items() if v is not None}
        beliefs.update((name, (value, 1.0)) for name, value in recalled.items())
        forgotten = [n for n in self.game.hidden_fields(observation) if n not in recalled]
        if forgotten:
            counts = self.unaccounted(observation)
            weights: Mapping[int, float] = self.game.prior_counts()
            if counts is not None:
                counts.subtract(recalled.values())  # accounted for as well
                weights = counts
            for name in forgotten:
                key = (turns, name)
                if key not in self._guessed:
                    self._guessed[key] = self.guess(observation, name, weights)
                beliefs[name] = self._guessed[key]
        return beliefs

    def guess(
        self, observation: Mapping[str, Any], name: str, counts: Mapping[int, float]
    ) -> Belief:
        """The most likely value for a forgotten field, with its chance of being right."""
        geo = self.game.geometry
        card = geo.field(name) // 4
        on_card = {
            observation["values"].get(geo.names[f])
            for f in range(4 * card, 4 * card + 4)
            if geo.names[f] != name
        }
        candidates = {v: c for v, c in counts.items() if c > 0 and v not in on_card}
        if not candidates:
            candidates = {v: c for v, c in counts.items() if c > 0} or {3: 1}
        best = max(candidates.values())
        value = self.rng.choice(sorted(v for v, c in candidates.items() if c == best))
        return value, best / sum(candidates.values())
