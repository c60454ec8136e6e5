"""MOJ-5 and MOJ-6 as our gaps read them: strength is summed around the moved die, never
fought out one pair at a time. Every scenario runs from both seats (``side``).

Written for red: the moving die starts on e3 (or e1) and ends on e4, showing the value
``MOVERS`` names for it there.
"""

from __future__ import annotations

import pytest

from wuerfelwerk.games.mojave import MojaveState

from .conftest import Side

#: The value a mover shows on e4, with the die and its path.
MOVERS = {
    2: ("e3=1/5/3", "e3-e4"),
    3: ("e3=1/4/5", "e3-e4"),
    4: ("e3=1/3/2", "e3-e4"),
    5: ("e3=1/2/4", "e3-e4"),
    6: ("e1=3/6/2", "e1-e4"),
}


def after(side: Side, value: int, mine: list[str], theirs: list[str]) -> MojaveState:
    """The mover showing ``value`` moves to e4 among ``mine`` and ``theirs``."""
    mover, path = MOVERS[value]
    return side.apply(side.position([mover, *mine], theirs), path)


@pytest.mark.parametrize("value", sorted(MOVERS))
def test_each_mover_shows_its_value_on_arrival(side: Side, value: int) -> None:
    state = after(side, value, [], ["o16"])
    assert side.dice(state)[0] == {"e4": value}


# MOJ-5: one against one --------------------------------------------------------------


def test_moj5_the_higher_top_value_throws_the_lower(side: Side) -> None:
    state = after(side, 4, [], ["e5=3", "o16"])
    assert side.dice(state) == [{"e4": 4}, {"o16": 1}]
    assert state.zugzwang == {}


def test_moj5_the_mover_with_the_lower_value_leaves_the_board(side: Side) -> None:
    state = after(side, 4, ["a1"], ["e5=5"])
    assert side.dice(state) == [{"a1": 1}, {"e5": 5}]


def test_moj5_combat_only_orthogonally(side: Side) -> None:
    state = after(side, 4, [], ["f5=1", "d5=1"])
    assert side.dice(state) == [{"e4": 4}, {"f5": 1, "d5": 1}]


def test_moj5_combat_only_at_the_end_of_a_move(side: Side) -> None:
    # Passing next to an enemy die on the way fights nothing.
    state = side.apply(side.position(["e3=2"], ["f4=1", "o16"]), "e3-e5")
    assert side.dice(state)[1] == {"f4": 1, "o16": 1}


def test_moj5_equal_values_put_the_attacked_die_in_zugzwang(side: Side) -> None:
    state = after(side, 4, ["a1"], ["e5=4", "o16"])
    assert side.dice(state) == [{"e4": 4, "a1": 1}, {"e5": 4, "o16": 1}]
    assert side.zugzwang(state) == {"e5": ["e4"]}
    assert side.to_move(state) == "theirs"


# MOJ-6, one enemy next to the mover: the mover and its helpers attack it ----------------


def test_moj6_two_attackers_add_up(side: Side) -> None:
    # 4 + 2 against 5: the helper on d5 stands next to the attacked die.
    state = after(side, 4, ["d5=2"], ["e5=5", "o16"])
    assert side.dice(state) == [{"e4": 4, "d5": 2}, {"o16": 1}]


def test_moj6_three_attackers_add_up(side: Side) -> None:
    state = after(side, 4, ["d5=2", "f5=1"], ["e5=6", "o16"])
    assert side.dice(state) == [{"e4": 4, "d5": 2, "f5": 1}, {"o16": 1}]


def test_moj6_the_smaller_group_leaves_the_board_all_of_it(side: Side) -> None:
    # 4 + 1 against 6: mover and helper both leave.
    state = after(side, 4, ["d5=1", "a1"], ["e5=6"])
    assert side.dice(state) == [{"a1": 1}, {"e5": 6}]


def test_moj6_a_helper_must_stand_next_to_the_attacked_die(side: Side) -> None:
    # d4 stands next to the mover, not next to e5: 4 alone against 5.
    state = after(side, 4, ["d4=6"], ["e5=5"])
    assert side.dice(state) == [{"d4": 6}, {"e5": 5}]


def test_moj6_the_attacked_die_defends_alone(side: Side) -> None:
    # e6 stands next to e5 but not next to the mover: it does not add to e5's 3.
    state = after(side, 4, [], ["e5=3", "e6=3"])
    assert side.dice(state) == [{"e4": 4}, {"e6": 3}]


def test_moj6_a_tie_of_the_attackers_total_puts_the_die_in_zugzwang(side: Side) -> None:
    state = after(side, 4, ["d5=1"], ["e5=5", "o16"])
    assert side.dice(state)[1] == {"e5": 5, "o16": 1}
    assert side.zugzwang(state) == {"e5": ["d5", "e4"]}


# MOJ-6, two or three enemies next to the mover: they defend together -------------------
# The four examples of the rules: red M arrives between black dice.


def test_moj6_example_3_against_2_and_2_the_mover_leaves(side: Side) -> None:
    state = after(side, 3, ["a1"], ["d4=2", "f4=2"])
    assert side.dice(state) == [{"a1": 1}, {"d4": 2, "f4": 2}]
    assert state.zugzwang == {}


def test_moj6_example_5_against_3_and_4_the_mover_leaves(side: Side) -> None:
    state = after(side, 5, ["a1"], ["d4=3", "f4=4"])
    assert side.dice(state) == [{"a1": 1}, {"d4": 3, "f4": 4}]


def test_moj6_example_4_against_4_and_1_the_mover_leaves(side: Side) -> None:
    state = after(side, 4, ["a1"], ["f4=4", "d4=1"])
    assert side.dice(state) == [{"a1": 1}, {"f4": 4, "d4": 1}]
    assert state.zugzwang == {}


def test_moj6_example_6_against_2_2_and_2_all_three_in_zugzwang(side: Side) -> None:
    state = after(side, 6, ["a1"], ["d4=2", "e5=2", "f4=2", "o16"])
    assert side.dice(state) == [{"e4": 6, "a1": 1}, {"d4": 2, "e5": 2, "f4": 2, "o16": 1}]
    assert side.zugzwang(state) == {"d4": ["e4"], "e5": ["e4"], "f4": ["e4"]}
    assert side.to_move(state) == "theirs"


def test_moj6_the_mover_throws_a_weaker_group_all_of_it(side: Side) -> None:
    state = after(side, 5, [], ["d4=2", "f4=2", "o16"])
    assert side.dice(state) == [{"e4": 5}, {"o16": 1}]


def test_moj6_against_a_group_the_mover_fights_alone(side: Side) -> None:
    # c4 stands next to d4, but two enemies defend together against the mover alone:
    # 4 against 3 + 2; c4 adds nothing.
    state = after(side, 4, ["c4=6"], ["d4=3", "f4=2"])
    assert side.dice(state) == [{"c4": 6}, {"d4": 3, "f4": 2}]


def test_moj6_no_pair_is_fought_before_the_sum(side: Side) -> None:
    # e5 alone (3) is weaker than the mover (4); together with f4, 7 throws the mover.
    state = after(side, 4, ["a1"], ["e5=3", "f4=4"])
    assert side.dice(state) == [{"a1": 1}, {"e5": 3, "f4": 4}]
    assert state.zugzwang == {}


def test_moj6_a_tie_against_a_group_puts_all_of_it_in_zugzwang(side: Side) -> None:
    state = after(side, 4, ["a1"], ["e5=2", "f4=2", "o16"])
    assert side.zugzwang(state) == {"e5": ["e4"], "f4": ["e4"]}
