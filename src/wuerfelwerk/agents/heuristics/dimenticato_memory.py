"""What a Dimenticato player remembers of the values under the figures.

Every value on the board was shown at some time: when the cards were laid, when a figure
landed on it, when a figure on it was lifted to check a name. The log of public events in
the observation lists all of that, so a perfect memory is a look-up. A forgetful player
has lost a value it saw ``age`` turns ago (turns of all players together) with the
probability

    p_forget(age) = 1 - (1 - P) ** age

where ``P`` is the forgetting rate: each turn that passes, the value slips from memory
with probability ``P``. Whether a value is remembered, and the guess, are drawn once per
field and turn, so a player's beliefs stay the same through the decisions of one turn. A value not
remembered is guessed: the most likely value of the card set that is not accounted for,
leaving out values still seen on the same card (a card holds 4 different values).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...games.dimenticato import DimenticatoGame

#: A belief about a covered value: the value and the chance that it is right.
Belief = tuple[int, float]


Seen = dict[str, tuple[int, int]]


def last_seen(observation: Mapping[str, Any]) -> Seen:
    """For every field whose value was ever shown: (value, turn it was last shown)."""
    seen: Seen = {}
    for event in observation["log"]:
        _note(seen, event)
    return seen


def _note(seen: Seen, event: Mapping[str, Any]) -> None:
    turn = event["turn"]
    for shown in (event.get("shown", {}), event.get("capture", {}).get("shown", {})):
        for name, value in shown.items():
            seen[name] = (value, turn)


class Memory:
    """Beliefs about covered values, from the observation and its log only."""

    def __init__(self, game: DimenticatoGame, forget: float, rng: random.Random) -> None:
        self.game = game
        self.forget = forget
        self.rng = rng
        self._drawn: dict[tuple[int, str], bool] = {}
        self._guessed: dict[tuple[int, str], Belief] = {}
        self._seen: Seen = {}
        self._read = 0
        self._last_read: Mapping[str, Any] | None = None

    def seen(self, observation: Mapping[str, Any]) -> Seen:
        """``last_seen(observation)``, reading only the events logged since the last call
        when the log goes on from the one read before (the same event objects)."""
        log = observation["log"]
        read = self._read
        if read > len(log) or (read and log[read - 1] is not self._last_read):
            self._seen, read = {}, 0  # another history: read it from the start
        seen = self._seen
        for index in range(read, len(log)):
            _note(seen, log[index])
        self._read = len(log)
        self._last_read = log[-1] if log else None
        return seen

    def forgets(self, turns: int, name: str, age: int) -> bool:
        """Whether the value on ``name``, seen ``age`` turns ago, is lost at ``turns``."""
        if self.forget <= 0:
            return False
        key = (turns, name)
        if key not in self._drawn:
            self._drawn[key] = self.rng.random() < 1 - (1 - self.forget) ** age
        return self._drawn[key]

    def beliefs(self, observation: Mapping[str, Any]) -> dict[str, Belief]:
        """A belief for every field with a value: certain where uncovered, remembered or
        guessed where covered."""
        values: Mapping[str, int | None] = observation["values"]
        turns = observation["turns"]
        seen = self.seen(observation)
        beliefs: dict[str, Belief] = {n: (v, 1.0) for n, v in values.items() if v is not None}
        forgotten = []
        for name in self.game.hidden_fields(observation):
            value, turn = seen[name]
            if self.forgets(turns, name, turns - turn):
                forgotten.append(name)
            else:
                beliefs[name] = (value, 1.0)
        if forgotten:
            counts = Counter(self.game.value_counts(observation))
            # Values remembered under other figures are accounted for as well.
            counts.subtract(v for n, (v, _) in beliefs.items() if values[n] is None)
            for name in forgotten:
                key = (turns, name)
                if key not in self._guessed:
                    self._guessed[key] = self.guess(observation, name, counts)
                beliefs[name] = self._guessed[key]
        return beliefs

    def guess(self, observation: Mapping[str, Any], name: str, counts: Mapping[int, int]) -> Belief:
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
