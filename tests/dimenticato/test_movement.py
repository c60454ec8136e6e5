"""DIM-6 and our geometry: forward and sideways, at most two turns, corners, jumping,
from both seats."""

from __future__ import annotations

import pytest

from wuerfelwerk.games.dimenticato import DimenticatoState

from .conftest import BLUE_START, Seating, apply, moves, refused


def moved(seating: Seating, field: str, value: int, **options: object) -> DimenticatoState:
    state = seating.position(
        [field, "a6", "a5", "b5"], BLUE_START, values={field: value}, **options
    )
    return apply(state, seating(f"figure {field}"), f"name {value}")


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
def test_forward_and_sideways_from_the_top_side(
    seating: Seating, value: int, dests: set[str]
) -> None:
    assert moves(moved(seating, "e6", value)) == seating.names({f"to {d}" for d in dests})


def test_never_backwards(seating: Seating) -> None:
    refused(moved(seating, "e6", 1), seating("to d6"), "DIM-6")


def test_at_most_two_turns(seating: Seating) -> None:
    state = moved(seating, "e6", 5)
    message = refused(state, seating("to h6"), "DIM-6")
    assert "third turn" in message


def test_the_outer_corner_only_turns_right(seating: Seating) -> None:
    assert moves(moved(seating, "h6", 1)) == {seating("to h5")}


def test_following_the_lane_round_a_corner_counts_as_a_turn(seating: Seating) -> None:
    refused(moved(seating, "f5", 5), seating("to g5"), "DIM-6")
    assert seating("to g5") in moves(moved(seating, "f5", 5, corner_is_turn=False))


def test_figures_are_jumped(seating: Seating) -> None:
    state = seating.position(["e6", "f6", "a5", "b5"], ["g6", "i2", "j2", "i1"], values={"e6": 3})
    apply(state, seating("figure e6"), "name 3")
    assert seating("to h6") in moves(state)
