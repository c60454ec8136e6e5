"""Wurf & Weg (rules WUW-1 to WUW-10): everybody rolls at once, in real time."""

from .actions import LEFT, RIGHT, TARGETS, TRAY, Draw, Lucky, Place, Roll, Throw
from .coasters import Coaster, CoasterSet, load_coasters
from .game import WurfWegGame, WurfWegOptions
from .position import CALM, DRAW, LUCKY, OVER, RACE
from .state import WurfWegState

__all__ = [
    "CALM",
    "DRAW",
    "LEFT",
    "LUCKY",
    "OVER",
    "RACE",
    "RIGHT",
    "TARGETS",
    "TRAY",
    "Coaster",
    "CoasterSet",
    "Draw",
    "Lucky",
    "Place",
    "Roll",
    "Throw",
    "WurfWegGame",
    "WurfWegOptions",
    "WurfWegState",
    "load_coasters",
]
