"""Plain-text pictures of a Mojave position: a grid of (text, tag) cells.

Each die shows its owner's letter and its top value (``R3``: a red die with 3 up); a
``!`` marks a die in Zugzwang. Tags say what a cell shows (``seat0``, ``seat1``,
``field``, ``reach``, ``label``); the terminal colours by tag, ``text()`` gives the
bare picture.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from .actions import Move
from .board import EMPTY
from .dice import TOPS
from .fields import COLUMNS
from .paths import TURNED
from .state import MojaveState

Cell = tuple[str, str]
SEAT_LETTERS = ("R", "B")
LEGEND = (
    "R3 red die with 3 up  B5 black die  ! in Zugzwang (MOJ-7)\n"
    "*4 reachable, 4 up on arrival (*45: 4 or 5, by the path)"
)


def cells(
    state: MojaveState, reach: Mapping[int, Collection[int]] | None = None
) -> list[list[Cell]]:
    """Rows top (black's edge) first, framed by column letters and row numbers.

    ``reach`` maps fields to the top values a chosen die would show there (two L-shaped
    paths to one field may differ); those fields are drawn as ``*4`` or ``*45``.
    """
    board = state.board
    reach = reach or {}
    header: list[Cell] = [("    ", "none")]
    header += [(f"{chr(ord('a') + x)}  ", "label") for x in range(COLUMNS)]
    rows = [header]
    for y in reversed(range(board.rows)):
        row: list[Cell] = [(f"{y + 1:>3} ", "label")]
        for x in range(COLUMNS):
            field = y * COLUMNS + x
            seat = state.owner[field]
            if seat != EMPTY:
                mark = "!" if field in state.zugzwang else " "
                row.append((f"{SEAT_LETTERS[seat]}{state.top(field)}{mark}", f"seat{seat}"))
            elif field in reach:
                tops = "".join(str(t) for t in sorted(set(reach[field])))
                row.append((f"*{tops}".ljust(3), "reach"))
            else:
                row.append((".  ", "field"))
        rows.append(row)
    rows.append(header)
    return rows


def text(state: MojaveState, reach: Mapping[int, Collection[int]] | None = None) -> str:
    """The board as plain text, one line per row."""
    return "\n".join("".join(t for t, _ in row).rstrip() for row in cells(state, reach))


def reachable(state: MojaveState, field: int) -> dict[int, list[int]]:
    """Where the die on ``field`` can go, with its top value on arrival: its legal moves
    when its owner is to move, else every free path (MOJ-2 to MOJ-4)."""
    seat = state.owner[field]
    moves = state.legal_actions() if seat == state.current_player else state.paths_of(seat)
    reach: dict[int, list[int]] = {}
    for move in moves:
        if isinstance(move, Move) and move.origin == field:
            reach.setdefault(move.dest, []).append(TOPS[TURNED[move.shape][state.face[field]]])
    return reach
