"""Helpers for Wurf & Weg scenarios: positions are written as JSON, like FEN for chess."""

from __future__ import annotations

from typing import Any

import pytest

import wuerfelwerk
from wuerfelwerk.games.wurfweg import WurfWegGame, WurfWegState, load_coasters

from ..scenario import apply, refused  # noqa: F401  (the tests import them from here)

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


def legal(state: WurfWegState, seat: int) -> set[str]:
    return {str(a) for a in state.legal_actions(seat)}


def seat(state: WurfWegState, number: int) -> dict[str, Any]:
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
