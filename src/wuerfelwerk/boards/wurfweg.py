"""Wurf & Weg in colour: the lucky symbol, each seat's coaster, dice and won coasters.

``STYLES`` maps the tags of ``games/wurfweg/render.py`` to styles written the way both
rich and prompt_toolkit read them, so the real-time screen colours alike.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from ..core import State
from ..games.wurfweg import WurfWegState
from ..games.wurfweg.render import lines

SYMBOL_STYLES = {
    "clover": "bold #3cb043",
    "pig": "bold #ff8fab",
    "cat": "bold #e0e0e0",
    "penny": "bold #d4a017",
    "horseshoe": "bold #9aa5b1",
    "hamsa": "bold #4f8fe6",
}
STYLES = {
    "label": "#8a8a8a",
    "phase": "bold",
    "seat": "bold",
    "viewer": "bold reverse",
    "lucky": "bold #000000 bg:#ffd700",
    "won": "bold #ffd700",
    **{f"symbol:{name}": style for name, style in SYMBOL_STYLES.items()},
}


def style_of(tag: str) -> str:
    return STYLES.get(tag, "")


def render(state: State, viewer: int | None) -> RenderableType:
    assert isinstance(state, WurfWegState)
    rows = []
    for line in lines(state, viewer):
        text = Text()
        for piece, tag in line:
            text.append(piece, style=style_of(tag).replace("bg:", "on "))
        rows.append(text)
    return Group(*rows)
