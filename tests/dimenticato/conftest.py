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
"""

from __future__ import annotations

from typing import Any

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
