"""The plain-text picture: its legend names only the signs the board has, and the line
under it says whose turn it is and what the die shows."""

from __future__ import annotations

import wuerfelwerk
from wuerfelwerk.games.malefiz import MalefizState
from wuerfelwerk.games.malefiz.render import legend, text, turn

from ..scenario import apply
from .conftest import position


def start(board: str) -> MalefizState:
    state = wuerfelwerk.load("malefiz", players=2, board=board).new_initial_state()
    assert isinstance(state, MalefizState)
    return state


def test_the_classic_board_has_no_rest_fields_village_or_forest_in_its_legend() -> None:
    classic = start("classic")
    assert legend(classic) == "# barricade  @ goal  R4 figures at home"
    assert not {" o ", " : ", " F"} & {cell for row in text(classic).splitlines() for cell in row}


def test_the_quick_board_legend_names_its_rest_fields_village_and_forest() -> None:
    assert legend(start("quick")) == (
        "# barricade  o rest field  : village  F forest (count)  @ goal  R4 figures at home"
    )


def test_the_die_is_shown_in_the_move_phase_of_a_position() -> None:
    state = position(["e3"], die=4)
    assert turn(state) == "die: 4 - red moves a figure exactly 4 steps (MAL-3)"


def test_before_the_roll_and_at_the_barricade_the_turn_is_named() -> None:
    state = start("quick")
    assert turn(state) == "red rolls the die"
    state = position(["c3"], die=1)
    apply(state, "c3-d3")  # landing on the barricade takes it
    assert turn(state) == "red places the barricade it took (MAL-8)"
