"""DIM-4: the first 4 moves bring the figures off the start fields and the large card,
2-5 fields by choice, no value named; from every seat."""

from __future__ import annotations

import pytest

from wuerfelwerk.core import InvalidActionError
from wuerfelwerk.games.dimenticato import DimenticatoState

from .conftest import (
    BLUE_START,
    NEITHER,
    RED_START,
    Seating,
    apply,
    dealt,
    figures,
    moves,
    position,
    refused,
)


def opening(seating: Seating) -> DimenticatoState:
    """The board just dealt, the seat to act first."""
    return seating.position(RED_START, BLUE_START, opening=(4, 4))


def test_only_start_figures_are_taken_first(seating: Seating) -> None:
    state = opening(seating)
    assert moves(state) == seating.names({f"figure {f}" for f in RED_START})
    refused(state, "name 3", "DIM-3")


def test_a_distance_instead_of_a_name(seating: Seating) -> None:
    state = apply(opening(seating), seating("figure b6"))
    assert moves(state) == {"go 3", "go 4", "go 5"}
    refused(state, "go 2", "DIM-4")  # two fields end on the large card
    state = apply(opening(seating), seating("figure a6"))
    assert moves(state) == {"go 4", "go 5"}


def test_distances_beyond_two_to_five_do_not_exist() -> None:
    with pytest.raises(InvalidActionError, match="DIM-4"):
        dealt().game.parse_action("go 6")


def test_the_move_ends_beyond_the_large_card(seating: Seating) -> None:
    state = apply(opening(seating), seating("figure b6"), "go 4")
    assert moves(state) == seating.names({"to f6", "to e5"})
    refused(state, seating("to d6"), "DIM-4")
    apply(state, seating("to e5"))
    assert figures(state) == seating.figures(["a5", "a6", "b5", "e5"], BLUE_START)
    assert state.opening == seating.pair(3, 4)
    assert state.current_player == seating.other


def test_after_four_opening_moves_values_are_named(seating: Seating) -> None:
    state = opening(seating)
    for start, blue in (("b6", "i2"), ("b5", "i1"), ("a6", "j2"), ("a5", "j1")):
        apply(state, seating(f"figure {start}"), "go 5")
        apply(state, sorted(moves(state))[0])
        apply(state, seating(f"figure {blue}"), "go 5")
        apply(state, sorted(moves(state))[0])
    assert state.opening == [0, 0]
    figure = sorted(moves(state))[0]
    apply(state, figure)
    assert moves(state) == {f"name {v}" for v in range(1, 7)}


def test_no_track_figure_moves_while_a_start_figure_waits(seating: Seating) -> None:
    state = seating.position(["e6", "a6", "a5", "b5"], BLUE_START, opening=(3, 4))
    assert seating("figure e6") not in moves(state)
    refused(state, seating("figure e6"), "DIM-4")


def test_a_player_whose_start_figure_cannot_leave_passes(seating: Seating) -> None:
    state = seating.position(["e6", "f6", "e5", "a6"], BLUE_START, opening=(1, 4))
    assert moves(state) == {"pass"}
    apply(state, "pass")
    assert state.current_player == seating.other and state.opening == seating.pair(1, 4)


def test_an_opening_move_may_capture(seating: Seating) -> None:
    state = seating.position(
        RED_START, ["e6", "i2", "j2", "i1"], opening=(4, 3), colours={"e6": NEITHER}
    )
    apply(state, seating("figure b6"), "go 3")
    assert moves(state) == seating.names({"to e6 push c5", "to e6 push d4"})
    apply(state, seating("to e6 push d4"))
    assert figures(state) == seating.figures(["a5", "a6", "b5", "e6"], ["d4", "i1", "i2", "j2"])


# The 3-player board is not the same from every seat: blue's and green's large cards lie
# in the middle of a side, red's in a corner. Drawn by hand from the geometry:
#
#   blue's block east of its card (i8 j8 i7 j7), entered westwards into the outer lane,
#   which runs south: from k7, j7 (the card) then j6 or i7 (the card again);
#   green's block south of its card (e4 f4 e3 f3), entered northwards into the outer
#   lane, which runs west: from e2, e3 (the card) then d3 or e4 (the card again).
SIDE_BLOCKS = [(1, "k7", "j6"), (2, "e2", "d3")]
THREE_STARTS = [["a10", "b10", "a9", "b9"], ["k8", "l8", "k7", "l7"], ["e1", "f1", "e2", "f2"]]


@pytest.mark.parametrize(("seat", "start", "dest"), SIDE_BLOCKS, ids=["blue", "green"])
def test_from_a_side_block_two_fields_can_leave_the_large_card(
    seat: int, start: str, dest: str
) -> None:
    state = position(THREE_STARTS, players=3, opening=[4, 4, 4], player=seat)
    apply(state, f"figure {start}")  # the near start field in line with the card's last row
    assert "go 2" in moves(state)
    apply(state, "go 2")
    assert moves(state) == {f"to {dest}"}
