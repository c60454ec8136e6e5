"""DIM-7, DIM-8: home by the exact count, moving on inside the goal, the win."""

from __future__ import annotations

from wuerfelwerk.games.dimenticato import OVER

from .conftest import BLUE_START, apply, figures, moves, position, refused


def test_the_way_home_leaves_the_track_at_the_own_large_card() -> None:
    state = position([["c4", "a6", "a5", "b6"], BLUE_START], values={"c4": 2})
    apply(state, "figure c4", "name 2")
    assert moves(state) == {"to b5", "to c6", "to d5"}
    apply(state, "to b5")
    assert figures(state)[0] == ["a5", "a6", "b5", "b6"]
    assert state.phase == OVER
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == {0}  # DIM-8


def test_three_figures_home_are_not_yet_a_win() -> None:
    state = position([["c4", "a6", "a5", "e6"], BLUE_START], values={"c4": 2})
    apply(state, "figure c4", "name 2", "to b5")
    assert figures(state)[0] == ["a5", "a6", "b5", "e6"]
    assert state.phase != OVER and state.outcome() is None
    assert state.current_player == 1


def test_the_exact_count_may_carry_a_figure_deeper_into_the_goal() -> None:
    # c4 -> c5 -> b5 (the goal) -> a5: the goal fields connect as a 2 x 2 square.
    state = position([["c4", "a6", "b6", "e6"], BLUE_START], values={"c4": 3})
    apply(state, "figure c4", "name 3")
    assert moves(state) == {"to a5", "to c5", "to d6", "to e5"}
    apply(state, "to a5")
    assert figures(state)[0] == ["a5", "a6", "b6", "e6"]


def test_an_occupied_goal_field_is_not_entered() -> None:
    state = position([["c4", "b5", "a5", "e6"], BLUE_START], values={"c4": 2})
    apply(state, "figure c4", "name 2")
    assert "to b5" not in moves(state)
    refused(state, "to b5", "DIM-9")


def test_the_goal_figure_moves_on_to_make_room() -> None:
    state = position([["c4", "b5", "a5", "e6"], BLUE_START], values={"c4": 2})
    apply(state, "figure b5")
    assert moves(state) == {"to a6", "to b6"}  # 1 field, or round the angle 2
    apply(state, "to a6")
    assert state.current_player == 1  # it counts as the move
    assert figures(state)[0] == ["a5", "a6", "c4", "e6"]
    refused(apply(position([["c4", "b5", "a5", "e6"], BLUE_START]), "figure b5"), "to c5", "DIM-7")


def test_a_count_too_large_for_the_goal_goes_on_round_the_track() -> None:
    state = position([["c5", "a6", "a5", "b6"], BLUE_START], values={"c5": 5})
    apply(state, "figure c5", "name 5")
    dests = {m.removeprefix("to ") for m in moves(state)}
    assert dests and all(state.geometry.block_seat[state.geometry.field(d)] < 0 for d in dests)
    assert state.phase != OVER


def test_the_start_fields_are_the_goal_only_after_the_opening() -> None:
    state = position([["c4", "a6", "a5", "b6"], BLUE_START], values={"c4": 2})
    assert state.opening == [0, 0]
    assert "figure a6" in moves(state)  # a goal figure, free to move on
