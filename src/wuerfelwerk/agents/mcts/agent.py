"""``MCTSAgent``: search from the position, play the most visited action.

Perfect-information games are searched closed loop and the tree is kept between moves
(reused when the new position is found in it). Games with hidden values are searched
with information-set MCTS over determinizations drawn from the bot's memory.
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from ...core import CHANCE, Action, Game, State
from ..registry import agent_names, make_agent
from ..td import evaluator_for
from .belief import Belief
from .knowledge import Knowledge, knowledge_for
from .search import Budget, Policy, Search
from .tree import Node

#: How far (in actions) and how wide the next position is looked for in the old tree.
REUSE_DEPTH = 6
REUSE_WIDTH = 24
REUSE_CHECKS = 256


#: Half a second per decision where a spec sets no budget.
DEFAULT_BUDGET = Budget(seconds=0.5)


@dataclass(frozen=True)
class MCTSConfig:
    """Everything a spec can set; see ``docs/bots.md`` for the meaning of each."""

    budget: Budget = DEFAULT_BUDGET
    c: float = 1.0
    rollout: str | None = None  # None: the game's default from its knowledge
    depth: int | None = None  # None: the game's default from its knowledge
    eps: float = 0.0
    stratified: bool = True
    widen: float = 1.0
    reuse: bool = True
    noise: float = 0.0
    forget: float = 0.0
    learned: bool = False  # judge positions by the game's value network (eval=td)
    weights: str | None = None  # the network's checkpoint; None: the one shipped


@dataclass(frozen=True)
class SearchResult:
    """What one search did: the action chosen and the figures a benchmark needs."""

    action: Action
    simulations: int
    seconds: float
    reused: int  # visits carried over from the previous move's tree
    nodes: int
    value: float  # the chosen action's mean return for the searching seat
    visits: dict[str, int] = field(default_factory=dict)

    @property
    def simulations_per_s(self) -> float:
        return self.simulations / self.seconds if self.seconds > 0 else 0.0


class MCTSAgent:
    """UCT with chance nodes and per-seat returns; ``search`` is the entry point for
    benchmarks, ``choose`` the one for the driver."""

    def __init__(self, game: Game, config: MCTSConfig, seed: int) -> None:
        self.game = game
        self.config = config
        self.rng = random.Random(seed)
        knowledge = knowledge_for(game)
        rollout = config.rollout or knowledge.rollout
        self.searcher = Search(
            policy=self._policy(knowledge, rollout, seed),
            evaluate=evaluator_for(game, config.weights).values
            if config.learned
            else knowledge.evaluate,
            depth=config.depth if config.depth is not None else knowledge.depth,
            c=config.c,
            stratified=config.stratified,
            rng=self.rng,
            widen=config.widen,
            # Random rollouts still try the greedy player's choice first where there is one.
            first=self._policy(knowledge, "greedy", seed)
            if rollout == "random" and "greedy" in agent_names(game)
            else None,
            candidates=knowledge.candidates,
            rank=knowledge.rank(game, self.rng) if knowledge.rank is not None else None,
        )
        self.belief = None if game.perfect_information else Belief(game, config.forget, self.rng)
        self._tree: tuple[Node, State] | None = None

    def _policy(self, knowledge: Knowledge, name: str, seed: int) -> Policy | None:
        """The rollout policy; ``None`` for uniformly random rollouts."""
        rng = self.rng
        eps = self.config.eps

        def uniform(state: State, player: int) -> Action:
            return rng.choice(state.legal_actions(player))

        if name == "random":
            return None
        if name == "own" and knowledge.policy is not None:
            choose = knowledge.policy(self.game, rng)
        else:
            choose = make_agent("greedy", self.game, seed).choose
        if not eps:
            return choose

        def mixed(state: State, player: int) -> Action:
            return uniform(state, player) if rng.random() < eps else choose(state, player)

        return mixed

    # -- the driver's entry points -----------------------------------------------------

    def observe(self, state: State, player: int, moment: Mapping[str, Any] | None) -> None:
        """In games with hidden values, remember what ``player`` is shown as it happens."""
        if self.belief is not None:
            self.belief.observe(state.observation(player), moment)

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        action = self.search(state, player).action
        if self.config.noise and self.rng.random() < self.config.noise:
            return self.rng.choice(legal)
        return action

    # -- the search ----------------------------------------------------------------------

    def search(self, state: State, player: int) -> SearchResult:
        """Search from ``state`` for ``player`` (who must be able to act) within the budget."""
        start = time.perf_counter()
        if self.belief is not None:
            observation = state.observation(player)
            sample = self.belief.sampler(observation)
            forced = self._forced(observation, sample, player)
            if forced is not None:  # the only action the tree would look at
                return SearchResult(forced, 0, time.perf_counter() - start, 0, 1, 0.0)
            root = Node(player, CHANCE)
            done = self.searcher.run(root, sample, self.config.budget)
            keys: dict[Hashable, Action] = {(player, a): a for a in state.legal_actions(player)}
            reused = 0
        else:
            found = self._find(state) if self.config.reuse else None
            root = found if found is not None else Node(player, CHANCE)
            reused = root.visits
            done = self.searcher.run(root, state, self.config.budget)
            keys = {a: a for a in state.legal_actions(player)}
            self._tree = (root, state.clone()) if self.config.reuse else None
        ranked = sorted(
            (child.visits, child.mean(), self.rng.random(), key)
            for key, child in root.children.items()
            if key in keys
        )
        if ranked:
            _, mean, _, key = ranked[-1]
            action = keys[key]
        else:
            action, mean = self.rng.choice(list(keys.values())), 0.0
        return SearchResult(
            action=action,
            simulations=done,
            seconds=time.perf_counter() - start,
            reused=reused,
            nodes=root.size(),
            value=mean,
            visits={str(keys[k]): c.visits for k, c in root.children.items() if k in keys},
        )

    def _forced(
        self, observation: Mapping[str, Any], sample: Callable[[], State], player: int
    ) -> Action | None:
        """The one action the search could choose where every determinization is the
        same position and the game's knowledge leaves one candidate (Dimenticato: the
        value a perfect memory names, DIM-5); ``None`` otherwise."""
        candidates = self.searcher.candidates
        assert self.belief is not None
        if candidates is None or not self.belief.certain(observation):
            return None
        only = candidates(sample(), player)
        return only[0] if len(only) == 1 else None

    def _find(self, state: State) -> Node | None:
        """The node of the last tree holding ``state``, searched breadth first among the
        most visited nodes near the old root (the position after our own move, after
        the dice, after the opponents' replies)."""
        if self._tree is None:
            return None
        old_root, old_state = self._tree
        self._tree = None
        player = state.current_player
        frontier: deque[tuple[Node, State, int]] = deque([(old_root, old_state, 0)])
        for _ in range(REUSE_CHECKS):
            if not frontier:
                break
            node, position, depth = frontier.popleft()
            if node.player == player and position == state:
                return node
            if depth == REUSE_DEPTH:
                continue
            busiest = sorted(node.children.items(), key=lambda item: -item[1].visits)
            for action, child in busiest[:REUSE_WIDTH]:  # closed loop: keys are actions
                if child.visits > 1:
                    after = position.clone()
                    after.apply(cast(Action, action))
                    frontier.append((child, after, depth + 1))
        return None
