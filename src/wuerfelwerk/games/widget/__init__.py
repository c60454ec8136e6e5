"""Widget – Das große Würfel-Spiel (rules WID-1 to WID-10) on a ring of 52 fields."""

from .actions import Jump, Move, Pass, Roll, Stay, Throw
from .board import (
    BLACK,
    BLUE,
    COLOURS,
    CONNECT,
    FACE_NAMES,
    GREEN,
    PLACE_NAMES,
    RED,
    RING,
    SHIP,
    WHITE,
    YELLOW,
    Board,
    load_board,
)
from .game import WidgetGame, WidgetOptions
from .state import WidgetState

__all__ = [
    "BLACK",
    "BLUE",
    "COLOURS",
    "CONNECT",
    "FACE_NAMES",
    "GREEN",
    "PLACE_NAMES",
    "RED",
    "RING",
    "SHIP",
    "WHITE",
    "YELLOW",
    "Board",
    "Jump",
    "Move",
    "Pass",
    "Roll",
    "Stay",
    "Throw",
    "WidgetGame",
    "WidgetOptions",
    "WidgetState",
    "load_board",
]
