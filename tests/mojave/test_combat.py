"""MOJ-5, MOJ-6 and the combat order of our gaps, one scenario per case.

The moving die in these scenarios starts as ``e3=1/3/2`` (1 up, 3 north, 2 east) and
tips north to e4, where it shows 4 (the south face comes up).
"""

from __future__ import annotations

from .conftest import apply, dice, position

MOVER = "e3=1/3/2"


def test_the_mover_shows_its_south_face_after_tipping_north() -> None:
    state = apply(position([MOVER], ["o16"]), "e3-e4")
    assert dice(state)[0] == {"e4": 4}


# MOJ-5: one against one --------------------------------------------------------------


def test_moj5_the_higher_top_value_throws_the_lower() -> None:
    state = apply(position([MOVER], ["e5=3", "o16"]), "e3-e4")
    assert dice(state) == [{"e4": 4}, {"o16": 1}]
    assert state.zugzwang == {}


def test_moj5_the_mover_with_the_lower_value_leaves_the_board() -> None:
    state = apply(position([MOVER, "a1"], ["e5=5"]), "e3-e4")
    assert dice(state) == [{"a1": 1}, {"e5": 5}]


def test_moj5_combat_only_orthogonally() -> None:
    state = apply(position([MOVER], ["f5=1", "d5=1"]), "e3-e4")
    assert dice(state) == [{"e4": 4}, {"f5": 1, "d5": 1}]


def test_moj5_combat_only_at_the_end_of_a_move() -> None:
    # Passing next to an enemy die on the way fights nothing.
    state = apply(position(["e3=2"], ["f4=1", "o16"]), "e3-e5")
    assert dice(state)[1] == {"f4": 1, "o16": 1}


# MOJ-6: group totals ------------------------------------------------------------------


def test_moj6_two_attackers_add_up() -> None:
    # 4 + 2 against 5: the helper on d5 stands next to the attacked die.
    state = apply(position([MOVER, "d5=2"], ["e5=5", "o16"]), "e3-e4")
    assert dice(state) == [{"e4": 4, "d5": 2}, {"o16": 1}]


def test_moj6_three_attackers_add_up() -> None:
    state = apply(position([MOVER, "d5=2", "f5=1"], ["e5=6", "o16"]), "e3-e4")
    assert dice(state) == [{"e4": 4, "d5": 2, "f5": 1}, {"o16": 1}]


def test_moj6_the_smaller_group_leaves_the_board_all_of_it() -> None:
    # 4 + 1 against 6: mover and helper both leave.
    state = apply(position([MOVER, "d5=1", "a1"], ["e5=6"]), "e3-e4")
    assert dice(state) == [{"a1": 1}, {"e5": 6}]


def test_moj6_several_defenders_add_up_against_the_mover() -> None:
    # e5 and f4 each tie the 4 alone (rule 1), then together make 8 against 4 (rule 2).
    state = apply(position([MOVER, "a1"], ["e5=4", "f4=4"]), "e3-e4")
    assert dice(state) == [{"a1": 1}, {"e5": 4, "f4": 4}]
    assert state.zugzwang == {}  # their attacker is gone: nothing left to answer


# The fixed order: north, east, south, west of the mover --------------------------------


def test_order_north_first_and_a_thrown_mover_fights_no_more() -> None:
    # North (e5=6) throws the mover before east (f4=1) is compared: f4 survives.
    state = apply(position([MOVER, "a1"], ["e5=6", "f4=1"]), "e3-e4")
    assert dice(state) == [{"a1": 1}, {"e5": 6, "f4": 1}]


def test_order_a_thrown_die_is_gone_for_later_comparisons() -> None:
    # North e5=3 is thrown first; east f4=4 ties and stands alone, so there is no group
    # fight (3 + 4 would have thrown the mover): f4 is in Zugzwang.
    state = apply(position([MOVER], ["e5=3", "f4=4", "o16"]), "e3-e4")
    assert dice(state) == [{"e4": 4}, {"f4": 4, "o16": 1}]
    assert state.to_json()["zugzwang"] == [{"die": "f4", "attackers": ["e4"]}]


def test_order_helpers_are_counted_per_attacked_die() -> None:
    # East f4=5 has the helper f5=1 next to it (4 + 1 = 5, a tie); west d4=5 has the
    # helper c4=2 next to it (4 + 2 = 6 throws it).
    state = apply(position([MOVER, "f5=1", "c4=2"], ["f4=5", "d4=5", "o16"]), "e3-e4")
    assert dice(state)[1] == {"f4": 5, "o16": 1}
    assert state.to_json()["zugzwang"] == [{"die": "f4", "attackers": ["e4", "f5"]}]
