"""The learned evaluation: a small value network per game, board and number of players,
trained by self-play TD learning (``wuerfelwerk train``), played on its own (the agent
``td``) and judging the positions where MCTS stops (``mcts:eval=td``).

``features`` turns a position into numbers (a module per game in it),
``network`` is the network and its optimiser, ``checkpoint`` the file format,
``training`` the self-play loop; the trained networks ship in ``weights/``.
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
