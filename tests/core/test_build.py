"""``build_name``: the build it names is the one whose modules run."""

from __future__ import annotations

import importlib
from importlib.machinery import EXTENSION_SUFFIXES

from wuerfelwerk.core.build import build_name

#: Modules of the engine's hot path, compiled in the compiled build.
ENGINE = [
    "wuerfelwerk.core.state",
    "wuerfelwerk.core.chance",
    *(
        f"wuerfelwerk.games.{name}.state"
        for name in ("malefiz", "widget", "mojave", "dimenticato", "wurfweg")
    ),
]


def test_the_build_named_is_the_one_that_runs() -> None:
    compiled = {
        name: str(importlib.import_module(name).__file__).endswith(tuple(EXTENSION_SUFFIXES))
        for name in ENGINE
    }
    assert set(compiled.values()) == {build_name() == "compiled"}, compiled
