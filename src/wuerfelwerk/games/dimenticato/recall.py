"""What a Dimenticato player with a perfect memory knows of the covered values."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...core.recall import Recall as BaseRecall
from .phases import DEAL


class Recall(BaseRecall):
    """Every value a player has seen, and when.

    ``seen[field]`` is the value last seen on a field and the turn it was seen: while the
    field lay open, or when the figure on it was lifted to be named (a moment, DIM-5).
    ``laid`` counts the values of the whole board, seen once when every card lay open
    before the first figure came onto the track (DIM-4); ``None`` for a player that
    joined later (a game from a saved position).
    """

    def __init__(self) -> None:
        self.seen: dict[str, tuple[int, int]] = {}
        self.laid: Counter[int] | None = None

    def copy(self) -> Recall:
        other = Recall()
        other.seen = dict(self.seen)  # its entries are tuples, never changed
        other.laid = None if self.laid is None else Counter(self.laid)
        return other

    def observe(self, observation: Mapping[str, Any], moment: Mapping[str, Any] | None) -> None:
        turns = observation["turns"]
        seen = self.seen
        values: Mapping[str, int | None] = observation["values"]
        covered = False
        for name, value in values.items():
            if value is None:
                covered = True
            else:
                seen[name] = (value, turns)
        if moment is not None:
            for name, value in moment.get("reveal", {}).items():
                seen[name] = (value, turns)
        if self.laid is None and not covered and observation["phase"] != DEAL:
            self.laid = Counter(v for v in values.values() if v is not None)

    def remembered(self, observation: Mapping[str, Any]) -> dict[str, int]:
        """The value last seen under each covered field, where it was ever seen."""
        seen = self.seen
        return {
            name: seen[name][0]
            for name, value in observation["values"].items()
            if value is None and name in seen
        }

    def information(self, observation: Mapping[str, Any]) -> dict[str, Any]:
        """The observation with ``remembered``: the value last seen under each covered
        field."""
        return {**observation, "remembered": self.remembered(observation)}
