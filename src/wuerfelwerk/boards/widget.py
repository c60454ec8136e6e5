"""Widget in colour: the ring, the middle, both dice and the legal choices per die.

Every colour also shows as a letter (field colour r b g y, figure R B G Y, villain V),
so the board reads the same without colour.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from ..core import Action, State
from ..games.widget import FACE_NAMES, Jump, Move, Stay, Throw, WidgetState
from ..games.widget.render import LEGEND, cells, describe

FIELD_STYLES = {
    "red": "bold white on red3",
    "blue": "bold white on blue3",
    "green": "bold black on green3",
    "yellow": "bold black on yellow3",
}
DIE_STYLES = {**FIELD_STYLES, "white": "bold black on white", "black": "bold white on grey15"}


def render(state: State, viewer: int | None) -> RenderableType:
    assert isinstance(state, WidgetState)
    lines: list[RenderableType] = []
    for row in cells(state):
        line = Text()
        for text, tag in row:
            line.append(text, style=FIELD_STYLES.get(tag, ""))
        lines.append(line)
    lines.append(Text(LEGEND, style="dim"))
    lines.append(dice_line(state))
    return Group(*lines)


def dice_line(state: WidgetState) -> Text:
    line = Text("dice: ")
    if state.roll is None:
        return line.append("not rolled yet", style="dim")
    for face in (state.roll.first, state.roll.second):
        name = FACE_NAMES[face]
        line.append(f" {name} ({name[0].upper()}) ", style=DIE_STYLES[name]).append(" ")
    left = ", ".join(FACE_NAMES[die] for die in state.left) or "none"
    return line.append(f"  still to use: {left}")


def die_of(action: Action) -> str:
    """The die a decision uses, as the players would name it."""
    if isinstance(action, Move):
        return f"{FACE_NAMES[action.die]} die"
    if isinstance(action, Jump | Throw | Stay):
        return "black die (villain)"
    return "no die can be used"


def choices(state: State) -> RenderableType:
    """The legal decisions grouped by die, numbered as the prompt numbers them."""
    assert isinstance(state, WidgetState)
    groups: dict[str, list[Text]] = {}
    for number, action in enumerate(state.legal_actions(), 1):
        groups.setdefault(die_of(action), []).append(
            Text(f"   {number:>2} {describe(state, action)}")
        )
    lines: list[Text] = []
    for die, entries in groups.items():
        lines.append(Text(f" {die}:", style="bold"))
        lines.extend(entries)
    return Group(*lines)
