"""Malefiz (rules MAL-1 to MAL-11) on the quick and the classic board."""

from .actions import HOUSE, Move, Pass, PlaceBarricade, Roll
from .board import Board, load_board
from .game import MalefizGame, MalefizOptions
from .state import MalefizState

__all__ = [
    "HOUSE",
    "Board",
    "MalefizGame",
    "MalefizOptions",
    "MalefizState",
    "Move",
    "Pass",
    "PlaceBarricade",
    "Roll",
    "load_board",
]
