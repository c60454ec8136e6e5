"""Combat at the end of a move (MOJ-5 to MOJ-7): strength is summed, never fought out one
pair at a time (our gaps). Around the moved die M:

1. two or three enemy dice next to M defend together: their total against M alone;
2. exactly one enemy die E next to M: its attackers are M and every other die of M's
   owner next to E, their total against E's top value.

The side with the smaller total leaves the board, all of its dice. Equal totals put the
attacked dice in Zugzwang (MOJ-7), each held by all of the dice it was fought by; its
owner must then answer it (``answers``).
"""

from __future__ import annotations

from ...core.native import i64, vec
from .actions import Move
from .board import EMPTY, Board
from .dice import TOPS

#: The attacked dice in Zugzwang, each with the fields of its attackers (MOJ-7).
Zugzwang = dict[int, frozenset[int]]


def resolve(
    board: Board, owner: vec[i64], face: vec[i64], mover: int
) -> tuple[list[tuple[int, int]], Zugzwang] | None:
    """Fight around the die just moved to ``mover``; ``owner`` loses the thrown dice.

    Returns the thrown dice as ``(field, seat)`` and the Zugzwang the opponent must
    answer next turn; ``None`` if no enemy stands next to M: no fight (most moves).
    """
    seat = owner[mover]
    around = board.around
    for at in range(mover * 4, mover * 4 + 4):
        field = around[at]
        if field != EMPTY and owner[field] == 1 - seat:
            break
    else:
        return None
    neighbours = board.neighbours
    # MOJ-6: two or three enemy dice next to the mover defend together, against it alone.
    enemies = [f for f in neighbours[mover] if owner[f] == 1 - seat]
    attackers = [mover]
    if len(enemies) == 1:
        # MOJ-6: one enemy die, attacked by the mover and every other die of its owner
        # next to it, together; one against one (MOJ-5) where there is no other.
        attackers += [f for f in neighbours[enemies[0]] if f != mover and owner[f] == seat]
    attack = sum(TOPS[face[f]] for f in attackers)
    defence = sum(TOPS[face[f]] for f in enemies)
    if attack == defence:
        held = frozenset(attackers)
        return [], {field: held for field in enemies}
    # MOJ-5, MOJ-6: the side with the smaller total leaves the board, all of its dice.
    thrown = [(f, owner[f]) for f in (enemies if attack > defence else attackers)]
    for field, _ in thrown:
        owner[field] = EMPTY
    return thrown, {}


def answers(board: Board, zugzwang: Zugzwang, moves: list[Move]) -> list[Move]:
    """Those of ``moves`` that answer ``zugzwang`` (MOJ-7): the attacked die moves away,
    ending next to none of its attackers (our gaps), or another die comes next to an
    attacker (and so raises the total).

    The fields next to attackers are marked as bits per row: block 0 of ``near`` for
    all attackers, block ``k`` for those of the ``k``-th attacked die."""
    rows = board.rows
    row_line, row_bit = board.row_line, board.row_bit
    attacked = vec[i64](list(zugzwang))
    near = vec[i64]([0] * (rows * (len(attacked) + 1)))
    for k, attackers in enumerate(zugzwang.values()):
        block = (k + 1) * rows
        for attacker in attackers:
            for field in board.neighbours[attacker]:
                near[row_line[field]] |= row_bit[field]
                near[block + row_line[field]] |= row_bit[field]
    found: list[Move] = []
    for move in moves:
        origin = move.origin
        block = 0
        for k in range(len(attacked)):
            if attacked[k] == origin:
                block = (k + 1) * rows
                break
        dest = move.dest
        next_to = near[block + row_line[dest]] & row_bit[dest]
        if (not next_to) if block else next_to:
            found.append(move)
    return found
