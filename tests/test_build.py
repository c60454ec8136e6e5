"""The compiled build's split (``hatch_build.py``): each game's description stays Python
whatever the game is called, and every other module of ``core/`` and ``games/`` is
compiled."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import wuerfelwerk
from wuerfelwerk.core import game_class

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "wuerfelwerk"


def hatch_build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_game_description_stays_python_and_the_rules_are_compiled() -> None:
    build = hatch_build()
    descriptions = {
        game_class(name).__module__.removeprefix("wuerfelwerk.").replace(".", "/") + ".py"
        for name in wuerfelwerk.game_names()
    }
    modules = {
        path.relative_to(PACKAGE).as_posix()
        for folder in build.COMPILED
        for path in (PACKAGE / folder).rglob("*.py")
    }
    assert descriptions <= modules
    kept = {module for module in modules if build.interpreted(module)}
    assert kept == descriptions | {"core/game.py", "core/native.py"}
    # A game added later is matched by its folder alone.
    assert build.interpreted("games/chess/game.py")
    assert not build.interpreted("games/chess/state.py")
