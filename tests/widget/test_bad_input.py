"""Refused input: each gets the rule number, and nothing changes."""

from __future__ import annotations

from typing import Any

import pytest

import wuerfelwerk
from wuerfelwerk.core import (
    CHANCE,
    IllegalActionError,
    InvalidActionError,
    InvalidPositionError,
    State,
)
from wuerfelwerk.games.widget import Roll, WidgetState

from .scenario import SEATINGS, Seating, following, play, position

AT_HOME = [["0", "0", "0"], ["26", "26", "26"]]

#: (what, the refused case from the seating's view: position, actions before, the refused
#: action, the rule)
Case = tuple[dict[str, Any], list[str], str, str]


def cases(s: Seating) -> dict[str, Case]:
    start, own, colour = s.start, s.colour, s.neither()
    out = following(start, own)  # a field of the seat's own colour in its quarter
    wrong = following(start, s.other_colour)  # not of the colour the roll names
    return {
        "a colour chosen without a white die": (
            {"roll": [colour, own]},
            [],
            f"white {start} as {s.other_colour}",
            "WID-5",
        ),
        "a figure moved twice without a pair": (
            {"mine": [out], "roll": [colour, s.other_colour]},
            [f"{colour} {out}"],
            f"{s.other_colour} {following(out, colour)}",
            "WID-2",
        ),
        "a villain target of the wrong colour": (
            {"roll": [colour, "black"]},
            [],
            f"villain {wrong}",
            "WID-6",
        ),
        "a decision before the roll": ({}, [], f"{own} {start}", "WID-2"),
        "a roll while deciding": ({"roll": [colour, own]}, [], "roll red red", "WID-2"),
        "a pass while a die can be used": ({"roll": [colour, own]}, [], "pass", "WID-2"),
        "a die that was not rolled": (
            {"roll": [colour, own]},
            [],
            f"{s.other_colour} {start}",
            "WID-2",
        ),
        "a die used twice": (
            {"roll": [colour, own]},
            [f"{own} {start}"],
            f"{own} {start}",
            "WID-2",
        ),
        "a figure that is not there": ({"roll": [colour, own]}, [], f"{own} {out}", "WID-2"),
        "a figure moved with black and a colour": (
            {"roll": [colour, "black"]},
            [],
            f"{colour} {start}",
            "WID-6",
        ),
        "the villain without a black die": (
            {"roll": [colour, own]},
            [],
            f"villain {out}",
            "WID-6",
        ),
        "the villain onto his own field": (
            {"villain": str(following(start, colour)), "roll": [colour, "black"]},
            [],
            f"villain {following(start, colour)}",
            "WID-6",
        ),
        "a jump on black and white": ({"roll": ["white", "black"]}, [], f"villain {out}", "WID-7"),
        "white moving on black and white": (
            {"roll": ["white", "black"]},
            [],
            f"white {start} as red",
            "WID-7",
        ),
        "a throw on black and a colour": (
            {"theirs": [following(s.other_start, colour)], "roll": [colour, "black"]},
            [],
            f"throw {s.other_colour} {following(s.other_start, colour)}",
            "WID-7",
        ),
        "a throw of the player's own figure": (
            {"mine": [wrong], "roll": ["white", "black"]},
            [],
            f"throw {own} {wrong}",
            "WID-7",
        ),
        "a throw where no such figure stands": (
            {"roll": ["white", "black"]},
            [],
            f"throw {s.other_colour} {wrong}",
            "WID-7",
        ),
        "a throw of a figure on its own colour": (
            {"theirs": [following(s.other_start, s.other_colour)], "roll": ["white", "black"]},
            [],
            f"throw {s.other_colour} {following(s.other_start, s.other_colour)}",
            "WID-8",
        ),
        "staying where a figure can be thrown": (
            {"theirs": [following(s.other_start, colour)], "roll": ["white", "black"]},
            [],
            "villain stays",
            "WID-7",
        ),
        "a colour die for the connecting field": (
            {"mine": ["connect"], "roll": [colour, own]},
            [],
            f"{own} connect",
            "WID-9",
        ),
        "the spaceship without a white die": (
            {"mine": ["connect"], "roll": [colour, own]},
            [],
            "white connect",
            "WID-9",
        ),
    }


NAMES = list(cases(SEATINGS[0]))


@pytest.mark.parametrize("what", NAMES)
def test_refused_with_the_rule_and_nothing_changes(seating: Seating, what: str) -> None:
    setup, before, refused, rule = cases(seating)[what]
    state = play(seating.position(**setup), *before)
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


# The dice: a roll is taken without listing the chance outcomes (the game's shortcut) or
# found among the listed ones (the core's identity shortcut). Neither lets anything but
# two faces of the dice through.

MALFORMED_ROLLS = [(5, 0), (6, 6), (-1, 2), (0, 7), (7, 9), (0, 2**64), ("red", "blue"), (None, 1)]


@pytest.mark.parametrize("listed", [False, True], ids=["unlisted", "listed"])
@pytest.mark.parametrize("way", ["game", "core"])
@pytest.mark.parametrize("faces", MALFORMED_ROLLS, ids=str)
def test_a_roll_not_of_the_dice_is_refused(
    seating: Seating, faces: tuple[object, object], way: str, listed: bool
) -> None:
    state = seating.position()
    if listed:
        state.legal_actions()
    before = state.to_json()
    apply = state.apply if way == "game" else lambda action: State.apply(state, action)
    with pytest.raises(IllegalActionError, match=r"^WID-2: the two dice show two of red, "):
        apply(Roll(*faces))  # type: ignore[arg-type]
    assert state.to_json() == before
    assert state.current_player == CHANCE


@pytest.mark.parametrize("way", ["game", "core"])
def test_a_roll_equal_to_one_of_the_dice_is_taken_as_that_roll(seating: Seating, way: str) -> None:
    state = seating.position()
    apply = state.apply if way == "game" else lambda action: State.apply(state, action)
    apply(Roll(True, 4))  # type: ignore[arg-type]
    assert state.roll is state.game.roll_of(1, 4)
    assert state.to_json()["roll"] == ["blue", "white"]
