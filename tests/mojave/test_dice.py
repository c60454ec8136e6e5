"""The die as a piece: orientations and tipping (MOJ-2 and our gaps: standard dice)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from wuerfelwerk.games.mojave import ORIENTATIONS, TIPS, Orientation
from wuerfelwerk.games.mojave.dice import DIRECTIONS, EAST, NORTH, SOUTH, WEST, opposite
from wuerfelwerk.games.mojave.paths import SHAPES, TURNED

orientations = st.sampled_from(ORIENTATIONS)
directions = st.sampled_from(DIRECTIONS)


def faces(o: Orientation) -> list[int]:
    """top, north, east, bottom, south, west."""
    return [o.top, o.north, o.east, 7 - o.top, 7 - o.north, 7 - o.east]


def test_there_are_24_orientations_of_a_right_handed_die() -> None:
    assert len(ORIENTATIONS) == 24 == len(set(ORIENTATIONS))
    # Right-handed: with 1 up and 2 facing south, 3 faces east.
    assert Orientation(1, 5, 3) in ORIENTATIONS
    assert Orientation(1, 5, 4) not in ORIENTATIONS


@given(orientations, directions)
def test_four_tips_one_way_give_the_orientation_back(o: Orientation, d: int) -> None:
    turned = o
    for _ in range(4):
        turned = turned.tipped(d)
    assert turned == o


@given(orientations, st.lists(directions, max_size=12))
def test_opposite_faces_always_add_up_to_7(o: Orientation, tips: list[int]) -> None:
    for d in tips:
        o = o.tipped(d)
        assert sorted(faces(o)) == [1, 2, 3, 4, 5, 6]
        assert o in ORIENTATIONS  # tipping never makes a mirror-image die


@given(orientations, directions)
def test_tipping_back_undoes_a_tip(o: Orientation, d: int) -> None:
    assert o.tipped(d).tipped(opposite(d)) == o


@given(orientations)
def test_a_tip_brings_up_the_face_on_the_far_side(o: Orientation) -> None:
    # Tipping north, the south face comes up and the top ends facing north.
    assert o.tipped(NORTH).top == 7 - o.north and o.tipped(NORTH).north == o.top
    assert o.tipped(SOUTH).top == o.north
    assert o.tipped(EAST).top == 7 - o.east and o.tipped(EAST).east == o.top
    assert o.tipped(WEST).top == o.east


@given(st.integers(0, len(SHAPES) - 1), st.integers(0, 23))
def test_a_path_turns_the_die_tip_by_tip(shape: int, number: int) -> None:
    expected = number
    for d in SHAPES[shape].directions():
        expected = TIPS[expected][d]
    assert TURNED[shape][number] == expected


def test_the_two_l_paths_to_one_field_leave_different_faces_up() -> None:
    o = Orientation(1, 3, 2)
    assert o in ORIENTATIONS
    north_then_east = o.tipped(NORTH).tipped(EAST)
    east_then_north = o.tipped(EAST).tipped(NORTH)
    assert north_then_east.top != east_then_north.top
