"""Helpers for Dimenticato scenarios: positions are written as JSON, like FEN for chess.

Most scenarios play on the 2-player board (32 fields, 6 x 6, start blocks sticking out
west of the top-left and east of the bottom-right corner)::

      a b c d e f g h i j
    6 0 0 o o o o o o          0, 1: start blocks of red (seat 0) and blue (seat 1)
    5 0 0 o i i i i o          o, i: outer and inner lane, clockwise
    4     o i     i o          red's large card: c6 d6 c5 d5, its way out b6-c6, b5-c5
    3     o i     i o          blue's large card: g2 h2 h1 g1, its way out i2-h2, i1-h1
    2     o i i i i o 1 1
    1     o o o o o o 1 1

The board is dealt from seed 0; ``values`` then sets the value of any field.

Every rule scenario runs from both seats (``Seating``): the 2-player board is the same
turned half round, so a scenario drawn for red also holds for blue with every field
turned (``a6`` <-> ``j1``), the values going with their fields and red and blue trading
colours. A scenario names the field colours it relies on (``colours``: the seat's own,
the other seat's, or neither).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest

import wuerfelwerk
from wuerfelwerk.core.chance import SeededChance
from wuerfelwerk.games.dimenticato import DimenticatoGame, DimenticatoState

from ..scenario import apply, refused  # noqa: F401  (the tests import them from here)

RED_START = ["a6", "b6", "a5", "b5"]
BLUE_START = ["i2", "j2", "i1", "j1"]


def load(players: int = 2, **options: Any) -> DimenticatoGame:
    game = wuerfelwerk.load("dimenticato", players=players, **options)
    assert isinstance(game, DimenticatoGame)
    return game


def dealt(players: int = 2, seed: int = 0, **options: Any) -> DimenticatoState:
    """The state after the deal (DIM-2), chance drawn as the driver does."""
    state = load(players, **options).new_initial_state()
    chance = SeededChance(seed)
    index = 0
    while state.is_chance_node():
        state.apply(chance.draw(state, index))
        index += 1
    return state


def position(
    figures: list[list[str]],
    *,
    players: int = 2,
    values: dict[str, int] | None = None,
    opening: list[int] | None = None,
    phase: str = "figure",
    player: int = 0,
    chosen: str | None = None,
    steps: int | None = None,
    **options: Any,
) -> DimenticatoState:
    """A position on the board dealt from seed 0; every figure is out of its start
    (``opening`` 0) unless told."""
    data = dealt(players, **options).to_json()
    data.update(
        figures=figures,
        opening=opening if opening is not None else [0] * players,
        phase=phase,
        player=player,
        chosen=chosen,
        steps=steps,
    )
    data["values"].update(values or {})
    state = load(players, **options).state_from_json(data)
    assert isinstance(state, DimenticatoState)
    return state


def moves(state: DimenticatoState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def figures(state: DimenticatoState) -> list[list[str]]:
    """Each seat's figures by field name, in alphabetical order."""
    return [sorted(seat) for seat in state.to_json()["figures"]]


# Every seat ---------------------------------------------------------------------------

_FIELD = re.compile(r"\b([a-j])(\d+)\b")
MINE, THEIRS, NEITHER = "mine", "theirs", "neither"


def turned(text: str) -> str:
    """Every field name in ``text`` turned half round the 2-player board (10 columns,
    6 rows): ``a6`` <-> ``j1``, ``e6`` <-> ``f1``."""
    return _FIELD.sub(lambda m: chr(ord("a") + ord("j") - ord(m[1])) + str(7 - int(m[2])), text)


@dataclass(frozen=True)
class Seating:
    """A 2-player scenario drawn for red, played by red or (``turned``) by blue."""

    turned: bool

    def __str__(self) -> str:
        return "blue" if self.turned else "red"

    @property
    def seat(self) -> int:
        return int(self.turned)

    @property
    def other(self) -> int:
        return 1 - self.seat

    def __call__(self, text: str) -> str:
        """A field name, an action or a message drawn for red, seen from this seat."""
        return turned(text) if self.turned else text

    def names(self, texts: set[str]) -> set[str]:
        return {self(text) for text in texts}

    def pair(self, mine: Any, theirs: Any) -> list[Any]:
        """Two per-seat entries, red's first, as the position lists them."""
        return [theirs, mine] if self.turned else [mine, theirs]

    def figures(self, mine: list[str], theirs: list[str]) -> list[list[str]]:
        """Expected figures, as ``figures()`` lists them."""
        return self.pair(sorted(map(self, mine)), sorted(map(self, theirs)))

    def colour(self, name: str) -> str:
        """A colour on the board drawn for red, seen from this seat: red and blue trade."""
        if not self.turned:
            return name
        return {"red": "blue", "blue": "red"}.get(name, name)

    def position(
        self,
        mine: list[str],
        theirs: list[str],
        *,
        values: dict[str, int] | None = None,
        colours: dict[str, str] | None = None,
        opening: tuple[int, int] = (0, 0),
        phase: str = "figure",
        chosen: str | None = None,
        steps: int | None = None,
        **options: Any,
    ) -> DimenticatoState:
        """The seat's figures ``mine`` and the other seat's ``theirs`` on the board dealt
        from seed 0, the board turned and red and blue traded with the scenario; ``values``
        set, and the fields in ``colours`` of the colour they name (``MINE``, ``THEIRS`` or
        ``NEITHER``); the seat to act."""
        data = dealt(2, **options).to_json()
        board = {"values": dict(data["values"]), "colours": dict(data["colours"])}
        board["values"].update(values or {})
        roles = {MINE: "red", THEIRS: "blue", NEITHER: "green"}
        board["colours"].update({name: roles[role] for name, role in (colours or {}).items()})
        data.update(
            figures=self.pair([self(f) for f in mine], [self(f) for f in theirs]),
            opening=self.pair(*opening),
            phase=phase,
            player=self.seat,
            chosen=None if chosen is None else self(chosen),
            steps=steps,
            values={self(name): value for name, value in board["values"].items()},
            colours={self(name): self.colour(c) for name, c in board["colours"].items()},
        )
        state = load(2, **options).state_from_json(data)
        assert isinstance(state, DimenticatoState)
        return state


SEATINGS = [Seating(False), Seating(True)]


@pytest.fixture(params=SEATINGS, ids=str)
def seating(request: pytest.FixtureRequest) -> Seating:
    chosen: Seating = request.param
    return chosen
