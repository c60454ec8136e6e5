"""``alphabeta``: iterative-deepening negamax with alpha-beta pruning, for two-player
games without chance or hidden information (Mojave).

``alphabeta:time=0.1`` deepens until a tenth of a second is spent and plays the best move
of the deepest search that finished (or of the one cut short, when it had looked at the
previous best move first); ``alphabeta:depth=2`` searches exactly two plies (reproducible:
same seed, same moves); bare ``alphabeta`` thinks as long as bare ``mcts``. Leaves are
judged by the game's MCTS knowledge; a won or lost position counts more than any
judgement, and a quicker win more than a slower one.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from ..core import TERMINAL, Action, Game, State
from .mcts.agent import DEFAULT_BUDGET
from .mcts.knowledge import knowledge_for
from .registry import register_agent
from .spec import AgentSpec

#: A decided game is worth more than any leaf's judgement (within [-1, 1]).
DECIDED = 2.0
#: Plies searched at most: the clock stops the deepening long before, on any real board.
MAX_DEPTH = 64
#: Bare ``alphabeta`` thinks as long as bare ``mcts``.
DEFAULT_SECONDS = DEFAULT_BUDGET.seconds


class _OutOfTime(Exception):
    pass


class AlphaBetaAgent:
    """Negamax over the core API; ``evaluate(state)`` gives per-seat values in [-1, 1]."""

    def __init__(
        self,
        evaluate: Callable[[State], list[float]],
        seconds: float | None,
        depth: int | None,
        seed: int,
    ) -> None:
        self.evaluate = evaluate
        self.seconds = seconds
        self.depth = depth
        self.rng = random.Random(seed)
        self.nodes = 0
        self._deadline = 0.0
        #: History heuristic: how often (weighted by depth) an action cut a search short;
        #: inner nodes try those first.
        self.history: dict[Action, int] = {}

    def choose(self, state: State, player: int) -> Action:
        order = state.legal_actions(player)
        if len(order) == 1:
            return order[0]
        self.nodes = 0
        self.history.clear()
        self._deadline = (
            time.perf_counter() + self.seconds if self.seconds is not None else float("inf")
        )
        self.rng.shuffle(order)  # equal moves: a random one
        best = order[0]
        for depth in range(1, (self.depth or MAX_DEPTH) + 1):
            try:
                order = self._root(state, order, depth, player)
            except _OutOfTime:
                break
            best = order[0]
            if self._decided(state, best, player):
                break
        return best

    def _decided(self, state: State, action: Action, player: int) -> bool:
        after = state.clone()
        after.apply(action)
        return after.current_player == TERMINAL and after.returns()[player] > 0

    def _root(self, state: State, order: list[Action], depth: int, player: int) -> list[Action]:
        """One search of ``depth`` plies; the root actions re-ordered, best first (the
        first search, of one ply, orders them by their judgement). Out of time after the
        first action (the previous best), the order so far stands."""
        alpha = -float("inf")
        values: list[tuple[float, int, Action]] = []
        for index, action in enumerate(order):
            after = state.clone()
            after.apply(action)
            try:
                value = self._value(after, depth - 1, player, alpha, float("inf"), 1)
            except _OutOfTime:
                if index == 0:
                    raise
                done = sorted(values, key=lambda entry: (-entry[0], entry[1]))
                return [a for *_, a in done] + order[index:]
            values.append((value, index, action))
            alpha = max(alpha, value)
        values.sort(key=lambda entry: (-entry[0], entry[1]))
        return [action for *_, action in values]

    def _value(
        self, state: State, depth: int, player: int, alpha: float, beta: float, ply: int
    ) -> float:
        """The value of ``state`` for ``player`` with ``depth`` plies to go (alpha-beta,
        the seat to move maximising its own value: in two-player zero-sum games, the
        opponent minimises ``player``'s)."""
        self.nodes += 1
        if self.nodes & 255 == 0 and time.perf_counter() > self._deadline:
            raise _OutOfTime
        mover = state.current_player
        if depth == 0 or mover == TERMINAL:
            return self._leaf(state, player, ply)
        maximising = mover == player
        history = self.history
        actions = state.legal_actions(mover)
        if history:
            actions.sort(key=lambda a: history.get(a, 0), reverse=True)
        for action in actions:
            after = state.clone()
            after.apply(action)
            value = self._value(after, depth - 1, player, alpha, beta, ply + 1)
            if maximising:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                history[action] = history.get(action, 0) + depth * depth
                break
        return alpha if maximising else beta

    def _leaf(self, state: State, player: int, ply: int) -> float:
        if state.current_player == TERMINAL:
            # A decided game: a quicker win (a slower loss) is worth a little more.
            return DECIDED * state.returns()[player] * (1 - ply / (10 * MAX_DEPTH))
        return self.evaluate(state)[player]


def _plays(game: Game) -> bool:
    return game.num_players == 2 and not game.has_chance and game.perfect_information


@register_agent("alphabeta", available=_plays)
def make_alphabeta(game: Game, spec: AgentSpec, seed: int) -> AlphaBetaAgent:
    spec.check_keys("time", "depth")
    params = spec.params
    seconds = spec.float_param("time", 0, 0.001, 3600) if "time" in params else None
    depth = int(spec.float_param("depth", 0, 1, MAX_DEPTH)) if "depth" in params else None
    if seconds is None and depth is None:
        seconds = DEFAULT_SECONDS
    return AlphaBetaAgent(knowledge_for(game).evaluate, seconds, depth, seed)
