"""MOJ-1 to MOJ-4: the setup, moving by tipping, paths, blocking; bad moves refused."""

from __future__ import annotations

import pytest

import wuerfelwerk
from wuerfelwerk.core import InvalidActionError, InvalidOptionError
from wuerfelwerk.games.mojave import MojaveGame, Move

from .conftest import Side, moves

COLUMNS = "abcdefghijklmno"

# MOJ-1 --------------------------------------------------------------------------------


@pytest.mark.parametrize("rows", [16, 12, 20])
def test_moj1_setup_rows_3_and_4_alternating(rows: int) -> None:
    state = wuerfelwerk.load("mojave", rows=rows).new_initial_state()
    red, black = state.to_json()["dice"]
    assert len(red) == len(black) == 15
    # Row 3 starts with the outer field free, row 4 with a die.
    assert {d["field"] for d in red} == {f"{c}3" for c in COLUMNS[1::2]} | {
        f"{c}4" for c in COLUMNS[0::2]
    }
    assert {d["field"] for d in black} == {f"{c}{rows - 2}" for c in COLUMNS[1::2]} | {
        f"{c}{rows - 3}" for c in COLUMNS[0::2]
    }


def test_moj1_every_die_shows_1_with_3_or_2_towards_the_centre() -> None:
    red, black = wuerfelwerk.load("mojave").new_initial_state().to_json()["dice"]
    for d in red:
        assert d["top"] == 1
        assert d["north"] == (3 if d["field"].endswith("3") else 2)  # north is the centre
    for d in black:
        assert d["top"] == 1
        south = 7 - d["north"]  # for black the centre is south
        assert south == (3 if d["field"].endswith("14") else 2)
    # Right-handed: red's row-3 die, 1 up and 3 north, has 2 east.
    assert {(d["north"], d["east"]) for d in red} == {(3, 2), (2, 4)}


def test_moj1_red_moves_first_and_the_seats_are_red_and_black(game: MojaveGame) -> None:
    state = game.new_initial_state()
    assert state.current_player == 0
    assert [game.seat_name(s) for s in (0, 1)] == ["red", "black"]
    # Every die shows 1: one step to a free field, 58 moves in all.
    assert len(state.legal_actions()) == 58
    assert "b3-b4" in moves(state) and "a4-a3" in moves(state)


def test_options_are_checked() -> None:
    with pytest.raises(InvalidOptionError, match="rows"):
        wuerfelwerk.load("mojave", rows=11)
    with pytest.raises(InvalidOptionError, match="one of 2"):
        wuerfelwerk.load("mojave", players=3)
    with pytest.raises(InvalidOptionError, match="time_limit_moves"):
        wuerfelwerk.load("mojave", time_limit_moves=0)


# MOJ-2: exactly the top value --------------------------------------------------------


@pytest.mark.parametrize("top", range(1, 7))
def test_moj2_a_die_tips_exactly_its_top_value(side: Side, top: int) -> None:
    state = side.position([f"h8={top}"], ["a16"])
    legal = [m for m in state.legal_actions() if isinstance(m, Move)]
    # 4 straight paths and 2 quarter turns per direction and split: 4 + 8 (top - 1).
    assert len(legal) == 4 + 8 * (top - 1)
    assert all(len(state.path_fields(m)) == top for m in legal)
    assert f"h8-h{8 + top}" in side.moves(state)


def test_moj2_a_move_of_the_wrong_length_is_refused(side: Side) -> None:
    state = side.position(["c3=2"], ["a16"])
    message = side.refused(state, "c3-c6", "MOJ-2")
    assert "exactly 2" in message
    side.refused(state, "c3-c4", "MOJ-2")


def test_moj2_the_top_value_at_the_start_counts(side: Side) -> None:
    # 1 up, 3 north: it moves one field; tipped north, its south face (4) comes up.
    state = side.apply(side.position(["c3=1/3/2"], ["a16"]), "c3-c4")
    assert side.dice(state)[0] == {"c4": 4}  # the south face (7 - 3) comes up


def test_moj2_players_alternate(side: Side) -> None:
    state = side.apply(side.position(["c3=1"], ["m14=1"]), "c3-c4")
    assert side.to_move(state) == "theirs"
    side.refused(state, "c4-c5", "MOJ-2")


def test_moj2_only_own_dice_move(side: Side) -> None:
    state = side.position(["c3=1"], ["m14=1"])
    assert "no die of yours" in side.refused(state, "m14-m15", "MOJ-2")


# MOJ-3: paths -----------------------------------------------------------------------


def test_moj3_both_l_paths_to_one_field_are_offered_and_differ(side: Side) -> None:
    state = side.position(["h8=2/1/3"], ["a16"])
    assert {"h8-h9-i9", "h8-i8-i9"} <= side.moves(state)
    north_first = side.apply(side.position(["h8=2/1/3"], ["a16"]), "h8-h9-i9")
    east_first = side.apply(side.position(["h8=2/1/3"], ["a16"]), "h8-i8-i9")
    assert side.dice(north_first)[0] == {"i9": 4}
    assert side.dice(east_first)[0] == {"i9": 6}


def test_moj3_the_two_paths_are_two_actions(game: MojaveGame) -> None:
    a, b = game.parse_action("h8-h9-i9"), game.parse_action("h8-i8-i9")
    assert a != b and game.action_id(a) != game.action_id(b)
    assert {str(game.action_from_id(game.action_id(x))) for x in (a, b)} == {str(a), str(b)}


@pytest.mark.parametrize("text", ["c3-c5-e5-e6", "c3-c4-d4-d5", "h8-h9-i9-i10-j10"])
def test_moj3_a_path_with_two_turns_is_refused(side: Side, game: MojaveGame, text: str) -> None:
    with pytest.raises(InvalidActionError, match=r"MOJ-3: .* at most once"):
        game.parse_action(side.path(text))
    side.refused(side.position(["c3=4", "h8=4"], ["a16"]), text, "MOJ-3")


def test_moj3_no_diagonal_and_no_turning_back(game: MojaveGame) -> None:
    with pytest.raises(InvalidActionError, match=r"MOJ-3: .*name the corner"):
        game.parse_action("c3-d4")
    with pytest.raises(InvalidActionError, match=r"MOJ-3: .*turns back"):
        game.parse_action("c3-c6-c4")
    with pytest.raises(InvalidActionError, match=r"MOJ-2: .*at most 6"):
        game.parse_action("c3-c10")


def test_moj3_waypoints_on_a_straight_line_name_the_same_move(game: MojaveGame) -> None:
    assert game.parse_action("c3-c5-c7") == game.parse_action("c3-c7")
    assert str(game.parse_action(" C3 - C5 - E5 ")) == "c3-c5-e5"


def test_moj3_paths_stay_on_the_board(side: Side) -> None:
    state = side.position(["a1=2"], ["o16"])
    assert side.moves(state) == {"a1-a3", "a1-c1", "a1-a2-b2", "a1-b1-b2"}


# MOJ-4: never onto or over a die ------------------------------------------------------


def test_moj4_no_move_onto_a_die(side: Side) -> None:
    state = side.position(["c3=2", "c5=1"], ["a16"])
    assert "c3-c5" not in side.moves(state)
    message = side.refused(state, "c3-c5", "MOJ-4")
    assert f"ends on the die on {side.field('c5')}" in message


def test_moj4_no_move_over_a_die_of_either_side(side: Side) -> None:
    state = side.position(["c3=3", "c4=1"], ["e3=1"])
    c4, e3 = side.field("c4"), side.field("e3")
    assert f"crosses the die on {c4}" in side.refused(state, "c3-c6", "MOJ-4")
    assert f"crosses the die on {e3}" in side.refused(state, "c3-f3", "MOJ-4")
    assert f"crosses the die on {c4}" in side.refused(state, "c3-c4-e4", "MOJ-4")
    assert "c3-c2-a2" in side.moves(state)
