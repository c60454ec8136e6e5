"""MOJ-8 and the endings of our gaps: no dice left, time limit, 200 moves without a
capture; passing when no die can move; positions that cannot be set up."""

from __future__ import annotations

import pytest

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.core import TERMINAL, Action, InvalidPositionError, Record, State

from .conftest import Side, die, position

MOVER = "e3=1/3/2"  # tips north to e4 and shows 4


def test_moj8_throwing_the_last_enemy_die_wins(side: Side) -> None:
    state = side.apply(side.position([MOVER], ["e5=3"]), "e3-e4")
    assert state.current_player == TERMINAL
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == {side.seat} and outcome.termination == "no dice left"
    assert state.returns()[side.seat] == 1.0 and state.returns()[side.other] == -1.0


def test_moj8_losing_the_own_last_die_loses(side: Side) -> None:
    state = side.apply(side.position([MOVER], ["e5=5"]), "e3-e4")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == {side.other}


def test_moj8_variant_time_limit_most_dice_wins(side: Side) -> None:
    state = side.position(["a1", "c1"], ["o16"], moves=9, time_limit_moves=10)
    side.apply(state, "a1-a2")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == {side.seat} and outcome.termination == "time limit"


def test_moj8_variant_time_limit_equal_dice_draw(side: Side) -> None:
    state = side.position(["a1"], ["o16"], moves=8, time_limit_moves=10)
    side.apply(state, "a1-a2")
    assert side.to_move(state) == "theirs"
    side.apply(state, "o16-o15")
    outcome = state.outcome()
    assert outcome is not None and outcome.is_draw and outcome.termination == "time limit"


def test_a_move_that_ends_the_game_leaves_no_die_in_zugzwang(side: Side) -> None:
    # The tie would put black's e5 in Zugzwang (MOJ-7), but the time limit ends the game
    # (MOJ-8): no die must answer any more, and the finished game reads back from JSON.
    state = side.position([MOVER, "a1"], ["e5=4"], moves=9, time_limit_moves=10)
    side.apply(state, "e3-e4")
    assert state.current_player == TERMINAL and side.zugzwang(state) == {}
    assert state.game.state_from_json(state.to_json()) == state


def test_draw_after_200_moves_without_a_capture(side: Side) -> None:
    state = side.position(["a1"], ["o16"], quiet_moves=198)
    side.apply(state, "a1-a2")
    assert side.to_move(state) == "theirs"
    side.apply(state, "o16-o15")
    outcome = state.outcome()
    assert outcome is not None and outcome.is_draw and outcome.termination == "no capture"


def test_a_capture_starts_the_count_again(side: Side) -> None:
    state = side.apply(side.position([MOVER, "a1"], ["e5=3", "o16"], quiet_moves=199), "e3-e4")
    assert side.to_move(state) == "theirs" and state.to_json()["quiet_moves"] == 0


def test_a_player_with_no_move_passes(side: Side) -> None:
    # Red's only die, in the corner, is boxed in by black dice.
    state = side.position(["a1=1"], ["a2=1", "b1=1"])
    assert side.moves(state) == {"pass"}
    side.apply(state, "pass")
    assert side.to_move(state) == "theirs" and side.dice(state)[0] == {"a1": 1}


def test_no_pass_while_a_die_can_move(side: Side) -> None:
    assert "can move" in side.refused(side.position(["a1"], ["o16"]), "pass", "MOJ-2")


def test_every_game_has_a_bound() -> None:
    assert wuerfelwerk.load("mojave").max_game_length == 200 * 31
    assert wuerfelwerk.load("mojave", time_limit_moves=50).max_game_length == 50


@pytest.mark.parametrize(
    ("dice_json", "match"),
    [
        ([[die("a1"), die("a1")], []], "two dice on a1"),
        ([[{"field": "a1", "top": 1, "north": 2, "east": 3}], [die("b9")]], "right-handed"),
        ([[{"field": "a1", "top": 1, "north": 6, "east": 2}], [die("b9")]], "right-handed"),
        ([[die("p1")], [die("b9")]], "no field 'p1'"),
        ([[die("a1")], []], "MOJ-8"),
        ([[die(f"a{r}") for r in range(1, 17)], [die("b9")]], "more than 15"),
    ],
)
def test_impossible_positions_are_refused(dice_json: list, match: str) -> None:
    game = wuerfelwerk.load("mojave")
    with pytest.raises(InvalidPositionError, match=match):
        game.state_from_json({"player": 0, "dice": dice_json})


def test_zugzwang_must_name_an_attacker_next_to_the_die() -> None:
    with pytest.raises(InvalidPositionError, match="MOJ-7"):
        position(["a3"], ["a1"], player=1, zugzwang={"a1": ["a3"]})


def test_a_whole_random_game_with_default_options_ends_and_round_trips() -> None:
    # The conformance suite cuts its games short with time_limit_moves; this plays one
    # to its real end, checking every position's JSON on the way.
    game = wuerfelwerk.load("mojave")

    def check(state: State, action: Action, player: int) -> None:
        assert game.state_from_json(state.to_json()) == state

    agents = [make_agent("random", game, seed) for seed in (5, 6)]
    record = wuerfelwerk.play(game, agents, 5, on_action=check)
    assert record.outcome is not None
    assert len(record.actions) <= game.max_game_length
    assert Record.loads(record.dumps()).final_state() == record.final_state()
