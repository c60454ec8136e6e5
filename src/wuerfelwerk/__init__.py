"""wuerfelwerk: five dice board games as real software.

>>> import wuerfelwerk
>>> game = wuerfelwerk.load("malefiz", players=2)
>>> state = game.new_initial_state()
>>> state.current_player == wuerfelwerk.CHANCE
True
"""

from __future__ import annotations

from typing import Any

from . import games as _games  # noqa: F401  (registers every game)
from .core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Game,
    IllegalActionError,
    Outcome,
    Record,
    State,
    game_names,
    play,
)
from .core.registry import create


def load(name: str, **options: Any) -> Game:
    """The game ``name`` with ``options`` (``UnknownGameError``, ``InvalidOptionError``)."""
    return create(name, options)


__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "Action",
    "Game",
    "IllegalActionError",
    "Outcome",
    "Record",
    "State",
    "game_names",
    "load",
    "play",
]
