"""Plain-text pictures of a Mojave position: a grid of (text, tag) cells.

Each die shows its owner's letter and its top value (``R3``: a red die with 3 up); a
``!`` marks a die in Zugzwang. Tags say what a cell shows (``seat0``, ``seat1``,
``field``, ``reach``, ``label``); the terminal colours by tag, ``text()`` gives the
bare picture.
"""

from __future__ import annotations

from collections.abc import Mapping

from .board import COLUMNS, EMPTY
from .state import MojaveState

Cell = tuple[str, str]
SEAT_LETTERS = ("R", "B")
LEGEND = "R3 red die with 3 up  B5 black die  ! in Zugzwang (MOJ-7)  *4 reachable, 4 up after"


def cells(state: MojaveState, reach: Mapping[int, int] | None = None) -> list[list[Cell]]:
    """Rows top (black's edge) first, framed by column letters and row numbers.

    ``reach`` maps fields to the top value a chosen die would show there; those fields
    are drawn as ``*4``.
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
                row.append((f"*{reach[field]} ", "reach"))
            else:
                row.append((".  ", "field"))
        rows.append(row)
    rows.append(header)
    return rows


def text(state: MojaveState, reach: Mapping[int, int] | None = None) -> str:
    """The board as plain text, one line per row."""
    return "\n".join("".join(t for t, _ in row).rstrip() for row in cells(state, reach))
