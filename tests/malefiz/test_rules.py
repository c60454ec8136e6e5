"""A scenario per rule point of rules/malefiz.md: a position, an action, the state after."""

from __future__ import annotations

import pytest

import wuerfelwerk
from wuerfelwerk.core import CHANCE

from ..scenario import apply, refused
from .conftest import START_BARRICADES, moves, position

# MAL-1, MAL-2 ------------------------------------------------------------------------


@pytest.mark.parametrize(("board", "per_player"), [("quick", 4), ("classic", 5)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_mal1_figures_start_at_home(board: str, per_player: int, players: int) -> None:
    state = wuerfelwerk.load("malefiz", players=players, board=board).new_initial_state()
    figures = state.to_json()["figures"]
    assert figures == [["start"] * per_player] * players


def test_mal1_two_players_use_the_outer_houses() -> None:
    game = wuerfelwerk.load("malefiz", players=2)
    assert [game.seat_name(s) for s in range(2)] == ["red", "blue"]
    three = wuerfelwerk.load("malefiz", players=3)
    assert [three.seat_name(s) for s in range(3)] == ["red", "green", "blue"]


def test_mal2_barricades_start_on_the_x_fields() -> None:
    quick = wuerfelwerk.load("malefiz").new_initial_state().to_json()
    assert quick["barricades"] == START_BARRICADES
    classic = wuerfelwerk.load("malefiz", board="classic").new_initial_state().to_json()
    assert len(classic["barricades"]) == 11


def test_too_many_players_is_refused() -> None:
    with pytest.raises(wuerfelwerk.core.InvalidOptionError, match="one of 2, 3, 4"):
        wuerfelwerk.load("malefiz", players=5)


# MAL-3, MAL-4 ------------------------------------------------------------------------


def test_mal3_a_turn_starts_with_a_fair_die(game: wuerfelwerk.Game) -> None:
    state = game.new_initial_state()
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert sorted(str(a) for a, _ in outcomes) == [f"roll {v}" for v in range(1, 7)]
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
    refused(state, "start-a1", "MAL-3")


def test_mal3_all_pips_must_be_used() -> None:
    state = position(["a1"], die=3)
    assert "a1-d1" in moves(state)
    assert "a1-b1" not in moves(state)
    message = refused(state, "a1-b1", "MAL-3")
    assert "exactly 3 steps" in message


def test_mal3_a_six_gives_no_extra_roll() -> None:
    state = apply(position(["a1"], die=6), "a1-g1")
    assert state.current_player == CHANCE
    assert state.to_json()["player"] == 1


def test_mal3_one_figure_of_the_player_to_act() -> None:
    state = position(["a1"], ["m1"], die=1)
    refused(state, "m1-l1", "MAL-3")


@pytest.mark.parametrize(
    ("die", "expected"),
    [
        (1, {"start-a1"}),
        (2, {"start-b1"}),
        (3, {"start-c1"}),
        (4, {"start-d1", "start-c2"}),
        (5, {"start-e1", "start-c3"}),
    ],
)
def test_mal4_the_entry_field_is_the_first_step(die: int, expected: set[str]) -> None:
    assert moves(position([], die=die)) == expected


# MAL-5 -------------------------------------------------------------------------------


def test_mal5_figures_may_be_jumped_and_count_as_steps() -> None:
    state = position(["b1"], ["c1"], die=3)
    assert "start-c1" in moves(state)  # jumps its own figure on b1, captures on c1
    assert "b1-e1" in moves(state)  # jumps blue on c1


def test_a_move_never_visits_a_field_twice() -> None:
    # c2 lies between c1 and c3 only: two steps can never come back to c2.
    state = position(["c2"], die=2)
    assert moves(state) == {"c2-b1", "c2-d1", "c2-b3", "c2-d3", "start-b1"}


def test_several_ways_to_one_field_are_one_action() -> None:
    state = position(["e3"], die=4)
    texts = [str(a) for a in state.legal_actions()]
    assert len(texts) == len(set(texts))


# MAL-6 -------------------------------------------------------------------------------


def test_mal6_a_player_who_cannot_move_passes() -> None:
    # Every red figure is shut in between two barricades; a 2 cannot jump them.
    walls = ["c5", "c7", "c9", "k5", "k7", "k9"]
    state = position(["c6", "k6", "c8", "k8"], die=2, barricades=walls)
    assert moves(state) == {"pass"}
    apply(state, "pass")
    assert state.current_player == CHANCE
    assert state.to_json()["player"] == 1


def test_mal6_a_player_who_can_move_may_not_pass() -> None:
    refused(position(["a1"], die=2), "pass", "MAL-6")


# MAL-7 -------------------------------------------------------------------------------


def test_mal7_landing_on_a_figure_captures_it() -> None:
    state = apply(position(["a1"], ["d1"], die=3), "a1-d1")
    assert state.to_json()["figures"] == [
        ["d1", "start", "start", "start"],
        ["start"] * 4,
    ]


def test_mal7_an_own_figure_is_captured_too_by_default() -> None:
    state = apply(position(["a1", "d1"], die=3), "a1-d1")
    assert state.to_json()["figures"][0] == ["d1", "start", "start", "start"]


def test_mal7_capture_own_off_protects_own_figures() -> None:
    state = position(["a1", "d1"], die=3, capture_own=False)
    assert "a1-d1" not in moves(state)
    assert "capture_own" in refused(state, "a1-d1", "MAL-7")


# MAL-8 -------------------------------------------------------------------------------


def test_mal8_a_barricade_cannot_be_jumped() -> None:
    # From d2? no such field: from d1 up the d column is d3 (barricade) then d4? no field.
    # From c3 to e3 the only short way passes d3, which holds a barricade.
    state = position(["c3"], die=2)
    assert "c3-e3" not in moves(state)
    assert "jumps a barricade" in refused(state, "c3-e3", "MAL-8")


def test_mal8_landing_on_a_barricade_takes_it_and_the_mover_places_it() -> None:
    state = apply(position(["c3"], die=1), "c3-d3")
    data = state.to_json()
    assert data["phase"] == "place" and data["player"] == 0
    assert "d3" not in data["barricades"] and len(data["barricades"]) == 5
    apply(state, "barricade h5")
    data = state.to_json()
    assert "h5" in data["barricades"] and data["phase"] == "roll" and data["player"] == 1


@pytest.mark.parametrize(
    ("field", "rule"),
    [
        ("b1", "MAL-8"),  # the bottom row
        ("g3", "MAL-9"),  # a rest field
        ("g10", "MAL-8"),  # the goal
        ("g4", "MAL-8"),  # the forest
        ("j5", "MAL-8"),  # another barricade
        ("d3", "MAL-8"),  # the figure that took it
    ],
)
def test_mal8_where_a_barricade_may_not_go(field: str, rule: str) -> None:
    state = apply(position(["c3"], die=1), "c3-d3")
    refused(state, f"barricade {field}", rule)


def test_mal8_a_barricade_may_go_on_plain_fields() -> None:
    state = apply(position(["c3"], die=1), "c3-d3")
    placements = moves(state)
    assert "barricade a2" not in placements  # no such field
    assert {"barricade e3", "barricade c6", "barricade h9"} <= placements
    assert "barricade a1" not in placements


def test_mal8_no_barricade_to_place_without_taking_one() -> None:
    refused(position(["a1"], die=1), "barricade h5", "MAL-8")


def test_mal8_the_taken_barricade_must_be_placed_first() -> None:
    state = apply(position(["c3"], die=1), "c3-d3")
    refused(state, "pass", "MAL-8")


# MAL-9 -------------------------------------------------------------------------------


def test_mal9_a_figure_on_a_rest_field_cannot_be_captured() -> None:
    state = position(["a1"], ["c2"], die=4)
    assert "a1-c2" not in {str(a) for a in state.legal_actions()}
    refused(state, "start-c2", "MAL-9")


def test_mal9_a_rest_field_may_be_jumped() -> None:
    state = position(["c1"], ["c2"], die=2)
    assert "c1-c3" in moves(state)


# MAL-10 ------------------------------------------------------------------------------


def test_mal10_captured_in_the_village_goes_to_the_forest() -> None:
    state = apply(position(["c6"], ["c8"], die=2), "c6-c8")
    assert state.to_json()["figures"][1] == ["g4", "start", "start", "start"]


def test_mal10_captured_outside_the_village_goes_home() -> None:
    state = apply(position(["c5"], ["c6"], die=1), "c5-c6")
    assert state.to_json()["figures"][1] == ["start"] * 4


def test_mal10_the_forest_holds_any_number_and_nobody_is_captured_there() -> None:
    state = position(["g5"], ["g4", "g4"], die=1)
    apply(state, "g5-g4")
    figures = state.to_json()["figures"]
    assert figures[0].count("g4") == 1 and figures[1].count("g4") == 2


def test_mal10_a_figure_restarts_from_the_forest() -> None:
    state = position(["g4"], die=1)
    assert moves(state) >= {"g4-g3", "g4-g5"}


# MAL-11 ------------------------------------------------------------------------------


def test_mal11_the_goal_with_an_exact_roll_wins() -> None:
    state = apply(
        position(["g8"], barricades=["d3", "d5", "g7", "c9", "j3", "j5"], die=2), "g8-g10"
    )
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == {0}
    assert state.returns() == [1.0, -1.0]


def test_mal11_the_goal_is_never_passed() -> None:
    # g9 is one step below the goal; a 3 cannot go up and come back down.
    state = position(["g9"], barricades=["d3", "d5", "g7", "c9", "j3", "j5"], die=3)
    assert all(not m.endswith("g10") for m in moves(state))


# Our additions -----------------------------------------------------------------------


def test_the_round_limit_ends_in_a_draw() -> None:
    game = wuerfelwerk.load("malefiz", players=2, round_limit=1)
    state = game.new_initial_state()
    for text in ("roll 1", "start-a1", "roll 1", "start-m1"):
        state.apply(game.parse_action(text))
    state.apply(game.parse_action("roll 1"))
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None and outcome.is_draw and outcome.termination == "round limit"
    assert state.returns() == [0.0, 0.0]
