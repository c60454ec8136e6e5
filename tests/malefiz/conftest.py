"""Helpers for Malefiz scenarios: positions are written as JSON, like FEN for chess."""

from __future__ import annotations

from typing import Any

import pytest

import wuerfelwerk
from wuerfelwerk.games.malefiz import MalefizGame, MalefizState

START_BARRICADES = ["d3", "d5", "g7", "g9", "j3", "j5"]


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
    game = wuerfelwerk.load("malefiz", players=2, **options)
    assert isinstance(game, MalefizGame)
    figures = [
        red + ["start"] * (4 - len(red)),
        (blue or []) + ["start"] * (4 - len(blue or [])),
    ]
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
