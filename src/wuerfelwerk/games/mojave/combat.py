"""Combat at the end of a move (MOJ-5 to MOJ-7, in the order of our gaps).

Around the moved die M, in the fixed order north, east, south, west of M:

1. each enemy die E next to M is attacked by M and every other die of M's owner next
   to E: the attackers' total against E's top value;
2. then, if M still stands and two or more enemies are still next to it, they fight M
   together: their total against M alone.

The side with the smaller total leaves the board, all of its dice; a thrown die is
gone for every later comparison. Equal totals put the attacked dice in Zugzwang.
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import EMPTY, Board
from .dice import TOPS

#: The attacked dice in Zugzwang, each with the fields of its attackers (MOJ-7).
Zugzwang = dict[int, frozenset[int]]


def resolve(
    board: Board, owner: list[int], face: Sequence[int], mover: int
) -> tuple[list[tuple[int, int]], Zugzwang]:
    """Fight around the die just moved to ``mover``; ``owner`` loses the thrown dice.

    Returns the thrown dice as ``(field, seat)`` and the Zugzwang the opponent must
    answer next turn.
    """
    seat = owner[mover]
    enemy = 1 - seat
    thrown: list[tuple[int, int]] = []
    zugzwang: Zugzwang = {}
    neighbours = board.neighbours
    around = neighbours[mover]
    if enemy not in [owner[f] for f in around]:
        return thrown, zugzwang  # no enemy next to M: no fight (most moves)
    for target in around:
        if owner[mover] != seat:
            break  # M is thrown: the fights it started are over [ours]
        if owner[target] == enemy:
            helpers = [f for f in neighbours[target] if f != mover and owner[f] == seat]
            _fight(owner, face, [mover, *helpers], [target], thrown, zugzwang)
    if owner[mover] == seat:
        enemies = [f for f in around if owner[f] == enemy]
        if len(enemies) >= 2:
            _fight(owner, face, [mover], enemies, thrown, zugzwang)
    # A Zugzwang whose attackers have all left the board has nothing left to answer.
    answerable: Zugzwang = {}
    for field, attackers in zugzwang.items():
        standing = frozenset(f for f in attackers if owner[f] == seat)
        if owner[field] == enemy and standing:
            answerable[field] = standing
    return thrown, answerable


def _fight(
    owner: list[int],
    face: Sequence[int],
    attackers: list[int],
    defenders: list[int],
    thrown: list[tuple[int, int]],
    zugzwang: Zugzwang,
) -> None:
    """One comparison: the smaller total leaves the board, all of it (MOJ-5, MOJ-6); a
    tie puts the defenders in Zugzwang against these attackers (MOJ-7)."""
    attack = sum(TOPS[face[f]] for f in attackers)
    defence = sum(TOPS[face[f]] for f in defenders)
    if attack == defence:
        for field in defenders:
            zugzwang[field] = zugzwang.get(field, frozenset()) | frozenset(attackers)
        return
    for field in defenders if attack > defence else attackers:
        thrown.append((field, owner[field]))
        owner[field] = EMPTY
