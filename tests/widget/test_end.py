"""WID-10, playing for places, and the round limit that bounds every game, from every
seat."""

from __future__ import annotations

import pytest

import wuerfelwerk
from wuerfelwerk.core import CHANCE

from .scenario import SEATINGS, Seating, play

HOME = ["ship", "ship"]


def test_three_figures_in_the_spaceship_win(seating: Seating) -> None:
    """WID-10: the game ends at once, the second die is not used."""
    state = seating.position(mine=["connect", *HOME], roll=["white", seating.colour])
    play(state, "white connect")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == {seating.seat}
    assert outcome.termination == "spaceship reached"
    assert state.returns()[seating.seat] == 1.0
    assert all(r < 0 for seat, r in enumerate(state.returns()) if seat != seating.seat)


@pytest.mark.parametrize("seating", [s for s in SEATINGS if s.players == 3], ids=str)
def test_play_for_places_goes_on_until_every_place_is_decided(seating: Seating) -> None:
    """WID-10: the winner's turn ends (no second roll after the pair); the others go on,
    the winner's seat is skipped."""
    first, second, last = seating.seat, seating.other, seating.third
    state = seating.position(
        mine=["connect", *HOME],
        theirs=["connect", "connect", "ship"],
        options={"play_for_places": True},
        roll=["white", "white"],
    )
    play(state, "white connect")
    assert not state.is_terminal()
    assert state.current_player == CHANCE and state.player == second
    play(state, "roll white red", "white connect", "pass")
    assert state.player == last
    last_start = seating.start_of(last)
    colour = seating.colour_of(last)
    play(state, f"roll white {colour}", f"{colour} {last_start}", f"white {last_start} as red")
    assert state.player == second, f"{seating.colour} has finished and is skipped"
    play(state, "roll white white", "white connect")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.ranking == (frozenset({first}), frozenset({second}), frozenset({last}))
    assert outcome.termination == "places decided"


@pytest.mark.parametrize("seating", [s for s in SEATINGS if s.players > 2], ids=str)
def test_without_play_for_places_the_first_to_finish_ends_the_game(seating: Seating) -> None:
    state = seating.position(mine=["connect", *HOME], roll=["white", "white"])
    play(state, "white connect")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None
    rest = frozenset(range(seating.players)) - {seating.seat}
    assert outcome.ranking == (frozenset({seating.seat}), rest)


def test_the_round_limit_ends_the_game_in_a_draw(seating: Seating) -> None:
    """Ours: after round_limit rolls per player (here 3 each) the game is over."""
    players = seating.players
    state = seating.position(options={"round_limit": 3}, rolls=3 * players - 1)
    assert state.game.max_game_length == 3 * 3 * players
    start, first, second = seating.start, seating.neither(), seating.other_colour
    play(state, f"roll {first} {second}", f"{first} {start}", f"{second} {start}")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.is_draw and outcome.termination == "round limit"


def test_a_pair_at_the_round_limit_does_not_roll_again(seating: Seating) -> None:
    state = seating.position(options={"round_limit": 3}, rolls=3 * seating.players - 1)
    colour, start = seating.neither(), seating.start
    play(state, f"roll {colour} {colour}", f"{colour} {start}", f"{colour} {start}")
    assert state.is_terminal()


def test_every_seat_plays_its_colour() -> None:
    names = {
        n: [wuerfelwerk.load("widget", players=n).seat_name(s) for s in range(n)] for n in (2, 3, 4)
    }
    assert names == {
        2: ["red", "green"],
        3: ["red", "blue", "green"],
        4: ["red", "blue", "green", "yellow"],
    }


def test_a_finished_game_round_trips_through_json(seating: Seating) -> None:
    state = seating.position(mine=["connect", *HOME], roll=["white", seating.colour])
    play(state, "white connect")
    assert state.game.state_from_json(state.to_json()) == state
