"""``greedy`` for Malefiz: win, capture, advance the figure that gains most, and put a
taken barricade in the way of the opponent closest to the goal."""

from __future__ import annotations

import random
from collections import deque
from functools import cache

from ...core import Action, Game, State
from ...games.malefiz import HOUSE, Board, MalefizState, Move, PlaceBarricade
from ..spec import AgentSpec
from . import register_heuristic

WIN = 1_000_000.0
CAPTURE_WEIGHT = 0.8
REST_BONUS = 1.5
BARRICADE_BONUS = 2.0


@cache
def goal_distances(board: Board) -> tuple[int, ...]:
    """Steps from every field to the goal, barricades ignored."""
    dist = [-1] * board.size
    dist[board.goal] = 0
    queue = deque([board.goal])
    while queue:
        field = queue.popleft()
        for nxt in board.neighbours[field]:
            if dist[nxt] < 0:
                dist[nxt] = dist[field] + 1
                queue.append(nxt)
    return tuple(dist)


class MalefizGreedy:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, MalefizState)
        return self.ranked(state, player, state.legal_actions(player))[0]

    def ranked(self, state: MalefizState, player: int, legal: list[Action]) -> list[Action]:
        """``legal`` from the greedy player's favourite down (ties in a random order)."""
        if isinstance(legal[0], PlaceBarricade):
            return self._placements(state, player, legal)
        moves = [m for m in legal if isinstance(m, Move)]
        if len(moves) < len(legal):
            return list(legal)  # a pass (MAL-6)
        keys = {m: (self._score(state, player, m), self.rng.random()) for m in moves}
        ordered = sorted(moves, key=keys.__getitem__, reverse=True)
        return list(ordered)

    def _distance(self, state: MalefizState, seat: int, field: int) -> int:
        return figure_distance(state, seat, field)

    def _score(self, state: MalefizState, player: int, move: Move) -> float:
        board = state.board
        if move.dest == board.goal:
            return WIN
        score = float(
            self._distance(state, player, move.origin) - self._distance(state, player, move.dest)
        )
        victim = state.occupant[move.dest]
        if victim >= 0 and move.dest != board.forest:
            home = state.sent_back_to(move.dest)
            lost = self._distance(state, victim, home) - self._distance(state, victim, move.dest)
            score += CAPTURE_WEIGHT * lost * (-1 if victim == player else 1)
        if board.rest_mask >> move.dest & 1:
            score += REST_BONUS
        if state.barricades >> move.dest & 1:
            score += BARRICADE_BONUS
        return score

    def _placements(self, state: MalefizState, player: int, legal: list[Action]) -> list[Action]:
        """In the way of the opponent figure nearest the goal: a free field on one of its
        shortest ways, not on our own best figure's way, as near to it as possible; then
        the rest."""
        board = state.board
        dist = goal_distances(board)
        opponents = [seat for seat in range(state.game.num_players) if seat != player]
        way = shortest_way_fields(board, leading_figure(state, opponents))
        my_way = shortest_way_fields(board, leading_figure(state, [player]))
        placements = [a for a in legal if isinstance(a, PlaceBarricade)]

        def rank(action: PlaceBarricade) -> tuple[int, int, int, float]:
            on_way = action.field in way
            return (
                0 if on_way else 1,
                1 if action.field in my_way else 0,
                dist[action.field] if not on_way else -dist[action.field],
                self.rng.random(),
            )

        ordered = sorted(placements, key=rank)
        return list(ordered)


def figure_distance(state: MalefizState, seat: int, field: int) -> int:
    """Steps to the goal of a figure of ``seat`` on ``field`` (``HOUSE``: the entry field
    and one more, MAL-4), barricades ignored."""
    board = state.board
    dist = goal_distances(board)
    if field == HOUSE:
        return dist[board.houses[state.game.houses[seat]].entry] + 1
    return dist[field]


def leading_figure(state: MalefizState, seats: list[int]) -> int:
    """The field of the figure of ``seats`` nearest the goal; for a figure still at home,
    its entry field (its first step, MAL-4)."""
    _, field, seat = min(
        (figure_distance(state, seat, f), f, seat) for seat in seats for f in state.figures[seat]
    )
    return state.board.houses[state.game.houses[seat]].entry if field == HOUSE else field


def shortest_way_fields(board: Board, start: int) -> frozenset[int]:
    """The fields on some shortest way from ``start`` to the goal (``start`` excluded)."""
    dist = goal_distances(board)
    fields: set[int] = set()
    frontier = {start}
    while frontier:
        nxt = {n for f in frontier for n in board.neighbours[f] if dist[n] == dist[f] - 1}
        fields |= nxt
        frontier = nxt - {board.goal}
    return frozenset(fields - {board.goal})


@register_heuristic("malefiz")
def make_malefiz_greedy(game: Game, spec: AgentSpec, seed: int) -> MalefizGreedy:
    spec.check_keys()
    return MalefizGreedy(seed)
