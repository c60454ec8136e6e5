"""Malefiz in colour: the board, the houses, whose turn it is and the die."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from ..core import State
from ..games.malefiz import MalefizState
from ..games.malefiz.render import cells, legend, turn

SEAT_STYLES = {
    "R": "bold white on red",
    "G": "bold white on green4",
    "Y": "bold black on yellow",
    "B": "bold white on blue",
}
STYLES = {
    "none": "",
    "label": "dim",
    "field": "grey70",
    "village": "yellow",
    "rest": "bold cyan",
    "forest": "bold green",
    "goal": "bold magenta",
    "barricade": "bold white on grey30",
}


def render(state: State, viewer: int | None) -> RenderableType:
    assert isinstance(state, MalefizState)
    lines = []
    for row in cells(state):
        line = Text()
        for text, tag in row:
            style = (
                SEAT_STYLES.get(text.strip("[] 0123456789")[:1], "")
                if tag.startswith("seat")
                else STYLES.get(tag, "")
            )
            line.append(text, style=style)
        lines.append(line)
    lines.append(Text(legend(state), style="dim"))
    if text := turn(state):
        lines.append(Text(text, style="bold"))
    return Group(*lines)
