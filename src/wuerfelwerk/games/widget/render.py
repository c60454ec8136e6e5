"""Plain-text pictures of a Widget position: the ring as a grid of (text, tag) cells.

The 52 fields run clockwise round the border of a 14 x 14 square, red's start field
in the top-left corner, so the four start fields are the corners. A cell reads
``07rBV``: field 7, a red field (capital letter: a start field), a blue figure on it
(``.`` for none; on a start field: how many figures), and ``V`` where the villain
stands. The tags say
the field's colour; the terminal front end colours by tag.
"""

from __future__ import annotations

from ...core import Action
from .actions import Jump, Move, Throw
from .board import CONNECT, FACE_NAMES, PLACE_NAMES, SHIP
from .state import WidgetState

Cell = tuple[str, str]
SIDE = 14
INSIDE = SIDE - 2
CELL = 5


def ring_coordinates() -> list[tuple[int, int]]:
    """(row, column) of each field, clockwise from the top-left corner."""
    top = [(0, c) for c in range(SIDE)]
    right = [(r, SIDE - 1) for r in range(1, SIDE)]
    bottom = [(SIDE - 1, c) for c in range(SIDE - 2, -1, -1)]
    left = [(r, 0) for r in range(SIDE - 2, 0, -1)]
    return top + right + bottom + left


COORDINATES = ring_coordinates()


def seat_letter(state: WidgetState, seat: int) -> str:
    return state.game.seat_name(seat)[0].upper()


def field_cell(state: WidgetState, field: int) -> Cell:
    board = state.board
    colour = FACE_NAMES[board.colour[field]]
    villain = "V" if state.villain == field else " "
    if board.is_start[field]:
        count = sum(place == field for figures in state.figures for place in figures)
        return f"{field:02d}{colour[0].upper()}{count or '.'}{villain}", colour
    seat = state.occupant[field]
    figure = seat_letter(state, seat) if seat >= 0 else "."
    return f"{field:02d}{colour[0]}{figure}{villain}", colour


def middle_lines(state: WidgetState) -> list[str]:
    """What stands in the middle of the board: connecting field, spaceship, villain, dice."""

    def letters(place: int) -> str:
        found = [
            seat_letter(state, seat)
            for seat, figures in enumerate(state.figures)
            for p in figures
            if p == place
        ]
        return "".join(found) or "-"

    villain = "in the spaceship" if state.villain == SHIP else f"on field {state.villain}"
    starts = "  ".join(f"{field:02d}:{letters(field)}" for field in state.board.start)
    return [
        "",
        "connecting field: " + letters(CONNECT),
        "spaceship: " + letters(SHIP),
        "villain: " + villain,
        "start fields " + starts,
        "",
        "dice: " + dice_text(state),
        "to act: " + turn_text(state),
    ]


def dice_text(state: WidgetState) -> str:
    if state.roll is None:
        return "not rolled"
    rolled = f"{FACE_NAMES[state.roll.first]} + {FACE_NAMES[state.roll.second]}"
    left = ", ".join(FACE_NAMES[die] for die in state.left) or "none"
    return f"{rolled} (to decide: {left})"


def turn_text(state: WidgetState) -> str:
    if state.phase == "over":
        return "nobody (the game is over)"
    name = state.game.seat_name(state.player)
    return f"{name} ({'rolls' if state.phase == 'roll' else 'decides'})"


def cells(state: WidgetState) -> list[list[Cell]]:
    """Rows top first: the ring round the border, the middle's text inside."""
    grid: list[list[Cell]] = [[(" " * CELL, "none")] * SIDE for _ in range(SIDE)]
    for field, (row, column) in enumerate(COORDINATES):
        grid[row][column] = field_cell(state, field)
    width = INSIDE * CELL
    lines = middle_lines(state)
    rows: list[list[Cell]] = []
    for row, cells_of_row in enumerate(grid):
        if 0 < row < SIDE - 1:
            text = lines[row - 1] if row - 1 < len(lines) else ""
            middle = (" " + text[: width - 2].ljust(width - 1), "middle")
            rows.append([cells_of_row[0], middle, cells_of_row[-1]])
        else:
            rows.append(cells_of_row)
    return rows


def text(state: WidgetState) -> str:
    """The board as plain text, one line per row."""
    return "\n".join("".join(t for t, _ in row).rstrip() for row in cells(state))


def summary(state: WidgetState) -> str:
    """The whole position on one line (golden playthroughs)."""
    figures = " | ".join(
        f"{state.game.seat_name(seat)} {' '.join(PLACE_NAMES[p] for p in sorted(places))}"
        for seat, places in enumerate(state.figures)
    )
    return (
        f"{figures} | villain {PLACE_NAMES[state.villain]} | dice {dice_text(state)} | "
        f"to act {turn_text(state)}"
    )


def describe(state: WidgetState, action: Action) -> str:
    """An action of the player to act, with where it leads (for the choices shown)."""
    if isinstance(action, Move):
        if action.origin == CONNECT:
            return f"{action}: connecting field -> spaceship"
        dest = state.destination(state.player, action.origin, action.colour)
        return f"{action}: {action.origin} -> {PLACE_NAMES[dest]}"
    if isinstance(action, Jump | Throw):
        seat = action.seat if isinstance(action, Throw) else -1
        thrown = [state.game.seat_name(v) for v, _ in state.villain_victims(action.field, seat)]
        return f"{action}" + (f" (throws {', '.join(thrown)})" if thrown else "")
    return str(action)


LEGEND = (
    "cell: field number, field colour (r b g y; capital = start field), figure letter "
    "(on a start field: count), V = villain"
)
