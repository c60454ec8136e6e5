"""Mojave in colour: each die's owner and top value; a named die's reachable fields.

Typing a field such as ``c3`` at the move prompt shows the board with the fields that
die can reach marked (with the value it would show there) and its full orientation.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from rich.console import Group, RenderableType
from rich.text import Text

from ..core import State
from ..games.mojave import EMPTY, ORIENTATIONS, MojaveState
from ..games.mojave.render import LEGEND, cells, reachable

STYLES = {
    "none": "",
    "label": "dim",
    "field": "grey50",
    "reach": "bold yellow",
    "seat0": "bold white on red3",
    "seat1": "bold white on grey23",
}
HINT = "Type a field (e.g. c3) to see where the die there can go."


def _board(state: MojaveState, reach: Mapping[int, Collection[int]] | None) -> list[Text]:
    lines = []
    for row in cells(state, reach):
        line = Text()
        for text, tag in row:
            line.append(text, style=STYLES.get(tag, ""))
        lines.append(line)
    return lines


def render(state: State, viewer: int | None) -> RenderableType:
    assert isinstance(state, MojaveState)
    lines = _board(state, None)
    lines.append(Text(LEGEND, style="dim"))
    if state.zugzwang:
        names = ", ".join(state.board.names[f] for f in sorted(state.zugzwang))
        seat = state.game.seat_name(state.player)
        lines.append(Text(f"{seat} is in Zugzwang (MOJ-7): {names}", style="bold magenta"))
    if viewer is not None and viewer == state.current_player:
        lines.append(Text(HINT, style="dim"))
    return Group(*lines)


def inspect(state: State, viewer: int | None, text: str) -> RenderableType | None:
    """For a field name: the board with the reachable fields of the die there."""
    assert isinstance(state, MojaveState)
    field = state.board.by_name.get(text.strip().lower())
    if field is None:
        return None
    name = state.board.names[field]
    seat = state.owner[field]
    if seat == EMPTY:
        return Text(f"no die on {name}", style="red")
    o = ORIENTATIONS[state.face[field]]
    reach = reachable(state, field)
    about = Text(
        f"{name}: {state.game.seat_name(seat)} die, {o.top} up, {o.north} north, "
        f"{o.east} east; with {o.top} up it reaches "
        + (", ".join(state.board.names[f] for f in sorted(reach)) or "nowhere")
    )
    return Group(*_board(state, reach), about)
