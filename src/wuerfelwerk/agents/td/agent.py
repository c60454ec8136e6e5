"""``td``: the learned evaluation playing on its own, one ply deep: of the positions the
legal actions lead to, the one where the network gives the seat the best chance.

``td`` plays the network shipped for the game, board and number of players;
``td:weights=PATH`` a checkpoint written by ``wuerfelwerk train``.
"""

from __future__ import annotations

import random

from ...core import Action, Game, State
from ..registry import register_agent
from ..spec import AgentSpec
from .evaluator import Evaluator, evaluator_for
from .features import has_features


class TDAgent:
    def __init__(self, evaluator: Evaluator, seed: int) -> None:
        self.evaluator = evaluator
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        return legal[self.evaluator.best(state, player, legal, self.rng)]


@register_agent("td", available=has_features)
def make_td(game: Game, spec: AgentSpec, seed: int) -> TDAgent:
    spec.check_keys("weights")
    return TDAgent(evaluator_for(game, spec.params.get("weights")), seed)
