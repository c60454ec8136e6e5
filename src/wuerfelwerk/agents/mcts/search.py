"""The MCTS loop over the core API: selection, expansion, rollout, backup.

Closed loop (perfect information): a node is a position, its legal actions are computed
once. Open loop (ISMCTS): each iteration plays in a fresh determinization, a node is an
action sequence, and only the children legal in this determinization compete.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from math import sqrt

from ...core import CHANCE, TERMINAL, Action, State
from .tree import Node, child_for, select_available, select_outcome, select_uct

#: Chooses an action for a seat during a rollout.
Policy = Callable[[State, int], Action]
#: Per-seat values in [-1, 1] of a position where a rollout was cut short.
Evaluator = Callable[[State], list[float]]


@dataclass(frozen=True)
class Budget:
    """Stop after ``iters`` iterations or at ``seconds`` of wall time, whichever comes
    first; ``None`` leaves that bound out (at least one must be given)."""

    iters: int | None = None
    seconds: float | None = None


@dataclass
class Search:
    """One configured searcher; ``run`` grows a tree from a root."""

    #: ``None``: uniformly random rollouts, played by the game's ``random_playout``.
    policy: Policy | None
    evaluate: Evaluator
    depth: int
    c: float
    stratified: bool
    rng: random.Random
    widen: float = 0.0
    #: Picks the action a new position tries first (default: the rollout policy).
    first: Policy | None = None
    #: The actions the tree considers for a seat (default: every legal action).
    candidates: Callable[[State, int], list[Action]] | None = None
    #: Orders the candidates, most promising first (default: ``first``'s choice first).
    rank: Callable[[State, int, list[Action]], list[Action]] | None = None

    def run(
        self,
        root: Node,
        start: State | Callable[[], State],
        budget: Budget,
    ) -> int:
        """Grow ``root``; ``start`` is the root position (closed loop) or a function
        returning a fresh determinization per iteration (open loop). Returns iterations."""
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        limit = budget.iters
        clock = time.perf_counter
        done = 0
        if isinstance(start, State):
            fresh: Callable[[], State] = start.clone
            grow = self._closed
        else:
            fresh = start
            grow = self._open
        while (limit is None or done < limit) and (deadline is None or clock() < deadline):
            grow(root, fresh())
            done += 1
        return done

    def _closed(self, node: Node, state: State) -> None:
        path = [node]
        rng = self.rng
        while True:
            player = node.player
            if player == TERMINAL:
                break
            if player == CHANCE:
                action = select_outcome(node, state, rng, self.stratified)
                state.apply(action)
                node = child_for(node, action, state, CHANCE)
                path.append(node)
                if node.visits == 0:
                    break
                continue
            untried = node.untried
            if untried is None:
                untried = node.untried = self._ordered(state, player)
            if untried and (
                not self.widen or len(node.children) < self.widen * sqrt(node.visits) + 1
            ):
                action = untried.pop()
                state.apply(action)
                path.append(child_for(node, action, state, player))
                break
            action, node = select_uct(node, self.c)
            state.apply(action)
            path.append(node)
        self._backup(path, self._rollout(state))

    def _ordered(self, state: State, player: int) -> list[Action]:
        """The candidate actions in the order they are tried (the last first): by
        ``rank``, or the choice of ``first`` (or of the rollout policy) first, where it is
        a candidate, and the rest at random; so that with progressive widening an
        opponent answers as that policy would until the search has seen more."""
        actions = self._candidates(state, player)
        if self.rank is not None and len(actions) > 1:
            actions = self.rank(state, player, actions)
            actions.reverse()
            return actions
        self.rng.shuffle(actions)
        chooser = self.first or self.policy
        if self.widen and chooser is not None and len(actions) > 1:
            first = chooser(state, player)
            if first in actions:
                actions.remove(first)
                actions.append(first)
        return actions

    def _candidates(self, state: State, player: int) -> list[Action]:
        if self.candidates is None:
            return state.legal_actions(player)
        return self.candidates(state, player)

    def _open(self, node: Node, state: State) -> None:
        path = [node]
        rng = self.rng
        while True:
            player = state.current_player
            if player == TERMINAL:
                break
            if player == CHANCE:
                action = state.sample_chance(rng)
                state.apply(action)
                node = child_for(node, (CHANCE, action), state, CHANCE)
                path.append(node)
                if node.visits == 0:
                    break
                continue
            children = node.children
            keys = [(player, a) for a in self._candidates(state, player)]
            fresh = [key for key in keys if key not in children]
            if fresh:
                key = rng.choice(fresh)
                state.apply(key[1])
                child = child_for(node, key, state, player)
                child.avail += 1
                path.append(child)
                break
            chosen, node = select_available(node, keys, self.c)
            state.apply(chosen[1])
            path.append(node)
        self._backup(path, self._rollout(state))

    def _rollout(self, state: State) -> list[float]:
        policy = self.policy
        rng = self.rng
        if policy is None:
            state.random_playout(rng, self.depth)
        else:
            for _ in range(self.depth):
                player = state.current_player
                if player == TERMINAL:
                    return state.returns()
                action = state.sample_chance(rng) if player == CHANCE else policy(state, player)
                state.apply(action)
        if state.is_terminal():
            return state.returns()
        return self.evaluate(state)

    @staticmethod
    def _backup(path: list[Node], returns: list[float]) -> None:
        for node in path:
            node.visits += 1
            mover = node.mover
            if mover >= 0:
                node.value += returns[mover]
