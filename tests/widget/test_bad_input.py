"""Refused input: each gets the rule number, and nothing changes."""

from __future__ import annotations

from typing import Any

import pytest

import wuerfelwerk
from wuerfelwerk.core import IllegalActionError, InvalidActionError, InvalidPositionError
from wuerfelwerk.games.widget import WidgetState

from .scenario import play, position

AT_HOME = [["0", "0", "0"], ["26", "26", "26"]]

CASES: list[tuple[str, dict[str, Any], list[str], str, str]] = [
    # (what, position, actions before, refused action, rule)
    (
        "a colour chosen without a white die",
        {"roll": ["red", "blue"]},
        [],
        "white 0 as green",
        "WID-5",
    ),
    (
        "a figure moved twice without a pair",
        {"figures": [["5", "0", "0"], AT_HOME[1]], "roll": ["red", "blue"]},
        ["red 5"],
        "blue 8",
        "WID-2",
    ),
    (
        "a villain target of the wrong colour",
        {"roll": ["blue", "black"]},
        [],
        "villain 17",
        "WID-6",
    ),
    ("a decision before the roll", {}, [], "red 0", "WID-2"),
    ("a roll while deciding", {"roll": ["red", "blue"]}, [], "roll red red", "WID-2"),
    ("a pass while a die can be used", {"roll": ["red", "blue"]}, [], "pass", "WID-2"),
    ("a die that was not rolled", {"roll": ["red", "blue"]}, [], "green 0", "WID-2"),
    ("a die used twice", {"roll": ["red", "blue"]}, ["red 0"], "red 0", "WID-2"),
    ("a figure that is not there", {"roll": ["red", "blue"]}, [], "red 7", "WID-2"),
    ("a figure moved with black and a colour", {"roll": ["blue", "black"]}, [], "blue 0", "WID-6"),
    ("the villain without a black die", {"roll": ["red", "blue"]}, [], "villain 5", "WID-6"),
    (
        "the villain onto his own field",
        {"villain": "1", "roll": ["blue", "black"]},
        [],
        "villain 1",
        "WID-6",
    ),
    ("a jump on black and white", {"roll": ["white", "black"]}, [], "villain 5", "WID-7"),
    (
        "white moving on black and white",
        {"roll": ["white", "black"]},
        [],
        "white 0 as red",
        "WID-7",
    ),
    ("a throw on black and a colour", {"roll": ["red", "black"]}, [], "throw green 26", "WID-7"),
    (
        "a throw of the player's own figure",
        {"figures": [["7", "0", "0"], AT_HOME[1]], "roll": ["white", "black"]},
        [],
        "throw red 7",
        "WID-7",
    ),
    (
        "a throw where no such figure stands",
        {"roll": ["white", "black"]},
        [],
        "throw green 30",
        "WID-7",
    ),
    (
        "a throw of a figure on its own colour",
        {"figures": [AT_HOME[0], ["28", "26", "26"]], "roll": ["white", "black"]},
        [],
        "throw green 28",
        "WID-8",
    ),
    (
        "a colour die for the connecting field",
        {"figures": [["connect", "0", "0"], AT_HOME[1]], "roll": ["red", "blue"]},
        [],
        "red connect",
        "WID-9",
    ),
    (
        "the spaceship without a white die",
        {"figures": [["connect", "0", "0"], AT_HOME[1]], "roll": ["red", "blue"]},
        [],
        "white connect",
        "WID-9",
    ),
]


@pytest.mark.parametrize(
    ("setup", "before", "refused", "rule"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_refused_with_the_rule_and_nothing_changes(
    setup: dict[str, Any], before: list[str], refused: str, rule: str
) -> None:
    state = play(position(**setup), *before)
    snapshot = state.to_json()
    legal = state.legal_actions()
    with pytest.raises(IllegalActionError) as error:
        state.apply(state.game.parse_action(refused))
    assert error.value.rule == rule
    assert str(error.value).startswith(f"{rule}: ")
    assert state.to_json() == snapshot
    assert state.legal_actions() == legal


def test_the_game_is_over() -> None:
    state = position(figures=[["connect", "ship", "ship"], AT_HOME[1]], roll=["white", "red"])
    play(state, "white connect")
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(state.game.parse_action("red 0"))


@pytest.mark.parametrize("text", ["white 7", "red 52", "villain connect", "throw purple 3", "jump"])
def test_text_that_is_no_action(text: str) -> None:
    with pytest.raises(InvalidActionError):
        wuerfelwerk.load("widget", players=2).parse_action(text)


def test_ids_out_of_range() -> None:
    game = wuerfelwerk.load("widget", players=2)
    with pytest.raises(InvalidActionError):
        game.action_from_id(game.num_distinct_actions)


BAD_POSITIONS: list[tuple[str, dict[str, Any]]] = [
    ("two figures on one field", {"figures": [["5", "5", "0"], AT_HOME[1]]}),
    ("a figure missing", {"figures": [["0", "0"], AT_HOME[1]]}),
    ("an unknown place", {"figures": [["0", "0", "52"], AT_HOME[1]]}),
    ("the villain on the connecting field", {"villain": "connect"}),
    ("an unknown phase", {"phase": "move"}),
    ("deciding without a roll", {"phase": "decide"}),
    (
        "dice left that were not rolled",
        {"phase": "decide", "roll": ["red", "blue"], "dice_left": ["green"]},
    ),
    ("moved figures before the roll", {"moved": ["0"]}),
    ("a finished seat with figures out", {"finished": [0]}),
    ("three figures home but not finished", {"figures": [["ship"] * 3, AT_HOME[1]]}),
    ("a seat out of range", {"player": 2}),
]


@pytest.mark.parametrize(
    "changes", [c[1] for c in BAD_POSITIONS], ids=[c[0] for c in BAD_POSITIONS]
)
def test_impossible_positions_are_refused(changes: dict[str, Any]) -> None:
    game = wuerfelwerk.load("widget", players=2)
    data = {**game.new_initial_state().to_json(), **changes}
    with pytest.raises(InvalidPositionError):
        game.state_from_json(data)


def test_a_position_round_trips_mid_turn() -> None:
    state = play(position(figures=[["5", "0", "0"], AT_HOME[1]], roll=["red", "white"]), "red 5")
    again = state.game.state_from_json(state.to_json())
    assert isinstance(again, WidgetState)
    assert again == state
    assert again.legal_actions() == state.legal_actions()
