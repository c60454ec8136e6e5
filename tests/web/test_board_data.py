"""The browser draws each board from a copy of the game's board file, served with the
static files; every copy must stay the same as the engine's."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

import wuerfelwerk

WEB_DATA = Path(__file__).resolve().parents[2] / "src" / "wuerfelwerk" / "web" / "boards" / "data"


def _board_files(game: str) -> list[str]:
    folder = resources.files(f"wuerfelwerk.games.{game}").joinpath("boards")
    if not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".json"))


@pytest.mark.parametrize("game", wuerfelwerk.game_names())
def test_copies_equal_the_engines_board_files(game: str) -> None:
    names = _board_files(game)
    copies = sorted(p.name for p in WEB_DATA.joinpath(game).glob("*.json"))
    assert copies == names
    for name in names:
        original = resources.files(f"wuerfelwerk.games.{game}").joinpath("boards", name)
        assert json.loads(WEB_DATA.joinpath(game, name).read_text()) == json.loads(
            original.read_text()
        )
