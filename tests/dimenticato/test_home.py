"""DIM-7, DIM-8: home by the exact count, moving on inside the goal, the win; from both
seats."""

from __future__ import annotations

from wuerfelwerk.games.dimenticato import OVER

from .conftest import BLUE_START, Seating, apply, figures, moves, refused


def test_the_way_home_leaves_the_track_at_the_own_large_card(seating: Seating) -> None:
    state = seating.position(["c4", "a6", "a5", "b6"], BLUE_START, values={"c4": 2})
    apply(state, seating("figure c4"), "name 2")
    assert moves(state) == seating.names({"to b5", "to c6", "to d5"})
    apply(state, seating("to b5"))
    assert figures(state) == seating.figures(["a5", "a6", "b5", "b6"], BLUE_START)
    assert state.phase == OVER
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == {seating.seat}  # DIM-8
    assert state.game.state_from_json(state.to_json()) == state


def test_three_figures_home_are_not_yet_a_win(seating: Seating) -> None:
    state = seating.position(["c4", "a6", "a5", "e6"], BLUE_START, values={"c4": 2})
    apply(state, seating("figure c4"), "name 2", seating("to b5"))
    assert figures(state) == seating.figures(["a5", "a6", "b5", "e6"], BLUE_START)
    assert state.phase != OVER and state.outcome() is None
    assert state.current_player == seating.other


def test_the_exact_count_may_carry_a_figure_deeper_into_the_goal(seating: Seating) -> None:
    # c4 -> c5 -> b5 (the goal) -> a5: the goal fields connect as a 2 x 2 square.
    state = seating.position(["c4", "a6", "b6", "e6"], BLUE_START, values={"c4": 3})
    apply(state, seating("figure c4"), "name 3")
    assert moves(state) == seating.names({"to a5", "to c5", "to d6", "to e5"})
    apply(state, seating("to a5"))
    assert figures(state) == seating.figures(["a5", "a6", "b6", "e6"], BLUE_START)


def test_an_occupied_goal_field_is_not_entered(seating: Seating) -> None:
    state = seating.position(["c4", "b5", "a5", "e6"], BLUE_START, values={"c4": 2})
    apply(state, seating("figure c4"), "name 2")
    assert seating("to b5") not in moves(state)
    refused(state, seating("to b5"), "DIM-9")


def test_the_goal_figure_moves_on_to_make_room(seating: Seating) -> None:
    state = seating.position(["c4", "b5", "a5", "e6"], BLUE_START, values={"c4": 2})
    apply(state, seating("figure b5"))
    assert moves(state) == seating.names({"to a6", "to b6"})  # 1 field, or round the angle 2
    apply(state, seating("to a6"))
    assert state.current_player == seating.other  # it counts as the move
    assert figures(state) == seating.figures(["a5", "a6", "c4", "e6"], BLUE_START)
    again = seating.position(["c4", "b5", "a5", "e6"], BLUE_START)
    refused(apply(again, seating("figure b5")), seating("to c5"), "DIM-7")


def test_a_count_too_large_for_the_goal_goes_on_round_the_track(seating: Seating) -> None:
    state = seating.position(["c5", "a6", "a5", "b6"], BLUE_START, values={"c5": 5})
    apply(state, seating("figure c5"), "name 5")
    dests = {m.removeprefix("to ") for m in moves(state)}
    assert dests and all(state.geometry.block_seat[state.geometry.field(d)] < 0 for d in dests)
    assert state.phase != OVER


def test_the_start_fields_are_the_goal_only_after_the_opening(seating: Seating) -> None:
    state = seating.position(["c4", "a6", "a5", "b6"], BLUE_START, values={"c4": 2})
    assert state.opening == [0, 0]
    assert seating("figure a6") in moves(state)  # a goal figure, free to move on
