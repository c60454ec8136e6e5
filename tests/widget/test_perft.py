"""Perft-style counts: the number of action sequences (dice included) from the start.

Like chess perft numbers, they guard move generation: a change in which decisions are
legal changes a count. Depth 1 and 2 are counted by hand: 21 rolls; then 2 decisions
for each of the 6 rolls of two colours, 1 for each of the 4 colour pairs, 5 for each
colour with white (white as any colour, or the colour), 4 for the white pair, 14 for
each colour with black (13 fields of the colour or staying), 1 for black and white
(nobody to throw: the villain stays) and 53 for the black pair: 150. With
``black_also_moves`` the colour die of black and a colour adds one move each: 154.
Depth 3 and 4 were recorded from this engine.
"""

from __future__ import annotations

import pytest

import wuerfelwerk

from ..scenario import perft


@pytest.mark.parametrize(
    ("options", "counts"),
    [
        ({"players": 2}, [21, 150, 2374, 17636]),
        ({"players": 2, "black_also_moves": True}, [21, 154, 1310, 11908]),
    ],
    ids=["default", "black_also_moves"],
)
def test_perft_from_the_start(options: dict[str, object], counts: list[int]) -> None:
    state = wuerfelwerk.load("widget", **options).new_initial_state()
    assert [perft(state, depth) for depth in range(1, len(counts) + 1)] == counts
