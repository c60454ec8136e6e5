"""A scenario per rule point of rules/wurf-und-weg.md: a position, an action, the state
after (or the refusal, naming the rule)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import wuerfelwerk
from wuerfelwerk.core import CHANCE, SIMULTANEOUS, InvalidOptionError
from wuerfelwerk.games.wurfweg import WurfWegGame, WurfWegState, load_coasters

from .conftest import TOGETHER, Turn, apply, before_winning_together, refused

# p1 passes clover to the left (p2) and pig to the right (p3); cat is lucky.
COASTERS: list[str | None] = ["clover-pig", "penny-horseshoe", "horseshoe-hamsa"]


def race(turn: Turn, hands: list[list[str]] | None = None, **kwargs: Any) -> WurfWegState:
    hands = hands or [["clover", "pig", "hamsa"], ["penny"], ["hamsa"]]
    return turn.position(COASTERS, hands, **kwargs)


# WUW-1, WUW-2 ------------------------------------------------------------------------


def test_wuw1_eighteen_coasters_every_symbol_three_times_on_each_side() -> None:
    coasters = load_coasters()
    assert coasters.symbols == ("clover", "pig", "cat", "penny", "horseshoe", "hamsa")
    assert len(coasters.coasters) == 18
    assert len({(c.left, c.right) for c in coasters.coasters}) == 18
    assert all(c.left != c.right for c in coasters.coasters)
    assert Counter(c.left for c in coasters.coasters) == Counter(dict.fromkeys(range(6), 3))
    assert Counter(c.right for c in coasters.coasters) == Counter(dict.fromkeys(range(6), 3))


@pytest.mark.parametrize("players", [1, 7])
def test_wuw1_two_to_six_players(players: int) -> None:
    with pytest.raises(InvalidOptionError, match="players"):
        wuerfelwerk.load("wurfweg", players=players)


@pytest.mark.parametrize("players", [2, 6])
def test_wuw2_everyone_draws_a_coaster_and_holds_three_dice(players: int) -> None:
    state = wuerfelwerk.load("wurfweg", players=players).new_initial_state()
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 18 and {p for _, p in outcomes} == {1 / 18}
    assert str(outcomes[0][0]) == "p1 draws clover-pig"
    apply(state, "p1 draws clover-pig")
    assert len(state.chance_outcomes()) == 17
    assert all(str(a).startswith("p2 draws") for a, _ in state.chance_outcomes())
    refused(state, "p2 draws clover-pig", "WUW-2")  # that coaster is no longer in the pile
    for number in range(2, players + 1):
        draw = next(str(a) for a, _ in state.chance_outcomes())
        assert draw.startswith(f"p{number} draws")
        apply(state, draw)
    assert state.phase == "lucky"
    assert [p["unrolled"] for p in state.to_json()["players"]] == [3] * players
    assert len(state.pile) == 18 - players


# WUW-3 ---------------------------------------------------------------------------------


def test_wuw3_the_yellow_die_sets_the_lucky_symbol_then_everyone_rolls_at_once(
    turn: Turn,
) -> None:
    state = turn.position(COASTERS, phase="lucky", lucky=None, unrolled=[3, 3, 3], rolls=[0] * 3)
    assert state.current_player == CHANCE
    assert {str(a) for a, _ in state.chance_outcomes()} == {
        f"lucky {s}" for s in load_coasters().symbols
    }
    turn.refused(state, "p1 roll", "WUW-3")
    apply(state, "lucky pig")
    assert state.current_player == SIMULTANEOUS
    assert state.active_players == [0, 1, 2]
    assert turn.legal(state, 1) == {turn("p2 roll")}


def test_wuw3_a_roll_throws_every_die_in_hand_as_chance(turn: Turn) -> None:
    state = race(turn, [["clover", "pig", "hamsa"], ["penny"], ["hamsa"]])
    turn.apply(state, "p1 roll")
    assert state.current_player == CHANCE and state.throwing == 3
    assert {str(a) for a, _ in state.chance_outcomes()} == turn.texts(
        {f"p1 throws {s}" for s in load_coasters().symbols}
    )
    turn.refused(state, "p2 roll", "WUW-3")  # nobody acts while dice are in the air
    turn.refused(state, "p2 throws pig", "WUW-3")
    turn.apply(state, "p1 throws cat", "p1 throws cat", "p1 throws clover")
    assert turn.view(state, 0)["hand"] == ["clover", "cat", "cat"]
    assert state.current_player == SIMULTANEOUS
    assert turn.view(state, 0)["rolls"] == 2


# WUW-4 ---------------------------------------------------------------------------------


def test_wuw4_left_symbol_to_the_left_neighbour_right_symbol_to_the_right(turn: Turn) -> None:
    state = race(turn)
    assert turn.legal(state, 0) == turn.texts(
        {"p1 roll", "p1 place clover left", "p1 place pig right"}
    )
    turn.apply(state, "p1 place clover left")
    assert turn.view(state, 1)["on_coaster"] == 1
    assert turn.view(state, 0)["hand"] == ["pig", "hamsa"]
    turn.apply(state, "p1 place pig right")
    assert turn.view(state, 2)["on_coaster"] == 1 and turn.view(state, 0)["hand"] == ["hamsa"]
    # the last seat's left neighbour is the first seat
    turn.apply(state, "p3 place hamsa right")
    assert turn.view(state, 1)["on_coaster"] == 2


def test_wuw4_the_lucky_symbol_goes_to_the_tray_and_out_of_the_round(turn: Turn) -> None:
    state = race(turn, [["cat", "hamsa"], ["penny"], ["hamsa"]])
    tray = state.tray
    turn.apply(state, "p1 place cat tray")
    assert state.tray == tray + 1
    assert turn.view(state, 0)["hand"] == ["hamsa"]


def test_wuw4_the_rest_is_rolled_again(turn: Turn) -> None:
    state = race(turn)
    turn.apply(state, "p1 place clover left", "p1 roll")
    assert state.throwing == 2  # pig and hamsa, not the die passed on


def test_wuw4_a_die_that_does_not_match_is_refused(turn: Turn) -> None:
    state = race(turn)
    assert turn("the left symbol of p1's coaster is clover, not hamsa") in turn.refused(
        state, "p1 place hamsa left", "WUW-4"
    )
    turn.refused(state, "p1 place pig left", "WUW-4")
    assert "only the lucky symbol (cat) goes to the tray" in turn.refused(
        state, "p1 place clover tray", "WUW-4"
    )


def test_wuw4_a_die_one_does_not_hold_is_refused(turn: Turn) -> None:
    state = race(turn)
    assert turn("p1 holds no rolled die showing penny") in turn.refused(
        state, "p1 place penny left", "WUW-4"
    )
    assert turn("p1 holds no rolled die showing cat") in turn.refused(
        state, "p1 place cat tray", "WUW-4"
    )
    fresh = turn.position(COASTERS, [[], [], []], unrolled=[3, 3, 3], rolls=[0] * 3)
    turn.refused(fresh, "p1 place clover left", "WUW-4")  # the dice are not rolled yet


def test_wuw4_rolling_again_with_a_matching_die_in_hand_is_allowed(turn: Turn) -> None:
    state = race(turn)
    turn.apply(state, "p1 roll")
    assert state.throwing == 3


# WUW-5, WUW-6, WUW-7 -------------------------------------------------------------------


def test_wuw5_the_lucky_symbol_goes_to_the_tray_even_if_the_coaster_shows_it(
    turn: Turn,
) -> None:
    state = race(turn, lucky="clover")
    assert turn.legal(state, 0) == turn.texts(
        {"p1 roll", "p1 place clover tray", "p1 place pig right"}
    )
    assert "always goes to the tray" in turn.refused(state, "p1 place clover left", "WUW-5")


def test_wuw6_dice_on_ones_coaster_join_the_next_roll(turn: Turn) -> None:
    state = race(turn, on_coaster=[2, 0, 0])
    turn.apply(state, "p1 roll")
    assert state.throwing == 5
    assert turn.view(state, 0)["on_coaster"] == 0


@pytest.mark.parametrize("shift", [0, 1])
def test_wuw7_with_two_players_both_sides_go_to_the_other_player(shift: int) -> None:
    turn = Turn(2, shift)
    state = turn.position(
        ["clover-pig", "penny-horseshoe"], [["clover", "pig", "hamsa"], ["penny"]]
    )
    turn.apply(state, "p1 place clover left", "p1 place pig right")
    assert turn.view(state, 1)["on_coaster"] == 2
    turn.apply(state, "p2 place penny left")
    assert turn.view(state, 0)["on_coaster"] == 1


# WUW-8 ---------------------------------------------------------------------------------


def test_wuw8_the_first_without_dice_calls_stop(turn: Turn) -> None:
    state = race(turn, [["clover"], ["penny", "cat"], ["hamsa"]])
    turn.apply(state, "p1 place clover left")
    assert state.phase == "calm" and state.stopper == turn.seat(0)
    # the others' dice count only once rolled again; the dice on coasters join
    assert (turn.view(state, 1)["unrolled"], turn.view(state, 1)["on_coaster"]) == (2, 1)
    assert turn.view(state, 1)["hand"] == []
    assert set(state.active_players) == turn.seats(1, 2)
    assert turn.legal(state, 1) == {turn("p2 roll")}


def test_wuw8_no_stop_while_dice_lie_on_ones_own_coaster(turn: Turn) -> None:
    state = race(turn, [["clover"], ["penny"], ["hamsa"]], on_coaster=[1, 0, 0])
    turn.apply(state, "p1 place clover left")
    assert state.phase == "race"
    assert turn.legal(state, 0) == {turn("p1 roll")}


def calm(
    turn: Turn, hands: list[list[str]], calm_rolls: list[int], unrolled: list[int] | None = None
) -> WurfWegState:
    """p1 has called stop."""
    return turn.position(
        COASTERS, hands, phase="calm", stopper=0, calm_rolls=calm_rolls, unrolled=unrolled
    )


def test_wuw8_after_stop_only_the_lucky_symbol_counts(turn: Turn) -> None:
    state = calm(turn, [[], ["penny", "cat"], ["hamsa"]], [0, 1, 1])
    assert turn.legal(state, 1) == {turn("p2 place cat tray")}  # lucky dice first, then roll
    assert "only the lucky symbol (cat) counts" in turn.refused(
        state, "p2 place penny left", "WUW-8"
    )  # penny is p2's left symbol, but not any more
    turn.refused(state, "p2 roll", "WUW-8")
    turn.refused(state, "p1 roll", "WUW-8")  # the one who called stop does nothing more
    turn.apply(state, "p2 place cat tray")
    assert turn.legal(state, 1) == {turn("p2 roll")}


def test_wuw8_three_calm_rolls_then_the_round_ends(turn: Turn) -> None:
    state = calm(turn, [[], ["penny"], ["hamsa"]], [0, 3, 2])
    assert state.active_players == [turn.seat(2)]
    assert "all 3 calm rolls" in turn.refused(state, "p2 roll", "WUW-8")
    turn.apply(state, "p3 roll", "p3 throws pig")
    assert state.round == 2 and state.phase == "draw"  # p1 won and draws a new coaster


# WUW-9 ---------------------------------------------------------------------------------


def test_wuw9_who_got_rid_of_all_dice_wins_the_coaster_and_draws_a_new_one(
    turn: Turn,
) -> None:
    state = calm(turn, [[], ["penny"], []], [0, 3, 2], unrolled=[0, 0, 1])
    turn.apply(state, "p3 roll", "p3 throws cat", "p3 place cat tray")  # calm: p3 too
    assert state.round == 2 and state.phase == "draw"
    assert [turn.view(state, s)["won"] for s in range(3)] == [
        ["clover-pig"],
        [],
        ["horseshoe-hamsa"],
    ]
    assert [turn.view(state, s)["coaster"] for s in range(3)] == [None, "penny-horseshoe", None]
    view = state.to_json()["players"]
    assert [(p["unrolled"], p["hand"], p["on_coaster"]) for p in view] == [(3, [], 0)] * 3
    assert [(p["rolls"], p["calm_rolls"]) for p in view] == [(0, 0)] * 3  # a fresh round
    assert (state.to_json()["lucky"], state.to_json()["stopper"]) == (None, None)
    assert state.tray == 0
    # The winners draw in seat order.
    first, second = sorted(turn.seats(0, 2))
    assert all(str(a).startswith(f"p{first + 1} draws") for a, _ in state.chance_outcomes())
    apply(state, str(state.chance_outcomes()[0][0]))
    assert all(str(a).startswith(f"p{second + 1} draws") for a, _ in state.chance_outcomes())
    apply(state, str(state.chance_outcomes()[0][0]))
    assert state.phase == "lucky"


# WUW-10 --------------------------------------------------------------------------------


def won(*counts: int) -> list[list[str]]:
    """Won coasters taken from the end of the list, none of them in COASTERS."""
    names = [c.name for c in load_coasters().coasters if c.name not in COASTERS]
    return [[names.pop() for _ in range(count)] for count in counts]


def test_wuw10_three_coasters_win_and_several_at_once_win_together(turn: Turn) -> None:
    state = turn.position(
        COASTERS,
        [[], ["penny"], []],
        phase="calm",
        stopper=0,
        calm_rolls=[0, 3, 2],
        unrolled=[0, 0, 1],
        won=won(2, 1, 2),
    )
    turn.apply(state, "p3 roll", "p3 throws cat", "p3 place cat tray")
    outcome = state.outcome()
    assert outcome is not None and outcome.termination == "3 coasters"
    assert outcome.winners == turn.seats(0, 2)
    assert outcome.ranking[1] == turn.seats(1)
    assert state.game.state_from_json(state.to_json()) == state, "the end reads back"


def test_wuw10_when_every_player_wins_at_once_all_win_together() -> None:
    """Both players reach 3 coasters together: a shared win, not a draw (WUW-10)."""
    state = apply(before_winning_together(), *TOGETHER)
    outcome = state.outcome()
    assert outcome is not None and outcome.termination == "3 coasters"
    assert outcome.winners == {0, 1} and not outcome.is_draw
    assert outcome.to_json()["winners"] == [0, 1]
    assert outcome.describe(state.game.seat_name) == "p1 and p2 won together (3 coasters)"
    assert state.returns() == [0.0, 0.0]


def round_ended_by_p1(turn: Turn, *won_counts: int, **kwargs: Any) -> WurfWegState:
    """p1 called stop, p2 made its calm rolls, p3's last calm roll misses: the round ends."""
    state = turn.position(
        COASTERS,
        [[], ["penny"], ["hamsa"]],
        phase="calm",
        stopper=0,
        calm_rolls=[0, 3, 2],
        won=won(*won_counts),
        **kwargs,
    )
    return turn.apply(state, "p3 roll", "p3 throws pig")


def test_wuw10_variant_ends_when_a_coaster_must_be_drawn_from_an_empty_pile(turn: Turn) -> None:
    state = round_ended_by_p1(turn, 3, 4, 0, pile=[], until_pile_empty=True)
    outcome = state.outcome()
    assert outcome is not None and outcome.termination == "pile empty"
    assert outcome.ranking == (turn.seats(0, 1), turn.seats(2))  # 4 and 4: they share
    assert state.round == 1  # it ends in the round whose winner finds the pile empty


def test_wuw10_variant_does_not_end_at_three(turn: Turn) -> None:
    state = round_ended_by_p1(turn, 2, 0, 0, until_pile_empty=True)
    assert not state.is_terminal() and len(state.won[turn.seat(0)]) == 3
    assert state.phase == "draw"


# Limits: every game ends -----------------------------------------------------------------


def test_the_roll_limit_leaves_only_placing(turn: Turn) -> None:
    state = race(
        turn, [["clover", "pig", "hamsa"], ["clover"], ["hamsa"]], rolls=[5, 5, 4], roll_limit=5
    )
    assert turn.legal(state, 0) == turn.texts({"p1 place clover left", "p1 place pig right"})
    assert "roll_limit" in turn.refused(state, "p1 roll", "WUW-3")
    assert set(state.active_players) == turn.seats(0, 2)  # p2 holds nothing that matches


def test_a_race_nobody_can_go_on_with_ends_the_round_without_winners(turn: Turn) -> None:
    state = race(turn, [["hamsa"], ["clover"], ["hamsa", "pig"]], rolls=[5, 5, 4], roll_limit=5)
    turn.apply(state, "p3 roll", "p3 throws clover", "p3 throws pig")
    assert state.round == 2 and state.phase == "lucky"
    assert [len(w) for w in state.won] == [0, 0, 0]


def test_the_round_limit_ends_the_game_most_coasters_first(turn: Turn) -> None:
    state = round_ended_by_p1(turn, 0, 1, 1, round=7, round_limit=7)
    outcome = state.outcome()
    assert outcome is not None and outcome.termination == "round limit"
    assert outcome.ranking == (frozenset({0, 1, 2}),)  # 1, 1 and 1: a draw
    assert outcome.is_draw and not outcome.winners
    assert outcome.describe(state.game.seat_name) == "a draw (round limit)"
    assert state.game.state_from_json(state.to_json()) == state, "the end reads back"


def test_max_game_length_is_the_documented_formula(game: WurfWegGame) -> None:
    assert game.max_game_length == 100 * (3 + 1 + 3 * 103 * (1 + 2 * 9))
