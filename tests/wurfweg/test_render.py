"""The pictures: plain text, the one-line summary and the coloured terminal board."""

from __future__ import annotations

import doctest
import io
from types import ModuleType

import pytest
from rich.console import Console

from wuerfelwerk.boards.wurfweg import render
from wuerfelwerk.games.wurfweg import position as position_module
from wuerfelwerk.games.wurfweg import render as render_module
from wuerfelwerk.games.wurfweg.render import summary, text

from .conftest import position

COASTERS: list[str | None] = ["clover-pig", "penny-horseshoe"]


@pytest.mark.parametrize("module", [position_module, render_module])
def test_docstring_examples(module: ModuleType) -> None:
    assert doctest.testmod(module).failed == 0


def test_text_shows_the_lucky_symbol_coasters_dice_and_the_viewer() -> None:
    state = position(COASTERS, [["clover", "cat"], ["penny"]], on_coaster=[0, 2])
    picture = text(state, viewer=1)
    assert "lucky cat" in picture and "race" in picture
    assert "  p1  coaster clover|pig" in picture and "1:clover 2:cat" in picture
    assert "> p2  coaster penny|horseshoe" in picture and "+2 on coaster" in picture


def test_calm_rolls_and_stop_are_shown() -> None:
    state = position(COASTERS, [[], ["penny"]], phase="calm", stopper=0, calm_rolls=[0, 1])
    picture = text(state)
    assert "calm rolls: p1 called stop" in picture
    assert "STOP" in picture and "calm 1/3" in picture
    assert summary(state).startswith("r1 calm lucky cat tray 5 | p1 clover-pig [] +0 won 0")


def test_the_terminal_board_colours_the_symbols() -> None:
    state = position(COASTERS, [["clover", "cat"], ["penny"]])
    console = Console(
        record=True, width=100, color_system="truecolor", force_terminal=True, file=io.StringIO()
    )
    console.print(render(state, 0))
    assert "clover|pig" in console.export_text(clear=False)
    assert "38;2;60;176;67" in console.export_text(styles=True)  # clover green
