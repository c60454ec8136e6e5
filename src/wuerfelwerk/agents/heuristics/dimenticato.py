"""``greedy`` for Dimenticato: take the figure whose move promises most, name the value
it remembers (or its best guess), go as far towards home as it can, capture, and land on
safe fields and on values that carry it on.

Spec parameters: ``memory=perfect`` (the default) remembers every value it saw;
``forget=P`` forgets a value seen ``age`` turns ago with probability
``1 - (1 - P) ** age`` and then guesses the most likely value from the card set (see
``dimenticato_memory``). The agent reads only ``state.observation(player)`` and what
the driver showed it as the game went on (``observe``); it never reads a covered value.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping
from functools import cache
from typing import Any

from ...core import Action, Game, InvalidAgentSpecError, State
from ...games.dimenticato import (
    DESTINATION,
    FIGURE,
    GO,
    NAME,
    Choose,
    DimenticatoGame,
    DimenticatoState,
    Geometry,
    Move,
)
from ..spec import AgentSpec
from . import register_heuristic
from .dimenticato_memory import Belief, Memory

HOME = 100.0
CAPTURE_WEIGHT = 1.0
SAFE_BONUS = 1.0
VALUE_WEIGHT = 0.2
ENTRY_BONUS = 3.0
NO_MOVE = -0.5
SHUFFLE = -1.0
SHUFFLE_TO_MAKE_ROOM = 0.5


@cache
def home_distances(geo: Geometry) -> tuple[tuple[int, ...], ...]:
    """Per seat: steps from every track field to the own goal block, forward and
    sideways; 0 in the block."""
    tables = []
    for seat, block in enumerate(geo.blocks):
        dist = [-1] * geo.size
        queue: deque[int] = deque()
        for field in block:
            dist[field] = 0
        for _, ring_field in geo.block_entries[seat]:
            dist[ring_field] = 1
            queue.append(ring_field)
        while queue:
            field = queue.popleft()
            for before in (geo.backward[field], *geo.sideways[field]):
                if before >= 0 and dist[before] < 0:
                    dist[before] = dist[field] + 1
                    queue.append(before)
        tables.append(tuple(dist))
    return tuple(tables)


@cache
def lap(geo: Geometry) -> int:
    """How far a figure on its start fields is from home: beyond every track field."""
    return max(max(dist) for dist in home_distances(geo)) + 3


class DimenticatoGreedy:
    def __init__(self, game: DimenticatoGame, forget: float, seed: int) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.memory = Memory(game, forget, self.rng)

    def observe(self, state: State, player: int, moment: Mapping[str, Any] | None) -> None:
        """Remember the values open now, and one shown for a moment (DIM-5)."""
        self.memory.observe(state.observation(player), moment)

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, DimenticatoState)
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        beliefs = self._beliefs(state, player)
        phase = state.phase
        if phase == FIGURE:
            return self._best(legal, lambda a: self._figure_score(state, a, beliefs))
        if phase == NAME:
            return self.game.names[self._belief(state, state.chosen, beliefs)[0] - 1]
        if phase == GO:
            return self._best(
                legal, lambda a: self._best_move(state, state.chosen, a.distance, beliefs)
            )
        assert phase == DESTINATION
        return self._best(legal, lambda a: self._move_score(state, state.chosen, a, beliefs))

    def _best(self, legal: list[Action], score: Any) -> Action:
        return max(legal, key=lambda a: (score(a), self.rng.random()))

    def _beliefs(self, state: DimenticatoState, player: int) -> Mapping[str, Belief]:
        return self.memory.beliefs(state.observation(player))

    def _belief(self, state: DimenticatoState, field: int, beliefs: Mapping[str, Belief]) -> Belief:
        return beliefs[state.geometry.names[field]]

    def _figure_score(
        self, state: DimenticatoState, action: Action, beliefs: Mapping[str, Belief]
    ) -> float:
        if not isinstance(action, Choose):
            return NO_MOVE
        field = action.field
        geo = state.geometry
        if geo.block_seat[field] >= 0:
            if state.in_start(field):
                return max(self._best_move(state, field, d, beliefs) for d in self.game.goes)
            return self._shuffle_score(state, beliefs)
        value, confidence = self._belief(state, field, beliefs)
        best = self._best_move(state, field, value, beliefs)
        return confidence * max(best, 0.0) if best > NO_MOVE else NO_MOVE

    def _best_move(
        self, state: DimenticatoState, field: int, steps: int, beliefs: Mapping[str, Belief]
    ) -> float:
        moves = state.destinations(field, steps)
        if not moves:
            return NO_MOVE
        return max(self._move_score(state, field, m, beliefs) for m in moves)

    def _move_score(
        self, state: DimenticatoState, origin: int, action: Action, beliefs: Mapping[str, Belief]
    ) -> float:
        assert isinstance(action, Move)
        geo = state.geometry
        seat = state.player
        dest = action.dest
        dist = home_distances(geo)[seat]
        if geo.block_seat[dest] == seat:
            if geo.block_seat[origin] == seat:  # moving on inside the goal
                return 1.0 if any(near == dest for near, _ in geo.block_entries[seat]) else 2.0
            return HOME
        score = float((lap(geo) if state.in_start(origin) else dist[origin]) - dist[dest])
        victim = state.occupant[dest]
        if victim >= 0:
            lost = home_distances(geo)[victim]
            score += CAPTURE_WEIGHT * (lost[action.push] - lost[dest])
        if state.colours[dest] == seat:
            score += SAFE_BONUS
        value = self._belief(state, dest, beliefs)[0]
        left = dist[dest]
        if left <= 6 + 3:
            score += ENTRY_BONUS if left <= value <= left + 2 else 0.0
        else:
            score += VALUE_WEIGHT * value
        return score

    def _shuffle_score(self, state: DimenticatoState, beliefs: Mapping[str, Belief]) -> float:
        """Moving on inside the goal is worth it when it makes room for a figure that is
        due home (DIM-7)."""
        geo = state.geometry
        seat = state.player
        block = set(geo.blocks[seat])
        for field in state.figures[seat]:
            if field in block:
                continue
            value = self._belief(state, field, beliefs)[0]
            if any(f in block and state.occupant[f] == seat for f in state.reachable(field, value)):
                return SHUFFLE_TO_MAKE_ROOM
        return SHUFFLE


class DeterminizedGreedy(DimenticatoGreedy):
    """The greedy player inside a determinization, where every value is known: it reads
    the values from the state itself (MCTS rollouts; never an agent at a real table)."""

    def _beliefs(self, state: DimenticatoState, player: int) -> Mapping[str, Belief]:
        return {}

    def _belief(self, state: DimenticatoState, field: int, beliefs: Mapping[str, Belief]) -> Belief:
        return state.values[field], 1.0


@register_heuristic("dimenticato")
def make_dimenticato_greedy(game: Game, spec: AgentSpec, seed: int) -> DimenticatoGreedy:
    spec.check_keys("memory", "forget")
    assert isinstance(game, DimenticatoGame)
    memory = spec.params.get("memory")
    if memory is not None and memory != "perfect":
        raise InvalidAgentSpecError(f"greedy: memory is 'perfect' or left out, not {memory!r}")
    forget = spec.float_param("forget", 0.0, 0.0, 1.0)
    if memory is not None and forget > 0:
        raise InvalidAgentSpecError("greedy: memory=perfect and forget exclude each other")
    return DimenticatoGreedy(game, forget, seed)
