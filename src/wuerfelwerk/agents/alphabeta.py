"""``alphabeta``: iterative-deepening negamax with alpha-beta pruning, for two-player
games without chance or hidden information (Mojave).

``alphabeta:time=0.1`` deepens until a tenth of a second is spent and plays the best move
of the deepest search that finished (or of the one cut short, when it had looked at the
previous best move first); ``alphabeta:depth=2`` searches exactly two plies (reproducible:
same seed, same moves); bare ``alphabeta`` thinks as long as bare ``mcts``. Leaves are
judged by the game's MCTS knowledge, or with ``eval=td`` by its value network
(``weights=PATH``: a checkpoint of one's own), which judges the positions one move
before the leaves together, all the moves from each at once; a won or lost position
counts more than any judgement, and a quicker win more than a slower one.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence

import numpy as np

from ..core import TERMINAL, Action, Game, InvalidAgentSpecError, State
from .mcts.agent import DEFAULT_BUDGET
from .mcts.knowledge import knowledge_for
from .registry import register_agent
from .spec import AgentSpec
from .td import evaluator_for

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
        judge: Callable[[Sequence[State]], np.ndarray] | None = None,
    ) -> None:
        self.evaluate = evaluate
        #: Judges many positions at once (a row of values per seat for each): the moves
        #: from a node one ply above the leaves are judged together.
        self.judge = judge
        self.seconds = seconds
        self.depth = depth
        self.rng = random.Random(seed)
        self.nodes = 0
        self._deadline = 0.0
        #: Positions a search may look at before it stops (``value``).
        self._limit = sys.maxsize
        #: History heuristic: how often (weighted by depth) an action cut a search short;
        #: inner nodes try those first.
        self.history: dict[Action, int] = {}

    def choose(self, state: State, player: int) -> Action:
        order = state.legal_actions(player)
        if len(order) == 1:
            return order[0]
        self.nodes = 0
        self._limit = sys.maxsize
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

    def value(self, state: State, player: int, nodes: int) -> float:
        """``player``'s value of ``state``, searched as deep as ``nodes`` positions allow:
        each depth is searched whole or not at all, so the same position and number of
        nodes always give the same value (never the clock)."""
        self.nodes = 0
        self._limit = nodes
        self._deadline = float("inf")
        self.history.clear()
        value = self._leaf(state, player, 0)
        for depth in range(1, MAX_DEPTH + 1):
            if state.current_player == TERMINAL:
                break
            try:
                value = self._value(state, depth, player, -float("inf"), float("inf"), 0)
            except _OutOfTime:
                break
        return value

    def value_at_depth(self, state: State, depth: int, player: int) -> float:
        """``player``'s value of ``state`` searched ``depth`` plies deep, exactly (no
        window, no clock): in [-1, 1], or beyond for a decided game."""
        self._deadline = float("inf")
        self.history.clear()
        return self._value(state, depth, player, -float("inf"), float("inf"), 1)

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
        if self.nodes > self._limit or (
            self.nodes & 255 == 0 and time.perf_counter() > self._deadline
        ):
            raise _OutOfTime
        mover = state.current_player
        if depth == 0 or mover == TERMINAL:
            return self._leaf(state, player, ply)
        maximising = mover == player
        history = self.history
        actions = state.legal_actions(mover)
        if depth == 1 and self.judge is not None:
            return self._frontier(state, actions, player, maximising, ply)
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

    def _frontier(
        self, state: State, actions: list[Action], player: int, maximising: bool, ply: int
    ) -> float:
        """The value of a node one ply above the leaves: every move's position judged
        in one batch (no cut among them: judging them together costs less)."""
        assert self.judge is not None
        self.nodes += len(actions)
        values: list[float] = []
        open_states: list[State] = []
        for action in actions:
            after = state.clone()
            after.apply(action)
            if after.current_player == TERMINAL:
                values.append(self._leaf(after, player, ply + 1))
            else:
                open_states.append(after)
        if open_states:
            values.extend(float(v) for v in self.judge(open_states)[:, player])
        return max(values) if maximising else min(values)

    def _leaf(self, state: State, player: int, ply: int) -> float:
        if state.current_player == TERMINAL:
            # A decided game: a quicker win (a slower loss) is worth a little more.
            return DECIDED * state.returns()[player] * (1 - ply / (10 * MAX_DEPTH))
        return self.evaluate(state)[player]


def _plays(game: Game) -> bool:
    return game.num_players == 2 and not game.has_chance and game.perfect_information


@register_agent("alphabeta", available=_plays)
def make_alphabeta(game: Game, spec: AgentSpec, seed: int) -> AlphaBetaAgent:
    spec.check_keys("time", "depth", "eval", "weights")
    params = spec.params
    seconds = spec.float_param("time", 0, 0.001, 3600) if "time" in params else None
    depth = int(spec.float_param("depth", 0, 1, MAX_DEPTH)) if "depth" in params else None
    if seconds is None and depth is None:
        seconds = DEFAULT_SECONDS
    judge = params.get("eval", "rules")
    if judge not in ("rules", "td"):
        raise InvalidAgentSpecError(f"alphabeta: eval must be rules or td, not {judge!r}")
    if judge == "rules":
        if "weights" in params:
            raise InvalidAgentSpecError("alphabeta: weights=PATH is read with eval=td only")
        return AlphaBetaAgent(knowledge_for(game).evaluate, seconds, depth, seed)
    evaluator = evaluator_for(game, params.get("weights"))
    return AlphaBetaAgent(evaluator.values, seconds, depth, seed, evaluator.values_many)
