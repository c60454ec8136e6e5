"""Dimenticato in colour: uncovered values on their field colours, figures hiding theirs.

Drawn from the viewer's observation only. Above the board, the moves since the viewer
last acted, each with the value its figure showed as it landed, the way the physical game
shows a value for a moment before the figure covers it: after that, it is the player's
memory that counts.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from ..core import State
from ..games.dimenticato import NAME, DimenticatoState
from ..games.dimenticato.render import LEGEND, cells, news

STYLES = {
    "none": "",
    "label": "dim",
    "red": "red",
    "blue": "bright_blue",
    "green": "green",
    "yellow": "yellow",
    "seat0": "bold white on red",
    "seat1": "bold white on blue",
    "seat2": "bold white on green4",
    "seat3": "bold black on yellow",
}


def render(state: State, viewer: int | None) -> RenderableType:
    assert isinstance(state, DimenticatoState)
    observation = state.observation(viewer)
    lines = [Text(line, style="italic") for line in news(observation, viewer)]
    for row in cells(state.game, observation):
        line = Text()
        for text, tag in row:
            line.append(text, style=STYLES.get(tag, ""))
        lines.append(line)
    lines.append(Text(LEGEND, style="dim"))
    if viewer is not None and viewer == state.current_player and state.phase == NAME:
        where = observation["chosen"]
        lines.append(Text(f"Which value lies under your figure on {where}?", style="bold"))
    return Group(*lines)
