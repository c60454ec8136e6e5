"""The browser draws each board from a copy of the game's board file, served with the
static files; the copy must stay the same as the engine's."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

WEB_DATA = Path(__file__).resolve().parents[2] / "src" / "wuerfelwerk" / "web" / "boards" / "data"

COPIES = sorted(WEB_DATA.glob("*/*.json"))


def test_every_board_file_has_its_copy() -> None:
    boards = resources.files("wuerfelwerk.games.malefiz").joinpath("boards")
    names = sorted(p.name for p in boards.iterdir() if p.name.endswith(".json"))
    assert names == sorted(p.name for p in WEB_DATA.joinpath("malefiz").glob("*.json"))


@pytest.mark.parametrize("copy", COPIES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_copy_equals_the_engines_board_file(copy: Path) -> None:
    game = copy.parent.name
    original = resources.files(f"wuerfelwerk.games.{game}").joinpath("boards", copy.name)
    assert json.loads(copy.read_text()) == json.loads(original.read_text())
