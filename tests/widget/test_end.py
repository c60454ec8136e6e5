"""WID-10, playing for places, and the round limit that bounds every game."""

from __future__ import annotations

import wuerfelwerk
from wuerfelwerk.core import CHANCE

from .scenario import play, position

HOME = ["ship", "ship"]


def test_three_figures_in_the_spaceship_win() -> None:
    """WID-10: the game ends at once, the second die is not used."""
    state = position(figures=[["connect", *HOME], ["26", "26", "26"]], roll=["white", "red"])
    play(state, "white connect")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == {0}
    assert outcome.termination == "spaceship reached"
    assert state.returns() == [1.0, -1.0]


def test_play_for_places_goes_on_until_every_place_is_decided() -> None:
    """WID-10: the winner's turn ends (no second roll after the pair); the others go on."""
    state = position(
        players=3,
        options={"play_for_places": True},
        figures=[["connect", *HOME], ["connect", "connect", "ship"], ["26", "26", "26"]],
        roll=["white", "white"],
    )
    play(state, "white connect")
    assert not state.is_terminal()
    assert state.current_player == CHANCE and state.player == 1
    play(state, "roll white red", "white connect", "pass")
    play(state, "roll white green", "green 26", "white 26 as yellow")
    assert state.player == 1, "red has finished and is skipped"
    play(state, "roll white white", "white connect")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.ranking == (frozenset({0}), frozenset({1}), frozenset({2}))
    assert outcome.termination == "places decided"


def test_without_play_for_places_the_first_to_finish_ends_the_game() -> None:
    state = position(
        players=3,
        figures=[["connect", *HOME], ["26", "13", "13"], ["26", "26", "26"]],
        roll=["white", "white"],
    )
    play(state, "white connect")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.ranking == (frozenset({0}), frozenset({1, 2}))


def test_the_round_limit_ends_the_game_in_a_draw() -> None:
    """Ours: after round_limit rolls per player (here 3 x 2) the game is over."""
    state = position(options={"round_limit": 3}, rolls=5)
    assert state.game.max_game_length == 3 * 3 * 2
    play(state, "roll red blue", "red 0", "blue 0")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.is_draw and outcome.termination == "round limit"


def test_a_pair_at_the_round_limit_does_not_roll_again() -> None:
    state = position(options={"round_limit": 3}, rolls=5)
    play(state, "roll red red", "red 0", "red 0")
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


def test_a_finished_game_round_trips_through_json() -> None:
    state = position(figures=[["connect", *HOME], ["26", "26", "26"]], roll=["white", "red"])
    play(state, "white connect")
    assert state.game.state_from_json(state.to_json()) == state
