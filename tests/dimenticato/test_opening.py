"""DIM-4: the first 4 moves bring the figures off the start fields and the large card,
2-5 fields by choice, no value named."""

from __future__ import annotations

import pytest

from wuerfelwerk.core import InvalidActionError

from .conftest import BLUE_START, apply, dealt, figures, moves, position, refused


def test_only_start_figures_are_taken_first() -> None:
    state = dealt()
    assert moves(state) == {"figure a6", "figure b6", "figure a5", "figure b5"}
    refused(state, "name 3", "DIM-3")


def test_a_distance_instead_of_a_name() -> None:
    state = apply(dealt(), "figure b6")
    assert moves(state) == {"go 3", "go 4", "go 5"}
    refused(state, "go 2", "DIM-4")  # two fields end on the large card
    state = apply(dealt(), "figure a6")
    assert moves(state) == {"go 4", "go 5"}


def test_distances_beyond_two_to_five_do_not_exist() -> None:
    with pytest.raises(InvalidActionError, match="DIM-4"):
        dealt().game.parse_action("go 6")


def test_the_move_ends_beyond_the_large_card() -> None:
    state = apply(dealt(), "figure b6", "go 4")
    assert moves(state) == {"to f6", "to e5"}
    refused(state, "to d6", "DIM-4")
    apply(state, "to e5")
    assert figures(state)[0] == ["a5", "a6", "b5", "e5"]
    assert state.opening == [3, 4]
    assert state.current_player == 1


def test_after_four_opening_moves_values_are_named() -> None:
    state = dealt()
    for start, blue in (("b6", "i2"), ("b5", "i1"), ("a6", "j2"), ("a5", "j1")):
        apply(state, f"figure {start}", "go 5")
        apply(state, sorted(moves(state))[0])
        apply(state, f"figure {blue}", "go 5")
        apply(state, sorted(moves(state))[0])
    assert state.opening == [0, 0]
    figure = sorted(moves(state))[0]
    apply(state, figure)
    assert moves(state) == {f"name {v}" for v in range(1, 7)}


def test_no_track_figure_moves_while_a_start_figure_waits() -> None:
    state = position([["e6", "a6", "a5", "b5"], BLUE_START], opening=[3, 4])
    assert "figure e6" not in moves(state)
    refused(state, "figure e6", "DIM-4")


def test_a_player_whose_start_figure_cannot_leave_passes() -> None:
    state = position([["e6", "f6", "e5", "a6"], BLUE_START], opening=[1, 4])
    assert moves(state) == {"pass"}
    apply(state, "pass")
    assert state.current_player == 1 and state.opening == [1, 4]


def test_an_opening_move_may_capture() -> None:
    state = position([["a6", "b6", "a5", "b5"], ["e6", "i2", "j2", "i1"]], opening=[4, 3])
    apply(state, "figure b6", "go 3")
    assert moves(state) == {"to e6 push c5", "to e6 push d4"}
    apply(state, "to e6 push d4")
    assert figures(state) == [["a5", "a6", "b5", "e6"], ["d4", "i1", "i2", "j2"]]


def test_from_a_side_block_two_fields_can_leave_the_large_card() -> None:
    starts = [["a10", "b10", "a9", "b9"], ["k8", "l8", "k7", "l7"], ["e1", "f1", "e2", "f2"]]
    state = position(starts, players=3, opening=[4, 4, 4], player=1)
    apply(state, "figure k7")  # the near start field in line with the card's last row
    assert "go 2" in moves(state)
    apply(state, "go 2")
    assert moves(state) == {"to j6"}
