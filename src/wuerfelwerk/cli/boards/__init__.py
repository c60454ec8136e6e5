"""Terminal pictures of each game: ``cli/boards/<game>.py`` defines ``render``.

``render(state, viewer)`` returns a rich renderable of what seat ``viewer`` may see
(``None``: a spectator). A game without a module here is shown as its observation.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from typing import Any

from rich.console import RenderableType
from rich.syntax import Syntax

from ...core import State

Renderer = Callable[[State, "int | None"], RenderableType]


def _observation(state: State, viewer: int | None) -> RenderableType:
    return Syntax(json.dumps(state.observation(viewer), indent=1), "json")


def renderer(game_name: str) -> Renderer:
    try:
        module: Any = importlib.import_module(f"{__name__}.{game_name}")
    except ModuleNotFoundError:
        return _observation
    render: Renderer = module.render
    return render
