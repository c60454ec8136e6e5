"""Terminal pictures of each game: ``boards/<game>.py`` defines ``render``.

``render(state, viewer)`` returns a rich renderable of what seat ``viewer`` may see
(``None``: a spectator). A game without a module here is shown as its observation.
A module may also define ``inspect(state, viewer, text)``: a picture for typed text
that is not an action (a field name, say), or ``None``; and ``choices(state)``: the
legal choices numbered as the prompt numbers them (``legal_actions()`` order), where a
grouping says more than a plain list.

``ansi(state, viewer)`` is the same picture as text with ANSI colour codes, as a
terminal shows it (the RL adapters' ``render_mode="ansi"``).
"""

from __future__ import annotations

import importlib
import io
import json
from collections.abc import Callable
from typing import Any

from rich.console import Console, RenderableType
from rich.syntax import Syntax

from ..core import State

Renderer = Callable[[State, "int | None"], RenderableType]
Inspector = Callable[[State, "int | None", str], "RenderableType | None"]
Chooser = Callable[[State], RenderableType]


def _observation(state: State, viewer: int | None) -> RenderableType:
    return Syntax(json.dumps(state.observation(viewer), indent=1), "json")


def _module(game_name: str) -> Any:
    try:
        return importlib.import_module(f"{__name__}.{game_name}")
    except ModuleNotFoundError:
        return None


def renderer(game_name: str) -> Renderer:
    module = _module(game_name)
    render: Renderer = _observation if module is None else module.render
    return render


def chooser(game_name: str) -> Chooser | None:
    choices: Chooser | None = getattr(_module(game_name), "choices", None)
    return choices


def inspector(game_name: str) -> Inspector | None:
    inspect: Inspector | None = getattr(_module(game_name), "inspect", None)
    return inspect


#: Wide enough for the largest board, so that no line is wrapped.
ANSI_WIDTH = 160


def ansi(state: State, viewer: int | None) -> str:
    """The terminal picture of ``state`` for ``viewer`` as text with ANSI colour codes."""
    out = io.StringIO()
    console = Console(
        file=out, force_terminal=True, color_system="truecolor", width=ANSI_WIDTH, highlight=False
    )
    console.print(renderer(state.game.name)(state, viewer))
    return out.getvalue()
