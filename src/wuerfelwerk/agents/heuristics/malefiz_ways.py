"""Malefiz ways to the goal with the barricades in place (MAL-8: a barricade stops a
figure until one lands on it exactly), and the fields within a few steps of each other; shared by
the search's judgement and the learned evaluation's features."""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from functools import cache, lru_cache

from ...games.malefiz import Board

#: Steps a barricade on the way costs, in effect: the figure waits for an exact roll.
BARRICADE = 6
#: ``Ways.clear`` of a field whose way to the goal holds no barricade.
NO_BARRICADE = 1 << 20


@dataclass(frozen=True)
class Ways:
    """Per field: ``length``, the steps to the goal with every barricade on the way
    counted ``BARRICADE`` extra; ``clear``, the steps along that way to its first
    barricade (landing on it), or ``NO_BARRICADE``."""

    length: tuple[int, ...]
    clear: tuple[int, ...]


@lru_cache(maxsize=4096)
def ways(board: Board, barricades: int) -> Ways:
    """Dijkstra from the goal; one table per barricade layout, and layouts repeat."""
    length = [1 << 30] * board.size
    clear = [NO_BARRICADE] * board.size
    length[board.goal] = 0
    queue = [(0, board.goal)]
    while queue:
        steps, field = heapq.heappop(queue)
        if steps > length[field]:
            continue
        blocked = barricades >> field & 1
        cost = steps + 1 + (BARRICADE if blocked else 0)
        onward = 1 if blocked else clear[field] + 1
        for nxt in board.neighbours[field]:
            if cost < length[nxt]:
                length[nxt] = cost
                clear[nxt] = onward
                heapq.heappush(queue, (cost, nxt))
    return Ways(tuple(length), tuple(clear))


def way_lengths(board: Board, barricades: int) -> tuple[int, ...]:
    """Steps from every field to the goal, a barricade counting ``BARRICADE`` extra."""
    return ways(board, barricades).length


@cache
def zones(board: Board, steps: int) -> tuple[int, ...]:
    """Per field, the bitmask of the fields 1 to ``steps`` steps away along the board,
    barricades ignored (a breadth-first search from every field)."""
    masks = []
    for start in range(board.size):
        mask = 0
        frontier = {start}
        seen = {start}
        for _ in range(steps):
            frontier = {n for f in frontier for n in board.neighbours[f]} - seen
            seen |= frontier
            for field in frontier:
                mask |= 1 << field
        masks.append(mask)
    return tuple(masks)
