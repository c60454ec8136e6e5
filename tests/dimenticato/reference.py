"""A slow, plain Dimenticato move generator written from the rules (rules/dimenticato.md),
for comparison with the engine.

It reads a position as JSON (the figures, the values, the colours of the fields as the
observation shows them, the opening counts, the turn under way) and answers, as text,
which actions are legal and where each leads. The board is built here from the rules'
description of our geometry, field names included; nothing of the engine is used, and
nothing of the log.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import Any

Point = tuple[int, int]
Position = dict[str, Any]
COLOURS = ("red", "blue", "green", "yellow")
OPENING = (2, 3, 4, 5)
LANE, SIDE, BLOCK = "lane", "side", "block"


class Board:
    """The square ring of ``(n+1) x (n+1)`` cards of 2 x 2 fields for ``n`` players, two
    lanes running clockwise, and a start block at each large card (DIM-2, ours)."""

    def __init__(self, players: int) -> None:
        n = self.players = players
        side = self.side = 2 * (n + 1)
        self.ring = {
            (x, y)
            for x in range(side)
            for y in range(side)
            if min(x, y) < 2 or max(x, y) >= side - 2
        }
        # Card positions clockwise from the top-left corner; large cards at every 4th.
        cells = (
            [(c, 0) for c in range(n)]
            + [(n, r) for r in range(n)]
            + [(n - c, n) for c in range(n)]
            + [(0, n - r) for r in range(n)]
        )
        corner_heading = {(0, 0): (1, 0), (n, 0): (0, 1), (n, n): (-1, 0), (0, n): (0, -1)}
        self.card: list[set[Point]] = []
        self.block: list[set[Point]] = []
        #: Where a start field leads out: far -> near -> the card's ring field.
        self.out: dict[Point, Point] = {}
        for seat in range(n):
            cx, cy = cells[4 * seat]
            card = {(2 * cx + dx, 2 * cy + dy) for dx in (0, 1) for dy in (0, 1)}
            if (cx, cy) in corner_heading:  # in line with the lanes, entered going on
                hx, hy = corner_heading[(cx, cy)]
                shift = (-2 * hx, -2 * hy)
            else:  # straight out of the middle of a side
                shift = (
                    (0, -2) if cy == 0 else (2, 0) if cx == n else (0, 2) if cy == n else (-2, 0)
                )
            block = {(x + shift[0], y + shift[1]) for x, y in card}
            for point in block:
                ahead = next(
                    q
                    for q in _around(point)
                    if q in card or (q in block and _nearer(q, card, point))
                )
                self.out[point] = ahead
            self.card.append(card)
            self.block.append(block)
        points = self.ring | {p for block in self.block for p in block}
        left = min(x for x, _ in points)
        top = min(y for _, y in points)
        height = max(y for _, y in points) - top + 1
        self.name = {p: f"{chr(ord('a') + p[0] - left)}{top + height - p[1]}" for p in points}
        self.point = {name: p for p, name in self.name.items()}

    def lane(self, p: Point) -> str:
        x, y = p
        return "outer" if x in (0, self.side - 1) or y in (0, self.side - 1) else "inner"

    def forward(self, p: Point) -> Point:
        """The next field of the lane, clockwise."""
        low, high = (0, self.side - 1) if self.lane(p) == "outer" else (1, self.side - 2)
        x, y = p
        if y == low and x < high:
            return x + 1, y
        if x == high and y < high:
            return x, y + 1
        if y == high and x > low:
            return x - 1, y
        return x, y - 1

    def backward(self, p: Point) -> Point:
        return next(q for q in self.ring if self.lane(q) == self.lane(p) and self.forward(q) == p)

    def sideways(self, p: Point) -> list[Point]:
        return [q for q in _around(p) if q in self.ring and self.lane(q) != self.lane(p)]

    def owner(self, p: Point) -> int:
        """The seat whose start block holds ``p``, or -1 for the track."""
        return next((s for s, block in enumerate(self.block) if p in block), -1)


def _around(p: Point) -> list[Point]:
    x, y = p
    return [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]


def _nearer(q: Point, card: set[Point], p: Point) -> bool:
    """Whether block field ``q`` lies nearer the card than ``p``."""

    def gap(r: Point) -> int:
        return min(abs(r[0] - c[0]) + abs(r[1] - c[1]) for c in card)

    return gap(q) < gap(p)


Steps = Callable[[Point], Iterator[tuple[Point, str]]]


def walk_ends(
    start: Point, length: int, steps: Steps, max_turns: int, corner_is_turn: bool
) -> set[tuple[Point, ...]]:
    """Every walk of exactly ``length`` steps: no field twice, at most ``max_turns``
    turns; a turn is a change of direction, except (``corner_is_turn`` off) between
    two steps that both follow the lane (DIM-6)."""
    found: set[tuple[Point, ...]] = set()

    def go(path: list[Point], heading: Point | None, kind: str | None, turns: int) -> None:
        if len(path) == length + 1:
            found.add(tuple(path[1:]))
            return
        here = path[-1]
        for nxt, how in steps(here):
            if nxt in path:
                continue
            new = (nxt[0] - here[0], nxt[1] - here[1])
            turned = heading is not None and new != heading
            if turned and not corner_is_turn and kind == how == LANE:
                turned = False
            if turns + turned <= max_turns:
                go([*path, nxt], new, how, turns + turned)

    go([start], None, None, 0)
    return found


class Reference:
    def __init__(self, position: Position, colours: dict[str, str], options: dict[str, Any]):
        self.position = position
        self.players = len(position["figures"])
        self.board = Board(self.players)
        self.corner_is_turn = options.get("corner_is_turn", True)
        self.round_limit = options.get("round_limit", 200)
        board = self.board
        self.colour = {board.point[name]: COLOURS.index(c) for name, c in colours.items()}
        self.value = {board.point[name]: v for name, v in position["values"].items()}
        self.at: dict[Point, int] = {
            board.point[name]: seat
            for seat, names in enumerate(position["figures"])
            for name in names
        }

    # -- where a figure can go -------------------------------------------------------

    def track_steps(self, seat: int) -> Steps:
        board = self.board

        def steps(p: Point) -> Iterator[tuple[Point, str]]:
            if p in board.ring:
                yield board.forward(p), LANE
                for q in board.sideways(p):
                    yield q, SIDE
                for q in board.block[seat]:
                    if board.out[q] == p:  # the way home (DIM-7)
                        yield q, BLOCK
            else:  # inside the own goal: a 2 x 2 square
                for q in _around(p):
                    if q in board.block[seat]:
                        yield q, BLOCK

        return steps

    def opening_steps(self, p: Point) -> Iterator[tuple[Point, str]]:
        board = self.board
        if p in board.out:
            yield board.out[p], BLOCK
        else:
            yield board.forward(p), LANE
            for q in board.sideways(p):
                yield q, SIDE

    def back_steps(self, p: Point) -> Iterator[tuple[Point, str]]:
        yield self.board.backward(p), LANE
        for q in self.board.sideways(p):
            yield q, SIDE

    def reach(self, origin: Point, count: int) -> set[Point]:
        """Fields ``count`` steps away from the figure on ``origin`` (DIM-4 to DIM-7)."""
        board = self.board
        seat = self.at[origin]
        if board.owner(origin) == seat:
            if self.position["opening"][seat]:  # DIM-4: off the start and the large card
                walks = walk_ends(origin, count, self.opening_steps, 2, self.corner_is_turn)
                return {w[-1] for w in walks if w[-1] in board.ring - board.card[seat]}
            return board.block[seat] - {origin}  # DIM-7: on within the goal
        walks = walk_ends(origin, count, self.track_steps(seat), 2, self.corner_is_turn)
        return {w[-1] for w in walks}

    def landings(self, origin: Point, count: int) -> set[tuple[Point, Point | None]]:
        """(destination, where a captured figure goes) of every move (DIM-9)."""
        seat = self.at[origin]
        found: set[tuple[Point, Point | None]] = set()
        for dest in self.reach(origin, count):
            standing = self.at.get(dest)
            if standing is None:
                found.add((dest, None))
            elif standing != seat and self.colour.get(dest) != standing:
                found |= {(dest, back) for back in self.pushed(standing, dest, origin)}
        return found

    def pushed(self, victim: int, dest: Point, origin: Point) -> set[Point]:
        """Three fields back, at most one turn, not onto or past the victim's own large
        card, onto a free field (the one the capturing figure left is free)."""
        card = self.board.card[victim]
        return {
            walk[-1]
            for walk in walk_ends(dest, 3, self.back_steps, 1, self.corner_is_turn)
            if not card.intersection(walk) and (walk[-1] not in self.at or walk[-1] == origin)
        }

    # -- the actions -------------------------------------------------------------------

    def legal(self) -> set[str]:
        position, board = self.position, self.board
        phase = position["phase"]
        seat = position["player"]
        name = board.name
        if phase == "figure":
            found = set()
            for field in map(board.point.get, position["figures"][seat]):
                assert field is not None
                if position["opening"][seat]:
                    ok = board.owner(field) == seat and any(
                        self.landings(field, d) for d in OPENING
                    )
                else:
                    ok = board.owner(field) != seat or bool(self.landings(field, 0))
                if ok:
                    found.add(f"figure {name[field]}")
            return found or {"pass"}
        if phase == "name":
            return {f"name {v}" for v in range(1, 7)}
        chosen = board.point[position["chosen"]]
        if phase == "go":
            return {f"go {d}" for d in OPENING if self.landings(chosen, d)}
        if phase == "destination":
            return {
                f"to {name[dest]}" + ("" if back is None else f" push {name[back]}")
                for dest, back in self.landings(chosen, position["steps"] or 0)
            }
        return set()

    def after(self, action: str) -> Position:
        new = copy.deepcopy(self.position)
        words = action.split()
        board = self.board
        seat = new["player"]
        if words[0] == "figure":
            field = board.point[words[1]]
            new["chosen"] = words[1]
            if board.owner(field) != seat:
                new["phase"] = "name"
            elif new["opening"][seat]:
                new["phase"] = "go"
            else:
                new.update(phase="destination", steps=None)
            return new
        if words[0] == "name":  # DIM-5
            chosen = board.point[new["chosen"]]
            value = self.value[chosen]
            if int(words[1]) == value and self.landings(chosen, value):
                new.update(phase="destination", steps=value)
                return new
            return self._next_turn(new)
        if words[0] == "go":
            new.update(phase="destination", steps=int(words[1]))
            return new
        if words[0] == "pass":
            return self._next_turn(new)
        origin = board.point[new["chosen"]]
        mine = new["figures"][seat]
        mine[mine.index(new["chosen"])] = words[1]
        if len(words) == 4:  # a capture: the figure there goes back
            victim = self.at[board.point[words[1]]]
            theirs = new["figures"][victim]
            theirs[theirs.index(words[1])] = words[3]
        if new["opening"][seat] and board.owner(origin) == seat:
            new["opening"][seat] -= 1
        elif not new["opening"][seat] and all(board.owner(board.point[f]) == seat for f in mine):
            new.update(phase="over", winner=seat, chosen=None, steps=None)  # DIM-8
            return new
        return self._next_turn(new)

    def _next_turn(self, new: Position) -> Position:
        """DIM-3, and the round limit (ours)."""
        new.update(player=(new["player"] + 1) % self.players, chosen=None, steps=None)
        if new["turns"] >= self.round_limit * self.players:
            new["phase"] = "over"
        else:
            new.update(turns=new["turns"] + 1, phase="figure")
        return new
