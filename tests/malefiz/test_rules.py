"""A scenario per rule point of rules/malefiz.md: a position, an action, the state after."""

from __future__ import annotations

import pytest

import wuerfelwerk
from wuerfelwerk.core import CHANCE

from ..scenario import apply, refused
from .conftest import OUTER, SEATINGS, START_BARRICADES, Seating, moves

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


def test_mal3_a_turn_starts_with_a_fair_die(seating: Seating) -> None:
    state = seating.position(["a1"], phase="roll")
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert sorted(str(a) for a, _ in outcomes) == [f"roll {v}" for v in range(1, 7)]
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
    refused(state, seating("a1-b1"), "MAL-3")


def test_mal3_all_pips_must_be_used(seating: Seating) -> None:
    state = seating.position(["a1"], die=3)
    assert seating("a1-d1") in moves(state)
    assert seating("a1-b1") not in moves(state)
    message = refused(state, seating("a1-b1"), "MAL-3")
    assert "exactly 3 steps" in message


def test_mal3_a_six_gives_no_extra_roll(seating: Seating) -> None:
    state = apply(seating.position(["a1"], die=6), seating("a1-g1"))
    assert state.current_player == CHANCE
    assert state.to_json()["player"] == seating.other


def test_mal3_one_figure_of_the_player_to_act(seating: Seating) -> None:
    state = seating.position(["a1"], ["m1"], die=1)
    refused(state, seating("m1-l1"), "MAL-3")


#: MAL-4 from a corner house (red's, below a1) and from a middle house (green's, below
#: e1), by hand: the entry field is the first step, then along the bottom row, and up
#: at c1 and g1; the right half is the same mirrored.
FROM_THE_HOUSE = {
    "a": {
        1: {"a1"},
        2: {"b1"},
        3: {"c1"},
        4: {"d1", "c2"},
        5: {"e1", "c3"},
    },
    "e": {
        1: {"e1"},
        2: {"d1", "f1"},
        3: {"c1", "g1"},
        4: {"b1", "c2", "h1", "g2"},
        5: {"a1", "c3", "i1", "g3"},
    },
}


@pytest.mark.parametrize("die", [1, 2, 3, 4, 5])
def test_mal4_the_entry_field_is_the_first_step(seating: Seating, die: int) -> None:
    drawn = FROM_THE_HOUSE["a" if seating.outer else "e"][die]
    assert moves(seating.position([], die=die)) == seating.names({f"start-{f}" for f in drawn})


# MAL-5 -------------------------------------------------------------------------------


def test_mal5_figures_may_be_jumped_and_count_as_steps(seating: Seating) -> None:
    state = seating.position(["b1"], ["c1"], die=3)
    assert seating("b1-e1") in moves(state)  # jumps the other seat's figure on c1


@pytest.mark.parametrize("seating", OUTER, ids=str)
def test_mal5_own_figures_are_jumped_too(seating: Seating) -> None:
    state = seating.position(["b1"], ["c1"], die=3)
    assert seating("start-c1") in moves(state)  # jumps its own figure on b1, captures on c1


def test_a_move_never_visits_a_field_twice(seating: Seating) -> None:
    # c2 lies between c1 and c3 only: two steps can never come back to c2.
    state = seating.position(["c2"], die=2)
    on_the_board = {m for m in moves(state) if not m.startswith("start-")}
    assert on_the_board == seating.names({"c2-b1", "c2-d1", "c2-b3", "c2-d3"})


def test_several_ways_to_one_field_are_one_action(seating: Seating) -> None:
    state = seating.position(["e3"], die=4)
    texts = [str(a) for a in state.legal_actions()]
    assert len(texts) == len(set(texts))


# MAL-6 -------------------------------------------------------------------------------


def test_mal6_a_player_who_cannot_move_passes(seating: Seating) -> None:
    # Every figure is shut in between two barricades; a 2 cannot jump them.
    walls = ["c5", "c7", "c9", "k5", "k7", "k9"]
    state = seating.position(["c6", "k6", "c8", "k8"], die=2, barricades=walls)
    assert moves(state) == {"pass"}
    apply(state, "pass")
    assert state.current_player == CHANCE
    assert state.to_json()["player"] == seating.other


def test_mal6_a_player_who_can_move_may_not_pass(seating: Seating) -> None:
    refused(seating.position(["a1"], die=2), "pass", "MAL-6")


# MAL-7 -------------------------------------------------------------------------------


def figures(state: wuerfelwerk.State, seat: int) -> list[str]:
    listed: list[str] = state.to_json()["figures"][seat]
    return listed


def test_mal7_landing_on_a_figure_captures_it(seating: Seating) -> None:
    state = apply(seating.position(["a1"], ["d1"], die=3), seating("a1-d1"))
    assert figures(state, seating.seat) == [seating("d1"), "start", "start", "start"]
    assert figures(state, seating.other) == ["start"] * 4


def test_mal7_an_own_figure_is_captured_too_by_default(seating: Seating) -> None:
    state = apply(seating.position(["a1", "d1"], die=3), seating("a1-d1"))
    assert figures(state, seating.seat) == [seating("d1"), "start", "start", "start"]


def test_mal7_capture_own_off_protects_own_figures(seating: Seating) -> None:
    state = seating.position(["a1", "d1"], die=3, capture_own=False)
    assert seating("a1-d1") not in moves(state)
    assert "capture_own" in refused(state, seating("a1-d1"), "MAL-7")


# MAL-8 -------------------------------------------------------------------------------


def test_mal8_a_barricade_cannot_be_jumped(seating: Seating) -> None:
    # From c3 to e3 the only short way passes d3, which holds a barricade.
    state = seating.position(["c3"], die=2)
    assert seating("c3-e3") not in moves(state)
    assert "jumps a barricade" in refused(state, seating("c3-e3"), "MAL-8")


def test_mal8_landing_on_a_barricade_takes_it_and_the_mover_places_it(seating: Seating) -> None:
    state = apply(seating.position(["c3"], die=1), seating("c3-d3"))
    data = state.to_json()
    assert data["phase"] == "place" and data["player"] == seating.seat
    assert seating("d3") not in data["barricades"] and len(data["barricades"]) == 5
    apply(state, seating("barricade h5"))
    data = state.to_json()
    assert seating("h5") in data["barricades"]
    assert data["phase"] == "roll" and data["player"] == seating.other


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
def test_mal8_where_a_barricade_may_not_go(seating: Seating, field: str, rule: str) -> None:
    state = apply(seating.position(["c3"], die=1), seating("c3-d3"))
    refused(state, seating(f"barricade {field}"), rule)


def test_mal8_a_barricade_may_go_on_plain_fields(seating: Seating) -> None:
    state = apply(seating.position(["c3"], die=1), seating("c3-d3"))
    placements = moves(state)
    assert seating.names({"barricade e3", "barricade c6", "barricade h9"}) <= placements
    assert seating("barricade a1") not in placements


def test_mal8_no_barricade_to_place_without_taking_one(seating: Seating) -> None:
    refused(seating.position(["a1"], die=1), seating("barricade h5"), "MAL-8")


def test_mal8_the_taken_barricade_must_be_placed_first(seating: Seating) -> None:
    state = apply(seating.position(["c3"], die=1), seating("c3-d3"))
    refused(state, "pass", "MAL-8")


# MAL-9 -------------------------------------------------------------------------------


def test_mal9_a_figure_on_a_rest_field_cannot_be_captured(seating: Seating) -> None:
    state = seating.position(["a1"], ["c2"], die=3)
    assert seating("a1-c2") not in moves(state)
    refused(state, seating("a1-c2"), "MAL-9")
    # From every house c2 (k2 on the right) is 4 steps: a1 b1 c1 c2, or e1 d1 c1 c2.
    refused(seating.position(["a1"], ["c2"], die=4), seating("start-c2"), "MAL-9")


def test_mal9_a_rest_field_may_be_jumped(seating: Seating) -> None:
    state = seating.position(["c1"], ["c2"], die=2)
    assert seating("c1-c3") in moves(state)


# MAL-10 ------------------------------------------------------------------------------


def test_mal10_captured_in_the_village_goes_to_the_forest(seating: Seating) -> None:
    state = apply(seating.position(["c6"], ["c8"], die=2), seating("c6-c8"))
    assert figures(state, seating.other) == ["g4", "start", "start", "start"]


def test_mal10_captured_outside_the_village_goes_home(seating: Seating) -> None:
    state = apply(seating.position(["c5"], ["c6"], die=1), seating("c5-c6"))
    assert figures(state, seating.other) == ["start"] * 4


def test_mal10_the_forest_holds_any_number_and_nobody_is_captured_there(
    seating: Seating,
) -> None:
    state = seating.position(["g5"], ["g4", "g4"], die=1)
    apply(state, "g5-g4")
    assert figures(state, seating.seat).count("g4") == 1
    assert figures(state, seating.other).count("g4") == 2


def test_mal10_a_figure_restarts_from_the_forest(seating: Seating) -> None:
    state = seating.position(["g4"], die=1)
    assert moves(state) >= {"g4-g3", "g4-g5"}


# MAL-11 ------------------------------------------------------------------------------

OPEN_GOAL = ["d3", "d5", "g7", "c9", "j3", "j5"]  # g9 moved aside


def test_mal11_the_goal_with_an_exact_roll_wins(seating: Seating) -> None:
    state = apply(seating.position(["g8"], barricades=OPEN_GOAL, die=2), "g8-g10")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == {seating.seat}
    returns = state.returns()
    assert returns[seating.seat] == 1.0
    assert all(r < 0 for seat, r in enumerate(returns) if seat != seating.seat)
    again = state.game.state_from_json(state.to_json())
    assert again == state, "the end reads back"
    goal = state.board.goal
    assert state.occupant[goal] == again.occupant[goal] == seating.seat, "the winner holds the goal"


def test_mal11_the_goal_is_never_passed(seating: Seating) -> None:
    # g9 is one step below the goal; a 3 cannot go up and come back down.
    state = seating.position(["g9"], barricades=OPEN_GOAL, die=3)
    assert all(not m.endswith("g10") for m in moves(state))


def test_mal11_the_goal_only_with_the_exact_roll(seating: Seating) -> None:
    state = seating.position(["g8"], barricades=OPEN_GOAL, die=1)
    assert "g8-g9" in moves(state)
    assert "exactly 1 steps" in refused(state, "g8-g10", "MAL-3")


# Our additions -----------------------------------------------------------------------

ENTRY = {"red": "a1", "green": "e1", "yellow": "i1", "blue": "m1"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_round_limit_ends_in_a_draw(players: int) -> None:
    """After ``round_limit`` rounds (here one: a turn for every seat) the next roll ends
    the game in a draw."""
    game = wuerfelwerk.load("malefiz", players=players, round_limit=1)
    state = game.new_initial_state()
    for seat in SEATINGS:
        if seat.players == players:
            apply(state, "roll 1", f"start-{ENTRY[seat.colour]}")
    assert state.current_player == CHANCE
    state.apply(game.parse_action("roll 1"))
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None and outcome.is_draw and outcome.termination == "round limit"
    assert state.returns() == [0.0] * players
