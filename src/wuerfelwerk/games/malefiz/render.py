"""Plain-text pictures of a Malefiz position: a grid of (text, tag) cells.

The tags say what a cell shows (``seat0``, ``barricade``, ``rest``, ...); the terminal
front end colours by tag, and ``text()`` gives the bare picture.
"""

from __future__ import annotations

from .actions import HOUSE
from .board import GOAL, REST, VILLAGE, VILLAGE_BARRICADE
from .state import MOVE, ROLL, MalefizState

Cell = tuple[str, str]

SEAT_LETTERS = {"red": "R", "green": "G", "yellow": "Y", "blue": "B"}


def seat_letter(state: MalefizState, seat: int) -> str:
    board = state.board
    return SEAT_LETTERS.get(board.houses[state.game.houses[seat]].colour, str(seat))


def cells(state: MalefizState) -> list[list[Cell]]:
    """Rows top first: a header of column letters, the board, then the houses."""
    board = state.board
    grid: list[list[Cell]] = [[("   ", "none")] * board.width for _ in range(board.height)]
    forest_count = sum(f == board.forest for figures in state.figures for f in figures)
    for field, (x, y) in enumerate(board.coords):
        kind = board.kinds[field]
        seat = state.occupant[field]
        if field == board.forest:
            grid[board.height - y][x] = (f" F{forest_count or ''}".ljust(3), "forest")
        elif seat >= 0:
            grid[board.height - y][x] = (f" {seat_letter(state, seat)} ", f"seat{seat}")
        elif state.barricades >> field & 1:
            grid[board.height - y][x] = (" # ", "barricade")
        elif kind == GOAL:
            grid[board.height - y][x] = (" @ ", "goal")
        elif kind == REST:
            grid[board.height - y][x] = (" o ", "rest")
        elif kind in (VILLAGE, VILLAGE_BARRICADE):
            grid[board.height - y][x] = (" : ", "village")
        else:
            grid[board.height - y][x] = (" . ", "field")
    for seat, figures in enumerate(state.figures):
        if any(f == board.goal for f in figures):
            x, y = board.coords[board.goal]
            grid[board.height - y][x] = (f"[{seat_letter(state, seat)}]", f"seat{seat}")
    rows: list[list[Cell]] = []
    header = [("    ", "none")] + [(f" {chr(ord('a') + x)} ", "label") for x in range(board.width)]
    rows.append(header)
    for index, row in enumerate(grid):
        rows.append([(f"{board.height - index:>3} ", "label"), *row])
    houses: list[Cell] = [("    ", "none")] + [("   ", "none")] * board.width
    for seat, house in enumerate(state.game.houses):
        x = board.coords[board.houses[house].entry][0]
        home = sum(1 for f in state.figures[seat] if f == HOUSE)
        houses[x + 1] = (f"{seat_letter(state, seat)}{home}".center(3), f"seat{seat}")
    rows.append(houses)
    return rows


def text(state: MalefizState) -> str:
    """The board as plain text, one line per row."""
    return "\n".join("".join(t for t, _ in row).rstrip() for row in cells(state))


def legend(state: MalefizState) -> str:
    """What the signs of ``cells`` mean, for the signs this board has."""
    board = state.board
    signs = ["# barricade"]
    if board.rest_mask:
        signs.append("o rest field")
    if board.village_mask:
        signs.append(": village")
    if board.forest is not None:
        signs.append("F forest (count)")
    signs += ["@ goal", "R4 figures at home"]
    return "  ".join(signs)


def turn(state: MalefizState) -> str:
    """Whose turn it is and what the die shows, in the game's words."""
    if state.is_terminal():
        return ""
    seat = state.game.seat_name(state.player)
    if state.phase == ROLL:
        return f"{seat} rolls the die"
    if state.phase == MOVE:
        return f"die: {state.die} - {seat} moves a figure exactly {state.die} steps (MAL-3)"
    return f"{seat} places the barricade it took (MAL-8)"
