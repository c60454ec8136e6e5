"""MOJ-7 as our gaps read it: a tie puts the attacked dice in Zugzwang; the two answers;
fleeing one of several; a die that can neither flee nor be supported leaves the board
and its owner moves another die. Every scenario runs from both seats (``side``).

Written for red: red's die ``MOVER`` tips north from e3 to e4 and shows 4 there.
"""

from __future__ import annotations

import pytest

from wuerfelwerk.core import InvalidPositionError
from wuerfelwerk.games.mojave import MojaveState

from .conftest import Side

MOVER = "e3=1/3/2"


def tied(side: Side) -> MojaveState:
    """Red's 4 ties black's e5=4: black must answer. Black's g4 can come next to e4."""
    return side.apply(side.position([MOVER, "a1"], ["e5=4", "g4=1", "m14=1"]), "e3-e4")


def test_moj7_a_tie_puts_the_attacked_die_in_zugzwang(side: Side) -> None:
    state = tied(side)
    assert side.dice(state) == [{"e4": 4, "a1": 1}, {"e5": 4, "g4": 1, "m14": 1}]
    assert side.to_move(state) == "theirs"
    assert side.zugzwang(state) == {"e5": ["e4"]}


def test_moj7_only_the_two_answers_are_legal(side: Side) -> None:
    legal = side.moves(tied(side))
    fleeing = {m for m in legal if m.startswith("e5-")}
    assert legal - fleeing == {"g4-f4"}  # the only die that can come next to e4
    # e5 shows 4: 28 paths, less the 7 that start south over e4 and e5-g5-g3 over g4.
    assert len(fleeing) == 28 - 7 - 1
    assert "m14-m15" not in legal


def test_moj7_ignoring_zugzwang_is_refused(side: Side) -> None:
    state = tied(side)
    message = side.refused(state, "m14-m15", "MOJ-7")
    assert side.field("e5") in message and side.field("e4") in message
    side.refused(state, "pass", "MOJ-7")


def test_moj7_support_raises_the_total_and_throws_the_attacker(side: Side) -> None:
    # g4 tips west to f4 and shows 4: 4 + e5's 4 against the attacker's 4.
    state = side.apply(tied(side), "g4-f4")
    assert side.dice(state) == [{"a1": 1}, {"e5": 4, "f4": 4, "m14": 1}]
    assert state.zugzwang == {}
    assert side.to_move(state) == "mine"


def test_moj7_support_fights_by_the_arriving_die_s_own_combat(side: Side) -> None:
    # f4 lands next to e4 and f3: two enemies, so f4 alone (4) against 4 + 6 (MOJ-6).
    state = side.apply(side.position([MOVER, "f3=6", "a1"], ["e5=4", "g4=1", "m14"]), "e3-e4")
    assert side.zugzwang(state) == {"e5": ["e4"]}
    side.apply(state, "g4-f4")
    assert side.dice(state) == [{"e4": 4, "f3": 6, "a1": 1}, {"e5": 4, "m14": 1}]
    assert state.zugzwang == {}  # the answer was given: Zugzwang ends


def test_moj7_flight_the_attacked_die_moves_away(side: Side) -> None:
    state = side.apply(tied(side), "e5-e9")
    assert set(side.dice(state)[1]) == {"e9", "g4", "m14"}
    assert side.dice(state)[0] == {"e4": 4, "a1": 1}
    assert state.zugzwang == {}  # Zugzwang ends after the answer
    assert side.to_move(state) == "mine"


def test_moj7_a_flight_must_end_away_from_the_attackers(side: Side) -> None:
    # f4 shows 2 and is attacked by f3: ending on e3 or g3 would stay next to f3.
    state = side.position(
        ["f3=2", "a1"], ["f4=2", "o16"], to_move="theirs", zugzwang={"f4": ["f3"]}
    )
    flights = {"f4-f6", "f4-d4", "f4-h4", "f4-f5-e5", "f4-f5-g5", "f4-e4-e5", "f4-g4-g5"}
    assert side.moves(state) == flights
    assert side.field("f3") in side.refused(state, "f4-e4-e3", "MOJ-7")
    side.refused(state, "f4-g4-g3", "MOJ-7")


def test_moj7_a_flight_must_end_away_from_every_attacker(side: Side) -> None:
    # e5 is attacked by e4 and its helper d5 (1 + 1 against 2): not next to d5 either.
    state = side.position(
        ["e4=1", "d5=1", "a1"], ["e5=2", "o16"], to_move="theirs", zugzwang={"e5": ["d5", "e4"]}
    )
    legal = side.moves(state)
    assert legal == {"e5-e7", "e5-g5", "e5-e6-f6", "e5-f5-f6"}
    side.refused(state, "e5-e6-d6", "MOJ-7")  # d6 is next to d5
    side.refused(state, "e5-f5-f4", "MOJ-7")  # f4 is next to e4


def test_moj7_each_attacked_die_flees_its_own_attackers(side: Side) -> None:
    # A position may hold dice in Zugzwang by different attackers. h5 (a 5) flees h4:
    # ending on d4 next to c4 is a flight all the same, for c4 holds only c5.
    state = side.position(
        ["c4=1", "h4=1", "a1"],
        ["c5=1", "h5=5", "o16"],
        to_move="theirs",
        zugzwang={"c5": ["c4"], "h5": ["h4"]},
    )
    legal = side.moves(state)
    assert {"h5-d5-d4", "c5-c6", "c5-b5", "c5-d5"} <= legal
    assert not {m for m in legal if m.startswith("o16-")}
    side.apply(state, "h5-d5-d4")
    assert set(side.dice(state)[1]) == {"d4", "o16"}  # c5 has left (MOJ-7)


def three_in_zugzwang(side: Side) -> MojaveState:
    """Red's 6 arrives between three black 2s: 6 = 2 + 2 + 2. Black's c3 can reach e3,
    next to the attacker."""
    state = side.position(["e1=3/6/2", "a1"], ["d4=2", "e5=2", "f4=2", "c3=2", "o16"])
    side.apply(state, "e1-e4")
    assert side.zugzwang(state) == {"d4": ["e4"], "e5": ["e4"], "f4": ["e4"]}
    return state


def test_moj7_of_three_attacked_dice_only_one_flees_the_others_leave(side: Side) -> None:
    state = three_in_zugzwang(side)
    assert {"d4-b4", "e5-e7", "f4-h4"} <= side.moves(state)
    side.apply(state, "e5-e7")
    assert set(side.dice(state)[1]) == {"e7", "c3", "o16"}  # d4 and f4 have left
    assert side.dice(state)[0] == {"e4": 6, "a1": 1}
    assert state.zugzwang == {}


def test_moj7_support_saves_all_three(side: Side) -> None:
    # c3 tips east to e3: with the three 2s next to e4, far more than 6.
    state = side.apply(three_in_zugzwang(side), "c3-e3")
    assert side.dice(state)[0] == {"a1": 1}
    assert set(side.dice(state)[1]) == {"d4", "e5", "f4", "e3", "o16"}


def test_moj7_of_two_attacked_dice_only_one_flees(side: Side) -> None:
    state = side.apply(side.position([MOVER, "a1"], ["e5=2", "f4=2", "o16"]), "e3-e4")
    assert side.zugzwang(state) == {"e5": ["e4"], "f4": ["e4"]}
    side.apply(state, "f4-h4")
    assert set(side.dice(state)[1]) == {"h4", "o16"}
    assert state.dice == [2, 2]


# A die in Zugzwang that can neither flee nor be supported -------------------------------
# Black's a1 is boxed in by red's a2 (the attacker) and its own b1; b1, a 6, cannot reach
# a field next to a2. Red's die tips south from a3 to a2 and shows 3.

BOXED_MOVER = "a3=1/3/2"


def test_moj7_a_die_that_cannot_answer_leaves_and_its_owner_moves_another(side: Side) -> None:
    state = side.apply(side.position([BOXED_MOVER, "o1"], ["a1=3", "b1=6"]), "a3-a2")
    assert side.dice(state) == [{"a2": 3, "o1": 1}, {"b1": 6}]
    assert state.zugzwang == {}
    assert side.to_move(state) == "theirs"
    legal = side.moves(state)
    assert "b1-b7" in legal and "pass" not in legal
    assert all(m.startswith("b1-") for m in legal)
    side.apply(state, "b1-b7")
    assert side.to_move(state) == "mine"


def test_moj7_the_turn_passes_only_when_no_other_die_can_move(side: Side) -> None:
    # Red's b2 and c1 shut black's b1 in as well.
    state = side.position([BOXED_MOVER, "b2=1", "c1=1"], ["a1=3", "b1=6"])
    side.apply(state, "a3-a2")
    assert side.dice(state)[1] == {"b1": 6}
    assert side.moves(state) == {"pass"}
    side.apply(state, "pass")
    assert side.to_move(state) == "mine"


def test_moj7_a_last_die_that_cannot_answer_loses_the_game(side: Side) -> None:
    # 3 + red's b1 (2) against a1's 5: a tie, and black has no other die (MOJ-8).
    state = side.apply(side.position([BOXED_MOVER, "b1=2"], ["a1=5"]), "a3-a2")
    assert side.dice(state)[1] == {}
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == {side.seat} and outcome.termination == "no dice left"


def test_moj7_support_is_an_answer_where_the_die_cannot_flee(side: Side) -> None:
    state = side.position(
        ["a2=1", "o1"], ["a1=1", "b1=1"], to_move="theirs", zugzwang={"a1": ["a2"]}
    )
    assert side.moves(state) == {"b1-b2"}
    side.apply(state, "b1-b2")
    assert side.dice(state)[0] == {"o1": 1}
    assert set(side.dice(state)[1]) == {"a1", "b2"}


def test_moj7_a_position_with_an_unanswerable_zugzwang_is_refused(side: Side) -> None:
    # Such a die has already left the board: it cannot stand in a position.
    with pytest.raises(InvalidPositionError, match="MOJ-7"):
        side.position(["a2=1", "o1"], ["a1=1", "b1=6"], to_move="theirs", zugzwang={"a1": ["a2"]})
