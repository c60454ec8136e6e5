"""The game API: pure, no I/O, standard library only."""

from .action import Action
from .agent import Agent, Observe, tell, watchers
from .driver import play
from .errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidAgentSpecError,
    InvalidOptionError,
    InvalidPositionError,
    InvalidRecordError,
    UnknownGameError,
    WuerfelwerkError,
)
from .game import Game
from .options import option
from .outcome import Outcome
from .recall import Recall
from .record import Hint, Record
from .registry import game_class, game_names, register
from .seeding import derive_seed
from .state import CHANCE, SIMULTANEOUS, TERMINAL, State

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "Action",
    "Agent",
    "Game",
    "Hint",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidAgentSpecError",
    "InvalidOptionError",
    "InvalidPositionError",
    "InvalidRecordError",
    "Observe",
    "Outcome",
    "Recall",
    "Record",
    "State",
    "UnknownGameError",
    "WuerfelwerkError",
    "derive_seed",
    "game_class",
    "game_names",
    "option",
    "play",
    "register",
    "tell",
    "watchers",
]
