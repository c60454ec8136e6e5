"""How a game ended: the ranking of the seats, and the returns derived from it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """The places of a finished game.

    ``ranking`` holds groups of seats, best first; seats in one group share their places.
    ``termination`` says why the game ended in a word or two (``"goal reached"``, ``"move
    limit"``). A single group holding every seat is a draw, unless ``shared_win`` says
    that they all won together (Wurf & Weg, WUW-10: several at once win together).
    """

    ranking: tuple[frozenset[int], ...]
    termination: str
    shared_win: bool = False

    @classmethod
    def win(cls, winners: Iterable[int], num_players: int, termination: str) -> Outcome:
        """The winners share the first place; everybody else shares the rest. Every seat
        among the winners is a shared win, not a draw."""
        first = frozenset(winners)
        rest = frozenset(range(num_players)) - first
        if not first:
            raise ValueError("a win needs at least one winner")
        return cls((first, rest) if rest else (first,), termination, shared_win=not rest)

    @classmethod
    def draw(cls, num_players: int, termination: str) -> Outcome:
        return cls((frozenset(range(num_players)),), termination)

    @property
    def num_players(self) -> int:
        return sum(len(group) for group in self.ranking)

    @property
    def is_draw(self) -> bool:
        return len(self.ranking) == 1 and not self.shared_win

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

    def describe(self, name: Callable[[int], str]) -> str:
        """The result in words, naming every winner: ``"red and blue won together (3
        coasters)"``, ``"a draw (round limit)"``."""
        if self.is_draw:
            return f"a draw ({self.termination})"
        names = [name(seat) for seat in sorted(self.winners)]
        if len(names) == 1:
            return f"{names[0]} won ({self.termination})"
        together = ", ".join(names[:-1]) + f" and {names[-1]}"
        return f"{together} won together ({self.termination})"
