"""The README's Python example runs as written."""

from __future__ import annotations

import re
from pathlib import Path

import wuerfelwerk
from wuerfelwerk.core import game_class

README = Path(__file__).parents[1] / "README.md"


def test_readme_python_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})


def test_every_game_is_called_as_the_readme_calls_it() -> None:
    # The first cell of each row of the games table, as the README spells the game.
    rows = re.findall(r"^\| (.+?) \| [\d-]+ \| `(\w+)` \|$", README.read_text(), re.M)
    named = {name: cell for cell, name in rows}
    assert sorted(named) == wuerfelwerk.game_names()
    for name, cell in named.items():
        title = game_class(name).title
        assert cell == title or cell.startswith(f"{title} ("), (name, title, cell)
    assert game_class("widget").title == "Widget – Das große Würfel-Spiel"
    assert game_class("mojave").title == "Würfel Strategie (Mojave)"
