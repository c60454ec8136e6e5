"""DIM-6 and our geometry: forward and sideways, at most two turns, corners, jumping."""

from __future__ import annotations

import pytest

from .conftest import BLUE_START, apply, moves, position, refused


def moved(field: str, value: int, **options: object) -> object:
    state = position([[field, "a6", "a5", "b5"], BLUE_START], values={field: value}, **options)
    return apply(state, f"figure {field}", f"name {value}")


@pytest.mark.parametrize(
    ("value", "dests"),
    [
        (1, {"e5", "f6"}),  # sideways into the inner lane, or forward
        (2, {"f5", "g6"}),
        (3, {"f6", "g5", "h6"}),  # f6 by a zigzag out and back: two turns
        (4, {"g4", "g6", "h5"}),
        (5, {"g3", "g5", "h4"}),
        (6, {"g2", "g4", "h3"}),
    ],
)
def test_forward_and_sideways_from_the_top_side(value: int, dests: set[str]) -> None:
    assert moves(moved("e6", value)) == {f"to {d}" for d in dests}


def test_never_backwards() -> None:
    refused(moved("e6", 1), "to d6", "DIM-6")


def test_at_most_two_turns() -> None:
    state = moved("e6", 5)
    message = refused(state, "to h6", "DIM-6")
    assert "third turn" in message


def test_the_outer_corner_only_turns_right() -> None:
    assert moves(moved("h6", 1)) == {"to h5"}


def test_following_the_lane_round_a_corner_counts_as_a_turn() -> None:
    refused(moved("f5", 5), "to g5", "DIM-6")
    assert "to g5" in moves(moved("f5", 5, corner_is_turn=False))


def test_figures_are_jumped() -> None:
    state = position([["e6", "f6", "a5", "b5"], ["g6", "i2", "j2", "i1"]], values={"e6": 3})
    apply(state, "figure e6", "name 3")
    assert "to h6" in moves(state)
