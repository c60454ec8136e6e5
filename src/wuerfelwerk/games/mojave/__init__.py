"""Würfel Strategie (Mojave) (rules MOJ-1 to MOJ-8): dice as pieces, tipped along paths."""

from .actions import PASS, Move, Pass
from .board import BLACK, EMPTY, RED, Board, board_for
from .dice import ORIENTATIONS, TIPS, TOPS, Orientation
from .fields import COLUMNS
from .game import MojaveGame, MojaveOptions
from .state import MojaveState

__all__ = [
    "BLACK",
    "COLUMNS",
    "EMPTY",
    "ORIENTATIONS",
    "PASS",
    "RED",
    "TIPS",
    "TOPS",
    "Board",
    "MojaveGame",
    "MojaveOptions",
    "MojaveState",
    "Move",
    "Orientation",
    "Pass",
    "board_for",
]
