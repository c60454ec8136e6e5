"""DIM-5: name the value under the figure; right moves it, wrong ends the turn."""

from __future__ import annotations

import pytest

from wuerfelwerk.core import IllegalActionError, InvalidActionError
from wuerfelwerk.games.dimenticato import DESTINATION, Name

from .conftest import BLUE_START, apply, figures, moves, position, refused

RED = ["e6", "a6", "a5", "b5"]


def test_a_right_name_moves_the_figure_as_far_as_the_value() -> None:
    state = apply(position([RED, BLUE_START], values={"e6": 3}), "figure e6", "name 3")
    assert state.phase == DESTINATION and state.steps == 3
    assert moves(state) == {"to f6", "to g5", "to h6"}
    apply(state, "to g5")
    assert figures(state)[0] == ["a5", "a6", "b5", "g5"]


def test_a_wrong_name_ends_the_turn_and_the_figure_stays() -> None:
    state = apply(position([RED, BLUE_START], values={"e6": 3}), "figure e6", "name 4")
    assert state.current_player == 1
    assert figures(state)[0] == ["a5", "a6", "b5", "e6"]
    event = state.log[-1]
    assert event["right"] is False and event["named"] == 4
    assert event["shown"] == {"e6": 3}  # ours: lifted to check, everybody sees it


def test_the_value_is_named_before_anything_else() -> None:
    state = apply(position([RED, BLUE_START], values={"e6": 3}), "figure e6")
    refused(state, "to f6", "DIM-5")
    refused(state, "go 3", "DIM-5")


@pytest.mark.parametrize("text", ["name 7", "name 0", "name -2"])
def test_a_value_outside_one_to_six_is_refused(text: str) -> None:
    state = apply(position([RED, BLUE_START], values={"e6": 3}), "figure e6")
    before = state.to_json()
    with pytest.raises(InvalidActionError, match="DIM-5"):
        state.game.parse_action(text)
    assert state.to_json() == before
    # Built directly, past the parser, the engine refuses it as well.
    with pytest.raises(IllegalActionError, match="DIM-5: a die value is 1 to 6"):
        state.apply(Name(int(text.split()[1])))
    assert state.to_json() == before


def test_right_but_nowhere_to_go_passes_the_turn() -> None:
    state = position([["e6", "e5", "f6", "a6"], BLUE_START], values={"e6": 1})
    apply(state, "figure e6", "name 1")
    assert state.current_player == 1
    assert state.log[-1]["right"] is True and state.log[-1]["no_way"] is True
    assert figures(state)[0] == ["a6", "e5", "e6", "f6"]


def test_the_player_to_act_takes_only_own_figures() -> None:
    state = position([RED, ["c2", "i2", "j2", "i1"]])
    refused(state, "figure c2", "DIM-3")
