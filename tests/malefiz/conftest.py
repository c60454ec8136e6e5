"""Helpers for Malefiz scenarios: positions are written as JSON, like FEN for chess.

Every rule scenario runs from every seat of 2, 3 and 4 players (``Seating``). A
scenario is drawn for red, whose house lies below a1; the quick board is the same
mirrored left to right, so for a seat whose house lies in the right half (yellow
below i1, blue below m1) every field name is mirrored (``a1`` <-> ``m1``). Green's
house lies below e1, so moves out of the house are checked per house.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest

import wuerfelwerk
from wuerfelwerk.games.malefiz import MalefizGame, MalefizState

START_BARRICADES = ["d3", "d5", "g7", "g9", "j3", "j5"]
#: The houses as the rules draw them: below columns a, e, i and m of the bottom row.
HOUSE_COLUMN = {"red": "a", "green": "e", "yellow": "i", "blue": "m"}
#: MAL-1 and the gaps: 2 players use the outer houses, 3 leave out yellow.
SEAT_COLOURS = {
    2: ("red", "blue"),
    3: ("red", "green", "blue"),
    4: ("red", "green", "yellow", "blue"),
}
_FIELD = re.compile(r"\b([a-m])(\d+)\b")


def mirror(text: str) -> str:
    """Every field name in ``text`` mirrored left to right on the quick board."""
    return _FIELD.sub(lambda m: chr(ord("a") + ord("m") - ord(m[1])) + m[2], text)


@dataclass(frozen=True)
class Seating:
    """The seat to act (``seat``) in a game of ``players``; ``other`` is the seat after
    it, whose figures the scenarios use as the foreign ones."""

    players: int
    seat: int

    def __str__(self) -> str:
        return f"{self.players}p-{self.colour}"

    @property
    def colour(self) -> str:
        return SEAT_COLOURS[self.players][self.seat]

    @property
    def other(self) -> int:
        return (self.seat + 1) % self.players

    @property
    def mirrored(self) -> bool:
        return HOUSE_COLUMN[self.colour] > "g"

    @property
    def outer(self) -> bool:
        """Whether the house lies below a corner (red, blue), as red's does."""
        return HOUSE_COLUMN[self.colour] in "am"

    def __call__(self, text: str) -> str:
        """A field name or an action as the scenario draws it for red, seen from this
        seat."""
        return mirror(text) if self.mirrored else text

    def names(self, texts: set[str] | list[str]) -> set[str]:
        return {self(text) for text in texts}

    def position(
        self,
        mine: list[str],
        theirs: list[str] | None = None,
        *,
        die: int | None = 1,
        phase: str = "move",
        barricades: list[str] | None = None,
        **options: Any,
    ) -> MalefizState:
        """The seat's figures ``mine``, the other seat's ``theirs`` (drawn for red;
        figures not listed are at home), the seat to act."""
        listed = {self.seat: [self(f) for f in mine], self.other: [self(f) for f in theirs or []]}
        return _position(
            self.players,
            listed,
            player=self.seat,
            die=die,
            phase=phase,
            barricades=[self(f) for f in (START_BARRICADES if barricades is None else barricades)],
            **options,
        )


SEATINGS = [Seating(players, seat) for players in (2, 3, 4) for seat in range(players)]
OUTER = [s for s in SEATINGS if s.outer]


@pytest.fixture(params=SEATINGS, ids=str)
def seating(request: pytest.FixtureRequest) -> Seating:
    chosen: Seating = request.param
    return chosen


def position(
    red: list[str],
    blue: list[str] | None = None,
    *,
    die: int | None = 1,
    phase: str = "move",
    player: int = 0,
    barricades: list[str] | None = None,
    **options: Any,
) -> MalefizState:
    """A two-player quick-board position: red (seat 0, house below a1) and blue (seat 1,
    house below m1); figures not listed are at home."""
    listed = {0: red, 1: blue or []}
    return _position(
        2, listed, player=player, die=die, phase=phase, barricades=barricades, **options
    )


def _position(
    players: int,
    listed: dict[int, list[str]],
    *,
    player: int,
    die: int | None,
    phase: str,
    barricades: list[str] | None,
    **options: Any,
) -> MalefizState:
    game = wuerfelwerk.load("malefiz", players=players, **options)
    assert isinstance(game, MalefizGame)
    figures = [["start"] * 4 for _ in range(players)]
    for seat, names in listed.items():
        figures[seat] = names + ["start"] * (4 - len(names))
    state = game.state_from_json(
        {
            "phase": phase,
            "player": player,
            "die": die if phase == "move" else None,
            "figures": figures,
            "barricades": START_BARRICADES if barricades is None else barricades,
        }
    )
    assert isinstance(state, MalefizState)
    return state


def moves(state: MalefizState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


@pytest.fixture
def game() -> MalefizGame:
    loaded = wuerfelwerk.load("malefiz", players=2)
    assert isinstance(loaded, MalefizGame)
    return loaded
