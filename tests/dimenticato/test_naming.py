"""DIM-5: name the value under the figure; right moves it, wrong ends the turn; from both
seats."""

from __future__ import annotations

import pytest

from wuerfelwerk.core import IllegalActionError, InvalidActionError
from wuerfelwerk.games.dimenticato import DESTINATION, DimenticatoState, Name

from .conftest import BLUE_START, Seating, apply, figures, moves, refused

RED = ["e6", "a6", "a5", "b5"]


def chosen(seating: Seating, *names: str) -> DimenticatoState:
    """The seat's figure on e6 (a 3 under it) taken, then the values named."""
    state = seating.position(RED, BLUE_START, values={"e6": 3})
    return apply(state, seating("figure e6"), *names)


def test_a_right_name_moves_the_figure_as_far_as_the_value(seating: Seating) -> None:
    state = chosen(seating, "name 3")
    assert state.phase == DESTINATION and state.steps == 3
    assert moves(state) == seating.names({"to f6", "to g5", "to h6"})
    apply(state, seating("to g5"))
    assert figures(state) == seating.figures(["a5", "a6", "b5", "g5"], BLUE_START)


def test_a_wrong_name_ends_the_turn_and_the_figure_stays(seating: Seating) -> None:
    state = chosen(seating, "name 4")
    assert state.current_player == seating.other
    assert figures(state) == seating.figures(["a5", "a6", "b5", "e6"], BLUE_START)
    # The log says wrong and never which value lay there, nor the name.
    assert state.log[-1] == {
        "turn": 1,
        "seat": seating.seat,
        "event": "name",
        "field": seating("e6"),
        "right": False,
    }


def test_the_lifted_value_is_seen_for_that_moment_only(seating: Seating) -> None:
    """Ours: lifted to check, everybody sees the value, right or wrong, at once; the next
    action, a copy or the position in JSON no longer carry it."""
    state = chosen(seating, "name 4")
    seat, e6 = seating.seat, seating("e6")
    assert state.moment() == {"rule": "DIM-5", "seat": seat, "right": False, "reveal": {e6: 3}}
    assert state.clone().moment() is None
    for viewer in (None, 0, 1):
        assert state.observation(viewer)["values"][e6] is None
    state.apply(state.legal_actions()[0])
    assert state.moment() is None
    right = chosen(seating, "name 3")
    assert right.moment() == {"rule": "DIM-5", "seat": seat, "right": True, "reveal": {e6: 3}}


def test_the_value_is_named_before_anything_else(seating: Seating) -> None:
    state = chosen(seating)
    refused(state, seating("to f6"), "DIM-5")
    refused(state, "go 3", "DIM-5")


@pytest.mark.parametrize("text", ["name 7", "name 0", "name -2"])
def test_a_value_outside_one_to_six_is_refused(seating: Seating, text: str) -> None:
    state = chosen(seating)
    before = state.to_json()
    with pytest.raises(InvalidActionError, match="DIM-5"):
        state.game.parse_action(text)
    assert state.to_json() == before
    # Built directly, past the parser, the engine refuses it as well.
    with pytest.raises(IllegalActionError, match="DIM-5: a die value is 1 to 6"):
        state.apply(Name(int(text.split()[1])))
    assert state.to_json() == before


def test_right_but_nowhere_to_go_passes_the_turn(seating: Seating) -> None:
    state = seating.position(["e6", "e5", "f6", "a6"], BLUE_START, values={"e6": 1})
    apply(state, seating("figure e6"), "name 1")
    assert state.current_player == seating.other
    assert state.log[-1]["right"] is True and state.log[-1]["no_way"] is True
    assert figures(state) == seating.figures(["a6", "e5", "e6", "f6"], BLUE_START)


def test_the_player_to_act_takes_only_own_figures(seating: Seating) -> None:
    state = seating.position(RED, ["c2", "i2", "j2", "i1"])
    refused(state, seating("figure c2"), "DIM-3")
