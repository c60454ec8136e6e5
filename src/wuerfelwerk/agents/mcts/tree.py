"""The search tree: decision nodes and chance nodes, with per-seat statistics.

A node's ``value`` is the sum of the returns of ``mover``, the seat whose action led to
it, so UCT at a decision node compares children from the view of the seat to act there:
that is how several players (each maximising their own return) share one tree.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from typing import Any

from ...core import Action, State


class Node:
    """One position in the tree (closed loop) or one action sequence (open loop, ISMCTS).

    ``untried`` holds the actions not yet expanded (``None`` until the node is first
    reached); ``avail`` counts how often the action leading here was legal when its
    parent was visited (ISMCTS: a determinization may not allow every action).
    """

    __slots__ = ("avail", "children", "mover", "outcomes", "player", "untried", "value", "visits")

    def __init__(self, player: int, mover: int) -> None:
        self.player = player
        self.mover = mover
        self.children: dict[Hashable, Node] = {}
        self.untried: list[Action] | None = None
        self.outcomes: list[tuple[Action, float]] | None = None
        self.visits = 0
        self.value = 0.0
        self.avail = 0

    def mean(self) -> float:
        return self.value / self.visits if self.visits else 0.0

    def size(self) -> int:
        """The number of nodes in this subtree."""
        return 1 + sum(child.size() for child in self.children.values())


def select_uct(node: Node, c: float) -> tuple[Any, Node]:
    """The child maximising UCB1 for the seat to act (every child already expanded)."""
    log_n = math.log(node.visits)
    sqrt = math.sqrt
    best_score = -math.inf
    best: tuple[Hashable, Node] | None = None
    for action, child in node.children.items():
        visits = child.visits
        score = child.value / visits + c * sqrt(log_n / visits)
        if score > best_score:
            best_score = score
            best = (action, child)
    assert best is not None
    return best


def select_available(node: Node, keys: Sequence[Hashable], c: float) -> tuple[Any, Node]:
    """ISMCTS: UCB1 over the children legal in this determinization, with availability
    counts in place of the parent's visits (Cowling, Powley, Whitehouse 2012)."""
    sqrt, log = math.sqrt, math.log
    best_score = -math.inf
    best: tuple[Hashable, Node] | None = None
    children = node.children
    for key in keys:
        child = children[key]
        child.avail += 1
        score = child.value / child.visits + c * sqrt(log(child.avail) / child.visits)
        if score > best_score:
            best_score = score
            best = (key, child)
    assert best is not None
    return best


def select_outcome(node: Node, state: State, rng: random.Random, stratified: bool) -> Action:
    """A chance outcome: drawn with its probability, or (``stratified``) the outcome
    furthest behind its share of the visits, so the children's mean approaches the
    expectation over the dice with less noise than sampling."""
    outcomes = node.outcomes
    if outcomes is None:
        outcomes = node.outcomes = state.chance_outcomes()
    if not stratified:
        return state.sample_chance(rng)
    total = node.visits + 1
    children = node.children
    best_gap = -math.inf
    best = outcomes[0][0]
    for action, probability in outcomes:
        child = children.get(action)
        gap = probability * total - (child.visits if child is not None else 0)
        if gap > best_gap:
            best_gap = gap
            best = action
    return best


def child_for(node: Node, key: Hashable, state: State, mover: int) -> Node:
    """The child under ``key``, reached by an action of ``mover`` (a seat or ``CHANCE``)
    just applied to ``state``; created if new."""
    child = node.children.get(key)
    if child is None:
        child = node.children[key] = Node(state.current_player, mover)
    return child
