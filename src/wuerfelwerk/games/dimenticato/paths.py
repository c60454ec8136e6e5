"""Where a figure can go: walks on the double track, precomputed per board and turn rule.

A step goes to the next field of its own lane (forward), to an orthogonally adjacent
field of the other lane (sideways), or into or inside a start block; never to the
previous field of its lane, never to a field twice in one move, with at most two
right-angle turns (DIM-6). Figures may be jumped (DIM-9), so only the destination of a
walk matters, never what stands on the way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from typing import Final

from .geometry import Geometry, Point, geometry

FORWARD: Final = 0
SIDEWAYS: Final = 1
BLOCK_STEP: Final = 2
MAX_VALUE: Final = 6
OPENING_DISTANCES = (2, 3, 4, 5)
MOVE_TURNS: Final = 2  # DIM-6
PUSH_STEPS: Final = 3  # DIM-9: a captured figure goes back 3 fields ...
PUSH_TURNS: Final = 1  # ... with at most one right-angle turn

StepsFrom = Callable[[int], Iterator[tuple[int, int]]]


def counts_as_turn(
    before: Point | None, before_kind: int, after: Point, kind: int, corner_is_turn: bool
) -> bool:
    """A turn is any 90-degree change of direction between two steps; with
    ``corner_is_turn`` off, following the lane round a corner is not counted (ours)."""
    if before is None or before == after:
        return False
    return corner_is_turn or not (before_kind == kind == FORWARD)


def walks(
    geo: Geometry,
    start: int,
    length: int,
    steps_from: StepsFrom,
    max_turns: int,
    corner_is_turn: bool,
) -> Iterator[tuple[int, ...]]:
    """Every walk from ``start`` of 1 to ``length`` steps (the fields after ``start``)."""
    path: list[int] = []
    visited = {start}

    def extend(
        field: int, before: Point | None, before_kind: int, turns: int
    ) -> Iterator[tuple[int, ...]]:
        for nxt, kind in steps_from(field):
            if nxt in visited:
                continue
            direction = geo.direction(field, nxt)
            spent = turns + counts_as_turn(before, before_kind, direction, kind, corner_is_turn)
            if spent > max_turns:
                continue
            path.append(nxt)
            visited.add(nxt)
            yield tuple(path)
            if len(path) < length:
                yield from extend(nxt, direction, kind, spent)
            path.pop()
            visited.discard(nxt)

    yield from extend(start, None, FORWARD, 0)


def regular_steps(geo: Geometry) -> StepsFrom:
    """Steps of a figure on the track: forward, sideways, into a block, inside a block."""

    def steps(field: int) -> Iterator[tuple[int, int]]:
        forward = geo.forward[field]
        if forward >= 0:
            yield forward, FORWARD
        for nxt in geo.sideways[field]:
            yield nxt, SIDEWAYS
        for nxt in (*geo.home_entry[field], *geo.block_neighbours[field]):
            yield nxt, BLOCK_STEP

    return steps


def opening_steps(geo: Geometry) -> StepsFrom:
    """Steps of a figure leaving its start fields (DIM-4): out of the block onto the track,
    then forward and sideways; no block is entered on the way."""

    def steps(field: int) -> Iterator[tuple[int, int]]:
        if field in geo.start_next:
            yield geo.start_next[field], BLOCK_STEP
            return
        yield geo.forward[field], FORWARD
        for nxt in geo.sideways[field]:
            yield nxt, SIDEWAYS

    return steps


def push_steps(geo: Geometry) -> StepsFrom:
    """Steps of a captured figure going back (DIM-9): against the lane or sideways."""

    def steps(field: int) -> Iterator[tuple[int, int]]:
        yield geo.backward[field], FORWARD
        for nxt in geo.sideways[field]:
            yield nxt, SIDEWAYS

    return steps


def ends(
    geo: Geometry, start: int, length: int, steps_from: StepsFrom, turns: int, corner: bool
) -> list[frozenset[int]]:
    """The destinations of walks of exactly 0..length steps, by length."""
    found: list[set[int]] = [set() for _ in range(length + 1)]
    for path in walks(geo, start, length, steps_from, turns, corner):
        found[len(path)].add(path[-1])
    return [frozenset(f) for f in found]


class MoveTables:
    """Precomputed destinations for one board and one turn rule.

    ``reach[seat][field][steps]``: from a track field, exactly ``steps`` fields, into the
    own goal block but no other (DIM-5 to DIM-7, DIM-9).
    ``opening[seat][field][distance]``: from a start field, ending beyond the own large
    card (DIM-4). ``pushback[seat][field]``: where a figure of ``seat`` captured on
    ``field`` may be put (DIM-9).
    """

    def __init__(self, players: int, corner_is_turn: bool) -> None:
        geo = geometry(players)
        self.geometry = geo
        self.corner_is_turn = corner_is_turn
        regular = regular_steps(geo)
        ring = range(geo.ring_size)
        anywhere = [ends(geo, f, MAX_VALUE, regular, MOVE_TURNS, corner_is_turn) for f in ring]
        self.reach: list[list[list[tuple[int, ...]]]] = [
            [
                [
                    tuple(sorted(d for d in by_steps[k] if geo.block_seat[d] in (-1, seat)))
                    for k in range(MAX_VALUE + 1)
                ]
                for by_steps in anywhere
            ]
            for seat in range(players)
        ]
        opening = opening_steps(geo)
        self.opening: list[dict[int, list[tuple[int, ...]]]] = []
        for seat in range(players):
            large = geo.large_fields[seat]
            table: dict[int, list[tuple[int, ...]]] = {}
            for start in geo.blocks[seat]:
                found = ends(
                    geo, start, max(OPENING_DISTANCES), opening, MOVE_TURNS, corner_is_turn
                )
                table[start] = [
                    tuple(sorted(d for d in found[k] if d < geo.ring_size and d not in large))
                    if k in OPENING_DISTANCES
                    else ()
                    for k in range(max(OPENING_DISTANCES) + 1)
                ]
            self.opening.append(table)
        back = push_steps(geo)
        push_walks = [
            [p for p in walks(geo, f, PUSH_STEPS, back, PUSH_TURNS, corner_is_turn) if len(p) == 3]
            for f in ring
        ]
        self.pushback: list[list[tuple[int, ...]]] = [
            [
                tuple(sorted({p[-1] for p in paths if not geo.large_fields[seat].intersection(p)}))
                for paths in push_walks
            ]
            for seat in range(players)
        ]

    def needs_more_turns(self, start: int, steps: int, dest: int, opening: bool) -> bool:
        """Whether ``dest`` is ``steps`` fields away only by a walk with a third turn."""
        geo = self.geometry
        steps_from = opening_steps(geo) if opening else regular_steps(geo)
        return any(
            len(path) == steps and path[-1] == dest
            for path in walks(geo, start, steps, steps_from, steps, self.corner_is_turn)
        )


@cache
def move_tables(players: int, corner_is_turn: bool) -> MoveTables:
    return MoveTables(players, corner_is_turn)
