"""WID-2, WID-4, WID-5 and the turn structure: a roll, then one decision per die."""

from __future__ import annotations

from wuerfelwerk.core import CHANCE

from .scenario import places, play, position, texts


def test_a_roll_is_two_chance_faces_with_pair_odds() -> None:
    state = position()
    odds = dict((str(a), p) for a, p in state.chance_outcomes())
    assert len(odds) == 21
    assert odds["roll red red"] == 1 / 36
    assert odds["roll red black"] == 2 / 36


def test_one_decision_per_die_then_the_next_player_rolls() -> None:
    """WID-2: two different figures, one per die, in the order the player chooses."""
    state = position(roll=["red", "blue"])
    assert texts(state) == {"red 0", "blue 0"}
    play(state, "blue 0")
    assert places(state, 0) == ["0", "0", "1"]
    assert texts(state) == {"red 0"}, "the figure on 1 has moved; one on the start is left"
    play(state, "red 0")
    assert places(state, 0) == ["0", "1", "5"]
    assert state.current_player == CHANCE and state.player == 1


def test_a_figure_does_not_move_twice_in_one_roll() -> None:
    """WID-2: the only figure that can move uses one die; the other die is lost."""
    state = position(figures=[["5", "ship", "ship"], ["26", "26", "26"]], roll=["red", "blue"])
    play(state, "red 5")
    assert texts(state) == {"pass"}
    play(state, "pass")
    assert places(state, 0) == ["8", "ship", "ship"]
    assert state.player == 1


def test_a_pair_rolls_again_and_the_figures_may_move_again() -> None:
    """WID-4."""
    state = position(roll=["red", "red"])
    play(state, "red 0", "red 0")
    assert places(state, 0) == ["0", "5", "8"]
    assert state.current_player == CHANCE and state.player == 0
    play(state, "roll red blue")
    assert {"red 5", "red 8", "blue 5"} <= texts(state)


def test_no_pair_no_second_roll() -> None:
    state = position(roll=["green", "yellow"])
    play(state, "green 0", "yellow 0")
    assert state.current_player == CHANCE and state.player == 1


def test_white_chooses_the_colour_for_its_figure() -> None:
    """WID-5: any of the four colours for the white die; the other die as rolled."""
    state = position(roll=["blue", "white"])
    assert texts(state) == {
        "blue 0",
        "white 0 as red",
        "white 0 as blue",
        "white 0 as green",
        "white 0 as yellow",
    }
    play(state, "white 0 as green", "blue 0")
    assert places(state, 0) == ["0", "1", "4"]
    assert state.player == 1


def test_white_pair_moves_two_figures_to_chosen_colours_then_rolls_again() -> None:
    """WID-5: the same colour twice is allowed; the occupied field is skipped."""
    state = position(roll=["white", "white"])
    play(state, "white 0 as yellow", "white 0 as yellow")
    assert places(state, 0) == ["0", "2", "9"]
    assert state.current_player == CHANCE and state.player == 0


def test_a_die_nobody_can_use_is_lost() -> None:
    """Gaps: a figure on the connecting field cannot use a colour die (WID-9)."""
    state = position(
        figures=[["connect", "ship", "ship"], ["26", "26", "26"]], roll=["red", "blue"]
    )
    assert texts(state) == {"pass"}
    play(state, "pass")
    assert places(state, 0) == ["connect", "ship", "ship"]
    assert state.current_player == CHANCE and state.player == 1


def test_only_one_die_usable_after_the_first_decision() -> None:
    """The order is free: using white on the ring figure loses the colour die (ours)."""
    state = position(figures=[["connect", "10", "ship"], ["26", "26", "26"]], roll=["red", "white"])
    assert "white connect" in texts(state)
    play(state, "red 10", "white connect")
    assert places(state, 0) == ["14", "ship", "ship"]
    other = position(figures=[["connect", "10", "ship"], ["26", "26", "26"]], roll=["red", "white"])
    play(other, "white 10 as blue")
    assert texts(other) == {"pass"}
