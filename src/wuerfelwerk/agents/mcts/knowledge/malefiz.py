"""Malefiz: a position is judged by how far each seat's figures are from the goal,
counting each barricade on the way as a detour (MAL-8: it stops a figure until one
lands on it exactly)."""

from __future__ import annotations

import heapq
from functools import lru_cache

from ....core import Game, State
from ....games.malefiz import HOUSE, Board, MalefizGame, MalefizState
from ....games.malefiz.state import ROLL
from . import Knowledge, register_knowledge, spread

#: Steps a barricade on the way costs, in effect: the figure waits for an exact roll.
BARRICADE = 6
#: The mean roll: the seat about to roll is this much nearer, in effect.
TEMPO = 3.5
#: How much the figures behind the leading one count (the race is won by one figure,
#: MAL-11, but the others are spare runners when the leader is captured, MAL-7).
SUPPORT = 0.15
#: A gap of this many steps is a clear lead.
SCALE = 8.0


@lru_cache(maxsize=4096)
def way_lengths(board: Board, barricades: int) -> tuple[int, ...]:
    """Steps from every field to the goal, a barricade counting ``BARRICADE`` extra
    (Dijkstra from the goal; one table per barricade layout, and layouts repeat)."""
    length = [1 << 30] * board.size
    length[board.goal] = 0
    queue = [(0, board.goal)]
    while queue:
        steps, field = heapq.heappop(queue)
        if steps > length[field]:
            continue
        cost = steps + 1 + (BARRICADE if barricades >> field & 1 else 0)
        for nxt in board.neighbours[field]:
            if cost < length[nxt]:
                length[nxt] = cost
                heapq.heappush(queue, (cost, nxt))
    return tuple(length)


@register_knowledge("malefiz")
def malefiz_knowledge(game: Game) -> Knowledge:
    assert isinstance(game, MalefizGame)
    board = game.board
    entries = [board.houses[h].entry for h in game.houses]

    def evaluate(state: State) -> list[float]:
        assert isinstance(state, MalefizState)
        length = way_lengths(board, state.barricades)
        scores = []
        for seat, figures in enumerate(state.figures):
            steps = [length[entries[seat]] + 1 if f == HOUSE else length[f] for f in figures]
            lead = min(steps)
            score = -(lead + SUPPORT * (sum(steps) - lead))
            if seat == state.player and state.phase == ROLL:
                score += TEMPO
            scores.append(score)
        return spread(scores, SCALE)

    return Knowledge(evaluate, depth=16)
