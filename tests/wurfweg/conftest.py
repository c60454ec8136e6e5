"""Helpers for Wurf & Weg scenarios: positions are written as JSON, like FEN for chess.

Every rule scenario runs from every seat (``Turn``): the seats sit in a circle and the
rules see no first seat, so a scenario drawn for p1, p2, p3 also holds turned round the
table, p2, p3, p1 and p3, p1, p2.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest

import wuerfelwerk
from wuerfelwerk.games.wurfweg import WurfWegGame, WurfWegState, load_coasters

from ..scenario import apply, refused

ALL_COASTERS = [c.name for c in load_coasters().coasters]


def position(
    coasters: list[str | None],
    hands: list[list[str]] | None = None,
    *,
    phase: str = "race",
    lucky: str | None = "cat",
    unrolled: list[int] | None = None,
    on_coaster: list[int] | None = None,
    won: list[list[str]] | None = None,
    calm_rolls: list[int] | None = None,
    rolls: list[int] | None = None,
    stopper: int | None = None,
    pile: list[str] | None = None,
    round: int = 1,
    **options: Any,
) -> WurfWegState:
    """A position with one entry per seat; dice not listed anywhere lie on the tray, and
    the pile holds every coaster not in play unless given."""
    n = len(coasters)
    game = wuerfelwerk.load("wurfweg", players=n, **options)
    won = won or [[] for _ in range(n)]
    used = {c for c in coasters if c} | {c for w in won for c in w}
    state = game.state_from_json(
        {
            "phase": phase,
            "round": round,
            "lucky": lucky,
            "stopper": stopper,
            "pile": [c for c in ALL_COASTERS if c not in used] if pile is None else pile,
            "players": [
                {
                    "coaster": coasters[seat],
                    "won": won[seat],
                    "hand": (hands or [[] for _ in range(n)])[seat],
                    "unrolled": (unrolled or [0] * n)[seat],
                    "on_coaster": (on_coaster or [0] * n)[seat],
                    "rolls": (rolls or [1] * n)[seat],
                    "calm_rolls": (calm_rolls or [0] * n)[seat],
                }
                for seat in range(n)
            ],
        }
    )
    assert isinstance(state, WurfWegState)
    return state


_SEAT = re.compile(r"\bp(\d)\b")


@dataclass(frozen=True)
class Turn:
    """A scenario for ``players`` seats turned ``shift`` seats round the table: the
    scenario's seat ``s`` is the game's seat ``(s + shift) % players``."""

    players: int
    shift: int

    def __str__(self) -> str:
        return f"p1-is-p{self.seat(0) + 1}"

    def seat(self, seat: int) -> int:
        return (seat + self.shift) % self.players

    def seats(self, *seats: int) -> set[int]:
        return {self.seat(s) for s in seats}

    def __call__(self, text: str) -> str:
        """An action or message with its seat names (``p1``) turned."""
        return _SEAT.sub(lambda m: f"p{self.seat(int(m[1]) - 1) + 1}", text)

    def texts(self, texts: set[str]) -> set[str]:
        return {self(text) for text in texts}

    def turned(self, per_seat: list[Any] | None) -> list[Any] | None:
        """A list with one entry per scenario seat, in the game's seat order."""
        if per_seat is None:
            return None
        out = list(per_seat)
        for seat, entry in enumerate(per_seat):
            out[self.seat(seat)] = entry
        return out

    def position(
        self,
        coasters: list[str | None],
        hands: list[list[str]] | None = None,
        *,
        stopper: int | None = None,
        **kwargs: Any,
    ) -> WurfWegState:
        """``position`` with every per-seat list and the stopper turned."""
        for key in ("unrolled", "on_coaster", "won", "calm_rolls", "rolls"):
            if key in kwargs:
                kwargs[key] = self.turned(kwargs[key])
        turned_coasters = self.turned(coasters)
        assert turned_coasters is not None
        return position(
            turned_coasters,
            self.turned(hands),
            stopper=None if stopper is None else self.seat(stopper),
            **kwargs,
        )

    def apply(self, state: WurfWegState, *texts: str) -> WurfWegState:
        return apply(state, *(self(text) for text in texts))

    def refused(self, state: WurfWegState, text: str, rule: str) -> str:
        return refused(state, self(text), rule)

    def legal(self, state: WurfWegState, seat: int) -> set[str]:
        return legal(state, self.seat(seat))

    def view(self, state: WurfWegState, seat: int) -> dict[str, Any]:
        return view(state, self.seat(seat))


@pytest.fixture(params=range(3), ids=lambda shift: f"shift{shift}")
def turn(request: pytest.FixtureRequest) -> Turn:
    """A three-seat scenario from each seat."""
    return Turn(3, request.param)


def legal(state: WurfWegState, seat: int) -> set[str]:
    return {str(a) for a in state.legal_actions(seat)}


def view(state: WurfWegState, number: int) -> dict[str, Any]:
    players: list[dict[str, Any]] = state.to_json()["players"]
    return players[number]


@pytest.fixture
def game() -> WurfWegGame:
    loaded = wuerfelwerk.load("wurfweg", players=3)
    assert isinstance(loaded, WurfWegGame)
    return loaded


#: The last actions of a 2-player game in which both reach 3 coasters at once (WUW-10).
TOGETHER = ["p2 roll", "p2 throws cat", "p2 place cat tray"]


def before_winning_together() -> WurfWegState:
    """Two players with 2 won coasters each; p1 has called stop and p2 has one die left
    for its last calm roll: the lucky cat wins them their third coasters together."""
    names = [c for c in ALL_COASTERS if c not in ("clover-pig", "penny-horseshoe")]
    return position(
        ["clover-pig", "penny-horseshoe"],
        [[], []],
        phase="calm",
        stopper=0,
        calm_rolls=[0, 2],
        unrolled=[0, 1],
        won=[names[:2], names[2:4]],
    )
