"""Widget's own random playout draws what the core's loop draws: the two dice with the
roll's odds (a pair 1/36, two different faces 2/36) and each decision uniformly among
the legal ones, in the positions where the decisions come from different places (the
dice, the villain's jump or throw, a pair's moves, black with a colour that also
moves, the connecting field)."""

from __future__ import annotations

import random

import pytest

from wuerfelwerk.core import CHANCE

from ..scenario import check_playout_step
from .scenario import position

#: Each seat's figures (start fields: red 0, blue 13, green 26, yellow 39).
TWO = [["5", "connect", "0"], ["20", "26", "26"]]
THREE = [["5", "9", "0"], ["20", "13", "13"], ["31", "26", "26"]]
FOUR = [["5", "0", "0"], ["17", "20", "13"], ["28", "29", "26"], ["41", "39", "39"]]
POSITIONS = {
    "the roll": lambda: position(3, figures=[["5", "connect", "ship"], *THREE[1:]]),
    "a colour and white": lambda: position(2, figures=TWO, roll=["blue", "white"]),
    "a pair": lambda: position(3, figures=THREE, roll=["green", "green"]),
    "black and a colour": lambda: position(2, figures=TWO, villain="7", roll=["red", "black"]),
    "black and a colour that also moves": lambda: position(
        3, {"black_also_moves": True}, figures=THREE, roll=["yellow", "black"]
    ),
    "a black pair": lambda: position(2, figures=TWO, roll=["black", "black"]),
    "black and white": lambda: position(4, figures=FOUR, roll=["white", "black"]),
}


@pytest.mark.parametrize("name", POSITIONS)
def test_one_step_frequencies(name: str) -> None:
    state = POSITIONS[name]()
    if state.current_player != CHANCE:
        assert len(state.legal_actions()) >= 3, "too few decisions to tell the odds apart"
    check_playout_step(state, 1500, random.Random(5))
