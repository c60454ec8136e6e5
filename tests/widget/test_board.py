"""The default ring meets the constraints of the rules' gaps section."""

from __future__ import annotations

from collections import Counter

from wuerfelwerk.games.widget import COLOURS, RING, load_board


def test_ring_of_52_with_start_fields_at_the_quarters() -> None:
    board = load_board()
    assert len(board.colour) == RING == 52
    assert board.start == (0, 13, 26, 39)
    assert [board.colour[f] for f in board.start] == list(COLOURS)


def test_each_colour_twelve_times_three_per_quarter() -> None:
    board = load_board()
    plain = [f for f in range(RING) if not board.is_start[f]]
    assert Counter(board.colour[f] for f in plain) == {c: 12 for c in COLOURS}
    for quarter in range(4):
        fields = range(13 * quarter + 1, 13 * quarter + 13)
        assert Counter(board.colour[f] for f in fields) == {c: 3 for c in COLOURS}


def test_no_two_neighbours_of_one_colour() -> None:
    board = load_board()
    for field in range(RING):
        assert board.colour[field] != board.colour[(field + 1) % RING], field


def test_next_field_tables_match_a_walk_round_the_ring() -> None:
    board = load_board()
    for colour in COLOURS:
        for field in range(RING):
            steps = next(
                s for s in range(1, RING + 1) if board.colour[(field + s) % RING] == colour
            )
            assert board.gap[colour][field] == steps
            assert board.next_field[colour][field] == (field + steps) % RING
