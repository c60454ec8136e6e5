"""Dimenticato (rules DIM-1 to DIM-9): a memory race with hidden values, 2-4 players."""

from .actions import NO_CAPTURE, Choose, Deal, Go, Move, Name, Pass
from .game import DimenticatoGame, DimenticatoOptions
from .geometry import Geometry, geometry
from .phases import DEAL, DESTINATION, FIGURE, GO, NAME, OVER
from .state import DimenticatoState

__all__ = [
    "DEAL",
    "DESTINATION",
    "FIGURE",
    "GO",
    "NAME",
    "NO_CAPTURE",
    "OVER",
    "Choose",
    "Deal",
    "DimenticatoGame",
    "DimenticatoOptions",
    "DimenticatoState",
    "Geometry",
    "Go",
    "Move",
    "Name",
    "Pass",
    "geometry",
]
