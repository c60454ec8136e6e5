"""MOJ-7: a tie puts the attacked dice in Zugzwang; the two answers; fleeing one of
several; a die in Zugzwang that cannot move away leaves the board."""

from __future__ import annotations

from wuerfelwerk.games.mojave import MojaveState

from .conftest import apply, dice, moves, position, refused

MOVER = "e3=1/3/2"  # tips north to e4 and shows 4


def tied() -> MojaveState:
    """Red's 4 ties black's e5=4: black must answer. Black's g4 can come next to e4."""
    return apply(position([MOVER, "a1"], ["e5=4", "g4=1", "m14=1"]), "e3-e4")


def test_moj7_a_tie_puts_the_attacked_die_in_zugzwang() -> None:
    state = tied()
    assert dice(state) == [{"e4": 4, "a1": 1}, {"e5": 4, "g4": 1, "m14": 1}]
    assert state.current_player == 1
    assert state.to_json()["zugzwang"] == [{"die": "e5", "attackers": ["e4"]}]


def test_moj7_only_the_two_answers_are_legal() -> None:
    state = tied()
    legal = moves(state)
    fleeing = {m for m in legal if m.startswith("e5-")}
    assert legal - fleeing == {"g4-f4"}  # the only die that can come next to e4
    # e5 shows 4: 28 paths, less the 7 that start south over e4 and e5-g5-g3 over g4.
    assert len(fleeing) == 28 - 7 - 1
    assert "m14-m15" not in legal


def test_moj7_ignoring_zugzwang_is_refused() -> None:
    state = tied()
    message = refused(state, "m14-m15", "MOJ-7")
    assert "e5" in message and "e4" in message
    refused(state, "pass", "MOJ-7")


def test_moj7_first_answer_another_die_raises_the_total_and_throws_the_attacker() -> None:
    state = apply(tied(), "g4-f4")
    assert dice(state)[0] == {"a1": 1}
    assert set(dice(state)[1]) == {"e5", "f4", "m14"}
    assert state.zugzwang == {}


def test_moj7_second_answer_the_attacked_die_moves_away() -> None:
    state = apply(tied(), "e5-e9")
    assert set(dice(state)[1]) == {"e9", "g4", "m14"}
    assert dice(state)[0] == {"e4": 4, "a1": 1}
    assert state.zugzwang == {}  # Zugzwang ends after the answer
    assert state.current_player == 0


def two_in_zugzwang() -> MojaveState:
    """Red's 4 with helper d5 ties e5=5, with helper f3 ties f4=5; the group of two then
    throws the mover (rule 2), but the helpers still attack."""
    state = apply(
        position([MOVER, "d5=1", "f3=1"], ["e5=5", "f4=5", "m14=1"]),
        "e3-e4",
    )
    assert dice(state)[0] == {"d5": 1, "f3": 1}
    assert state.to_json()["zugzwang"] == [
        {"die": "f4", "attackers": ["f3"]},
        {"die": "e5", "attackers": ["d5"]},
    ]
    return state


def test_moj7_of_several_attacked_dice_only_one_flees_the_others_leave() -> None:
    state = two_in_zugzwang()
    assert {"e5-e10", "f4-f9"} <= moves(state)
    apply(state, "e5-e10")
    assert set(dice(state)[1]) == {"e10", "m14"}  # f4 has left the board
    assert state.dice == [2, 2] and state.zugzwang == {}


def test_moj7_a_flight_must_end_away_from_the_attackers() -> None:
    # f4 shows 2 and is attacked by f3: ending on e3 or g3 would stay next to f3.
    state = position(["f3=2", "a1"], ["f4=2", "o16"], player=1, zugzwang={"f4": ["f3"]})
    flights = {"f4-f6", "f4-d4", "f4-h4", "f4-f5-e5", "f4-f5-g5", "f4-e4-e5", "f4-g4-g5"}
    assert moves(state) == flights
    assert "f3" in refused(state, "f4-e4-e3", "MOJ-7")
    refused(state, "f4-g4-g3", "MOJ-7")


def test_moj7_a_die_in_zugzwang_that_cannot_move_leaves_the_board() -> None:
    # Black's a1 is boxed in by red's a2 (the attacker) and its own b1 (a 6, which cannot
    # reach a field next to a2): no answer, so the only action is to pass, and a1 leaves.
    state = position(["a2=1", "o1"], ["a1=1", "b1=6"], player=1, zugzwang={"a1": ["a2"]})
    assert moves(state) == {"pass"}
    apply(state, "pass")
    assert dice(state)[1] == {"b1": 6}
    assert state.current_player == 0 and state.zugzwang == {}


def test_moj7_support_wins_even_where_the_attacked_die_cannot_move() -> None:
    state = position(["a2=1", "o1"], ["a1=1", "b1=1"], player=1, zugzwang={"a1": ["a2"]})
    assert moves(state) == {"b1-b2"}
    apply(state, "b1-b2")
    assert dice(state) == [{"o1": 1}, {"a1": 1, "b2": dice(state)[1]["b2"]}]
