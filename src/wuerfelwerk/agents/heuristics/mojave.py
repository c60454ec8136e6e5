"""``greedy`` for Mojave: a one-ply search over every move.

A move that fights (it ends next to an enemy die) or answers a Zugzwang is played out on
a copy and scored by material: each die is worth ``DIE`` plus its top value. A quiet move
is scored without a copy: the change of its top value, the threat it runs into or
leaves (what an enemy die could bring next to it on the next move, fought as the rules
sum strength: alone next to our die, the arriving die and every enemy die already next
to ours attack it; next to two or three of ours, it fights their total alone), and how
near it comes to the enemy. Dice of the opponent left in Zugzwang count as half lost.
"""

from __future__ import annotations

import random
from collections import deque

from ...core import Action, Game, State
from ...games.mojave import EMPTY, TOPS, MojaveState, Move
from ...games.mojave.paths import TURNED
from ..spec import AgentSpec
from . import register_heuristic

WIN = 1_000_000.0
DIE = 6.0  # a die on the board is worth this much beyond its top value
ZUGZWANG = 0.5  # share of a die in Zugzwang counted as lost
TIE_THREAT = 0.25  # share of a die counted as lost where an enemy can only tie it
APPROACH = 0.15  # per field nearer to the nearest enemy die


def material(state: MojaveState, seat: int) -> float:
    """Dice count and top values, ours minus theirs; dice in Zugzwang half lost."""
    face = state.face
    zugzwang = state.zugzwang
    score = 0.0
    for side, sign in ((seat, 1.0), (1 - seat, -1.0)):
        for field in state.fields_of(side):
            value = DIE + TOPS[face[field]]
            if field in zugzwang:
                value *= 1 - ZUGZWANG
            score += sign * value
    return score


def reach(state: MojaveState, seat: int) -> list[int]:
    """For every field, the highest top value a die of ``seat`` can arrive with there."""
    best = [0] * state.board.size
    for move in state.paths_of(seat):
        value = TOPS[TURNED[move.shape][state.face[move.origin]]]
        if value > best[move.dest]:
            best[move.dest] = value
    return best


def distances(state: MojaveState, seat: int) -> list[int]:
    """Fields to the nearest die of ``seat`` (rows and columns, dice ignored)."""
    board = state.board
    dist = [-1] * board.size
    queue = deque(state.fields_of(seat))
    for field in queue:
        dist[field] = 0
    while queue:
        field = queue.popleft()
        for nxt in board.neighbours[field]:
            if dist[nxt] < 0:
                dist[nxt] = dist[field] + 1
                queue.append(nxt)
    return dist


class MojaveGreedy:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, MojaveState)
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        enemy = 1 - player
        threats = reach(state, enemy)
        nearest = distances(state, enemy)
        base = material(state, player)
        owner = state.owner
        neighbours = state.board.neighbours

        def score(move: Move) -> float:
            fights = any(owner[n] == enemy for n in neighbours[move.dest])
            if fights or state.zugzwang:
                after = state.clone()
                after.apply(move)
                outcome = after.outcome()
                if outcome is not None:
                    return WIN * outcome.returns()[player]
                survived = after.owner[move.dest] == player
                danger = self._danger(after, move.dest, threats, enemy) if survived else 0.0
                return material(after, player) - base - danger
            top = state.top(move.origin)
            new_top = TOPS[TURNED[move.shape][state.face[move.origin]]]
            return (
                new_top
                - top
                + self._danger(state, move.origin, threats, enemy)
                - self._danger(state, move.dest, threats, enemy, new_top, move.origin)
                + APPROACH * (nearest[move.origin] - nearest[move.dest])
            )

        moves = [a for a in legal if isinstance(a, Move)]
        return max(moves, key=lambda m: (score(m), self.rng.random()))

    @staticmethod
    def _danger(
        state: MojaveState,
        field: int,
        threats: list[int],
        enemy: int,
        top: int = 0,
        vacated: int = EMPTY,
    ) -> float:
        """What a die with ``top`` up on ``field`` may lose to the enemy's next move: an
        enemy die arriving on a free field next to it (MOJ-5, MOJ-6)."""
        top = top or state.top(field)
        owner = state.owner
        neighbours = state.board.neighbours
        ours = 1 - enemy
        around = [n for n in neighbours[field] if n != vacated]
        standing = sum(state.top(n) for n in around if owner[n] == enemy)
        worst = 0.0
        for n in around:
            if owner[n] != EMPTY or not threats[n]:
                continue
            friends = sum(
                state.top(f)
                for f in neighbours[n]
                if f != field and f != vacated and owner[f] == ours
            )
            if friends:  # our dice next to ``n`` defend together against the arrival
                attack, defence = threats[n], top + friends
            else:  # the arrival and the enemy dice next to ours attack it together
                attack, defence = threats[n] + standing, top
            if attack > defence:
                return DIE + top
            if attack == defence:
                worst = TIE_THREAT * (DIE + top)
        return worst


@register_heuristic("mojave")
def make_mojave_greedy(game: Game, spec: AgentSpec, seed: int) -> MojaveGreedy:
    spec.check_keys()
    return MojaveGreedy(seed)
