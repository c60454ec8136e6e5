"""Helpers for Mojave scenarios: positions are written as JSON, like FEN for chess.

A die is written ``"e5"`` (1 up), ``"e5=3"`` (a die with 3 up, turned the first way ``ORIENTATIONS``
lists) or ``"e5=3/1/2"`` (top, north, east in full).
"""

from __future__ import annotations

from typing import Any

import pytest

import wuerfelwerk
from wuerfelwerk.games.mojave import ORIENTATIONS, MojaveGame, MojaveState

from ..scenario import apply, refused  # noqa: F401  (the tests import them from here)


def die(text: str) -> dict[str, Any]:
    field, _, faces = text.partition("=")
    values = [int(v) for v in (faces or "1").split("/")]
    if len(values) == 1:
        first = next(o for o in ORIENTATIONS if o.top == values[0])
        values = [first.top, first.north, first.east]
    top, north, east = values
    return {"field": field, "top": top, "north": north, "east": east}


def position(
    red: list[str],
    black: list[str],
    *,
    player: int = 0,
    zugzwang: dict[str, list[str]] | None = None,
    quiet_moves: int = 0,
    moves: int = 0,
    **options: Any,
) -> MojaveState:
    """Red (seat 0, south edge) and black (seat 1) dice; ``zugzwang`` maps a die of the
    player to move to its attackers."""
    game = wuerfelwerk.load("mojave", **options)
    state = game.state_from_json(
        {
            "player": player,
            "moves": moves,
            "quiet_moves": quiet_moves,
            "dice": [[die(d) for d in red], [die(d) for d in black]],
            "zugzwang": [{"die": d, "attackers": a} for d, a in (zugzwang or {}).items()],
        }
    )
    assert isinstance(state, MojaveState)
    return state


def moves(state: MojaveState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def dice(state: MojaveState) -> list[dict[str, int]]:
    """Each seat's dice as ``{field: top}``."""
    return [{d["field"]: d["top"] for d in seat} for seat in state.to_json()["dice"]]


@pytest.fixture
def game() -> MojaveGame:
    loaded = wuerfelwerk.load("mojave")
    assert isinstance(loaded, MojaveGame)
    return loaded
