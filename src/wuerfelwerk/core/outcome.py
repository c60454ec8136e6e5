"""How a game ended: the ranking of the seats, and the returns derived from it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """The places of a finished game.

    ``ranking`` holds groups of seats, best first; seats in one group share their places.
    A draw is a single group holding every seat. ``termination`` says why the game ended
    in a word or two (``"goal reached"``, ``"move limit"``).
    """

    ranking: tuple[frozenset[int], ...]
    termination: str

    @classmethod
    def win(cls, winners: Iterable[int], num_players: int, termination: str) -> Outcome:
        """The winners share the first place; everybody else shares the rest."""
        first = frozenset(winners)
        rest = frozenset(range(num_players)) - first
        return cls((first, rest) if rest else (first,), termination)

    @classmethod
    def draw(cls, num_players: int, termination: str) -> Outcome:
        return cls((frozenset(range(num_players)),), termination)

    @property
    def num_players(self) -> int:
        return sum(len(group) for group in self.ranking)

    @property
    def is_draw(self) -> bool:
        return len(self.ranking) == 1

    @property
    def winners(self) -> frozenset[int]:
        """The seats in first place; empty for a draw."""
        return frozenset() if self.is_draw else self.ranking[0]

    def places(self) -> list[float]:
        """Each seat's place, 0 for first; tied seats get the mean of the places they share."""
        places = [0.0] * self.num_players
        taken = 0
        for group in self.ranking:
            mean = taken + (len(group) - 1) / 2
            for seat in group:
                places[seat] = mean
            taken += len(group)
        return places

    def returns(self) -> list[float]:
        """Zero-sum returns: +1 for sole first place down to -1 for sole last place.

        A seat at (mean) place ``p`` of ``n`` gets ``1 - 2p/(n-1)``; a draw gives 0 to all.
        """
        n = self.num_players
        if n < 2:
            return [0.0] * n
        return [1.0 - 2.0 * place / (n - 1) for place in self.places()]

    def to_json(self) -> dict[str, object]:
        return {
            "ranking": [sorted(group) for group in self.ranking],
            "winners": sorted(self.winners),
            "termination": self.termination,
        }
