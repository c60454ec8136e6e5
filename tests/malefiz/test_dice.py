"""MAL-3: the die shows 1 to 6. A roll is taken without listing the chance outcomes
(the game's shortcut) or found in the listed ones (the core's identity shortcut); either
way nothing but 1 to 6 gets through, and an equal value is taken as the game's roll."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from wuerfelwerk.core import IllegalActionError, State
from wuerfelwerk.games.malefiz import MalefizState, Roll

from .conftest import Seating


def apply_by(way: str, state: MalefizState) -> Callable[[Roll], None]:
    """The game's ``apply`` (with its shortcut), or the core's plain one."""
    if way == "game":
        return state.apply
    return lambda action: State.apply(state, action)


WAYS = ["game", "core"]


@pytest.mark.parametrize("listed", [False, True], ids=["unlisted", "listed"])
@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("value", [0, 7, -1, 2**64, 2.5, "3", None])
def test_a_roll_other_than_one_to_six_is_refused(
    seating: Seating, value: object, way: str, listed: bool
) -> None:
    state = seating.position(["a1"], phase="roll")
    if listed:
        state.legal_actions()  # the identity shortcut is ready
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=r"^MAL-3: a die shows 1 to 6, not "):
        apply_by(way, state)(Roll(value))  # type: ignore[arg-type]
    assert state.to_json() == before
    assert state.current_player < 0, "still the die to roll"


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize(("value", "die"), [(True, 1), (6.0, 6), (1, 1), (6, 6)])
def test_a_roll_equal_to_one_is_taken_as_that_roll(
    seating: Seating, value: object, die: int, way: str
) -> None:
    state = seating.position(["a1"], phase="roll")
    apply_by(way, state)(Roll(value))  # type: ignore[arg-type]
    data = state.to_json()
    assert json.dumps(data["die"]) == str(die)
    assert data["phase"] == "move" and data["player"] == seating.seat
    assert state.game.state_from_json(data) == state


@pytest.mark.parametrize("way", WAYS)
def test_no_second_roll_in_a_turn(seating: Seating, way: str) -> None:
    state = seating.position(["a1"], die=3)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=r"^MAL-3: the die has been rolled"):
        apply_by(way, state)(Roll(3))
    assert state.to_json() == before
