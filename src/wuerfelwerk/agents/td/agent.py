"""``td``: the learned evaluation playing on its own.

``td`` looks one ply deep: of the positions the legal actions lead to, it takes the one
where the network gives the seat the best chance. ``td:depth=2`` looks a turn further
(expectimax): for each of the ``width`` best actions at one ply, every roll of the dice
with its probability, the answer the next seat to act would choose one ply deep, and
the network's judgement of where that leads; ``time=S`` caps a decision at S seconds
(the actions not reached by then are left out, the best at one ply being looked at
first); ``noise=P`` plays that share of its decisions at random (the lower levels).
``td`` plays the network shipped for the game, board and number of players;
``td:weights=PATH`` a checkpoint written by ``wuerfelwerk train``.
"""

from __future__ import annotations

import random
import time

import numpy as np

from ...core import CHANCE, Action, Game, State
from ..registry import register_agent
from ..spec import AgentSpec
from .evaluator import Evaluator, evaluator_for
from .features import has_features

#: Actions looked at two plies deep, by default.
WIDTH = 8


class TDAgent:
    def __init__(
        self,
        evaluator: Evaluator,
        seed: int,
        depth: int = 1,
        width: int = WIDTH,
        seconds: float | None = None,
        noise: float = 0.0,
    ) -> None:
        self.evaluator = evaluator
        self.rng = random.Random(seed)
        self.depth = depth
        self.width = width
        self.seconds = seconds
        self.noise = noise

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        if self.noise and self.rng.random() < self.noise:
            return self.rng.choice(legal)
        if self.depth == 1:
            return legal[self.evaluator.best(state, player, legal, self.rng)]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        chances = self.evaluator.after(state, legal)[:, player]
        best, best_value = -1, -1.0
        for index in np.argsort(-chances, kind="stable")[: self.width]:
            value = self.expect(state, legal[index], player)
            if value > best_value:
                best, best_value = int(index), value
            if deadline is not None and time.perf_counter() > deadline:
                break
        return legal[best]

    def expect(self, state: State, action: Action, player: int) -> float:
        """``player``'s chance after ``action``, the dice and the next seat's answer."""
        after = state.clone()
        after.apply(action)
        if after.is_terminal():
            return self.evaluator.result(after)[player]
        if after.current_player != CHANCE:  # the same turn goes on (a barricade to place)
            return float(self.evaluator.chances([after])[0, player])
        total = 0.0
        for roll, probability in after.chance_outcomes():
            rolled = after.clone()
            rolled.apply(roll)
            total += probability * self.answer(rolled, player)
        return total

    def answer(self, state: State, player: int) -> float:
        """``player``'s chance once the seat to act in ``state`` has chosen one ply deep."""
        if state.is_terminal():
            return self.evaluator.result(state)[player]
        mover = state.current_player
        if mover == CHANCE:
            return float(self.evaluator.chances([state])[0, player])
        legal = state.legal_actions(mover)
        rows = self.evaluator.after(state, legal)
        return float(rows[int(np.argmax(rows[:, mover])), player])


@register_agent("td", available=has_features)
def make_td(game: Game, spec: AgentSpec, seed: int) -> TDAgent:
    spec.check_keys("weights", "depth", "width", "time", "noise")
    depth = int(spec.float_param("depth", 1, 1, 2))
    width = int(spec.float_param("width", WIDTH, 1, 1000))
    seconds = spec.float_param("time", 0, 0.001, 3600) if "time" in spec.params else None
    evaluator = evaluator_for(game, spec.params.get("weights"))
    noise = spec.float_param("noise", 0.0, 0.0, 1.0)
    return TDAgent(evaluator, seed, depth, width, seconds, noise)
