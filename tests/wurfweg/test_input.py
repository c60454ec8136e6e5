"""Bad input: the cases the issue names refused with the rule number and nothing changed,
action text that describes no action, and impossible positions."""

from __future__ import annotations

import pytest

import wuerfelwerk
from wuerfelwerk.core import InvalidActionError, InvalidPositionError

from .conftest import Turn, position

COASTERS: list[str | None] = ["clover-pig", "penny-horseshoe", "horseshoe-hamsa"]


@pytest.mark.parametrize(
    ("phase", "text", "rule", "says"),
    [
        ("race", "p1 place hamsa left", "WUW-4", "left symbol of p1's coaster is clover"),
        ("race", "p1 place penny right", "WUW-4", "holds no rolled die showing penny"),
        ("calm", "p2 place penny left", "WUW-8", "only the lucky symbol (cat) counts"),
        ("calm", "p2 roll", "WUW-8", "must put the dice showing cat on the tray"),
    ],
    ids=["symbol does not match", "die not held", "after stop: not lucky", "lucky first"],
)
def test_the_bad_input_of_the_issue_is_refused(
    turn: Turn, phase: str, text: str, rule: str, says: str
) -> None:
    if phase == "race":
        state = turn.position(COASTERS, [["clover", "hamsa"], ["penny"], ["hamsa"]])
    else:
        state = turn.position(
            COASTERS,
            [[], ["penny", "cat"], ["hamsa"]],
            phase="calm",
            stopper=0,
            calm_rolls=[0, 1, 1],
        )
    assert turn(says) in turn.refused(state, text, rule)


@pytest.mark.parametrize(
    "text",
    ["p7 roll", "p0 roll", "p1 place dragon left", "p1 place pig up", "roll", "p1 draws pig-pig"],
)
def test_text_that_is_no_action_is_refused(text: str) -> None:
    with pytest.raises(InvalidActionError):
        wuerfelwerk.load("wurfweg", players=3).parse_action(text)


def test_every_action_round_trips_through_text_and_id() -> None:
    game = wuerfelwerk.load("wurfweg", players=6)
    for number in range(game.num_distinct_actions):
        action = game.action_from_id(number)
        assert game.parse_action(str(action)) == action
        assert game.action_id(action) == number
    assert game.parse_action("  P2  Place  PIG  Left ") == game.parse_action("p2 place pig left")
    with pytest.raises(InvalidActionError):
        game.action_from_id(game.num_distinct_actions)


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"pile": ["clover-pig"]}, "two places at once"),
        ({"hands": [["pig"] * 9, [], ["pig"]]}, "more than 9 dice"),
        ({"hands": [["pig"], [], ["pig"]]}, "calls stop"),
        ({"lucky": None}, "lucky symbol"),
        ({"phase": "calm"}, "called stop"),
        ({"phase": "dance"}, "unknown phase"),
        ({"lucky": "dragon"}, "no symbol 'dragon'"),
        ({"calm_rolls": [4, 0, 0]}, "at most 3 calm rolls"),
    ],
)
def test_impossible_positions_are_refused(change: dict[str, object], says: str) -> None:
    arguments: dict[str, object] = {"hands": [["pig"], ["pig"], ["pig"]], **change}
    hands = arguments.pop("hands")
    with pytest.raises(InvalidPositionError, match=says):
        position(COASTERS, hands, **arguments)  # type: ignore[arg-type]


def test_a_position_round_trips_through_json() -> None:
    state = position(COASTERS, [["pig"], ["penny", "cat"], []], on_coaster=[0, 0, 2])
    again = state.game.state_from_json(state.to_json())
    assert again == state
    assert again.tray == state.tray == 9 - 5
