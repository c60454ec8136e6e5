"""Setting up Widget positions from JSON for the scenario tests."""

from __future__ import annotations

from typing import Any

import wuerfelwerk
from wuerfelwerk.games.widget import WidgetState


def position(
    players: int = 2, options: dict[str, Any] | None = None, **changes: Any
) -> WidgetState:
    """The start position with ``changes`` to its JSON (``figures``, ``roll`` ...).

    A ``roll`` without ``dice_left`` puts the player to decide with both dice of it,
    the way the roll itself would.
    """
    game = wuerfelwerk.load("widget", players=players, **(options or {}))
    data = game.new_initial_state().to_json()
    if "roll" in changes and "dice_left" not in changes:
        roll = changes.pop("roll")
        state = game.state_from_json({**data, **changes})
        state.apply(game.parse_action(f"roll {roll[0]} {roll[1]}"))
    else:
        if "roll" in changes:
            changes.setdefault("phase", "decide")
        state = game.state_from_json({**data, **changes})
    assert isinstance(state, WidgetState)
    return state


def play(state: WidgetState, *texts: str) -> WidgetState:
    """Apply the actions written as ``texts`` in order; return the state."""
    for text in texts:
        state.apply(state.game.parse_action(text))
    return state


def places(state: WidgetState, seat: int) -> list[str]:
    return state.to_json()["figures"][seat]


def texts(state: WidgetState) -> set[str]:
    """The legal actions as text."""
    return {str(action) for action in state.legal_actions()}
