"""The learned evaluation: a small value network per game, board and number of players,
trained by self-play TD learning (``wuerfelwerk train``), played on its own (the agent
``td``) and judging the positions where a search stops (``mcts:eval=td``,
``alphabeta:eval=td``).

The entry point for programs is ``evaluator_for(game)``: for a turn-based game (Malefiz,
Widget, Mojave, Dimenticato) and player count a network ships for (``weights/``:
Malefiz with 2-4 players on both boards, the others with 2) it gives that network,
whose ``chances(states)`` returns each seat's chance to win (a row per position, a
column per seat in seat order, each row summing to 1), calibrated (``wuerfelwerk
calibrate``). Dimenticato hides the values under the figures: a seat is
judged by what it knows, ``chances_seen(informations, seat)`` with its information
states ``recall.information(state.observation(seat))`` (``core/recall.py``); the network
then never reads a hidden value. ``evaluator_for(game, weights=PATH)`` reads a
checkpoint of one's own.

``features`` turns a position into numbers (a module per game in it), ``network`` is
the network and its optimiser, ``checkpoint`` the file format, ``training`` the
self-play loop, ``calibration`` the figures of calibration; the trained networks ship
in ``weights/``.
"""

from __future__ import annotations

from . import agent  # noqa: F401  (registers the agent)
from .checkpoint import CheckpointError, load_checkpoint
from .evaluator import Evaluator, evaluator_for
from .features import features_for, has_features

__all__ = [
    "CheckpointError",
    "Evaluator",
    "evaluator_for",
    "features_for",
    "has_features",
    "load_checkpoint",
]
