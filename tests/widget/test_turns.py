"""WID-2, WID-4, WID-5 and the turn structure: a roll, then one decision per die, from
every seat."""

from __future__ import annotations

from wuerfelwerk.core import CHANCE

from .scenario import (
    COLOURS,
    Seating,
    following,
    places,
    play,
    position,
    sorted_places,
    texts,
)


def test_a_roll_is_two_chance_faces_with_pair_odds() -> None:
    state = position()
    odds = dict((str(a), p) for a, p in state.chance_outcomes())
    assert len(odds) == 21
    assert odds["roll red red"] == 1 / 36
    assert odds["roll red black"] == 2 / 36


def test_one_decision_per_die_then_the_next_player_rolls(seating: Seating) -> None:
    """WID-2: two different figures, one per die, in the order the player chooses."""
    start = seating.start
    first, second = seating.neither(), seating.other_colour
    state = seating.position(roll=[first, second])
    assert texts(state) == {f"{first} {start}", f"{second} {start}"}
    play(state, f"{second} {start}")
    moved = following(start, second)
    assert places(state, seating.seat) == sorted_places(start, start, moved)
    assert texts(state) == {f"{first} {start}"}, "the moved figure is out; one at home is left"
    play(state, f"{first} {start}")
    assert places(state, seating.seat) == sorted_places(start, moved, following(start, first))
    assert state.current_player == CHANCE and state.player == seating.other


def test_a_figure_does_not_move_twice_in_one_roll(seating: Seating) -> None:
    """WID-2: the only figure that can move uses one die; the other die is lost."""
    first, second = seating.neither(), seating.other_colour
    origin = following(seating.start, seating.colour)
    state = seating.position(mine=[origin, "ship", "ship"], roll=[first, second])
    play(state, f"{first} {origin}")
    assert texts(state) == {"pass"}
    play(state, "pass")
    assert places(state, seating.seat) == sorted_places(following(origin, first), "ship", "ship")
    assert state.player == seating.other


def test_a_pair_rolls_again_and_the_figures_may_move_again(seating: Seating) -> None:
    """WID-4."""
    start, colour = seating.start, seating.neither()
    state = seating.position(roll=[colour, colour])
    play(state, f"{colour} {start}", f"{colour} {start}")
    near = following(start, colour)
    far = following(near, colour)
    assert places(state, seating.seat) == sorted_places(start, near, far)
    assert state.current_player == CHANCE and state.player == seating.seat
    other = seating.other_colour
    play(state, f"roll {colour} {other}")
    assert {f"{colour} {near}", f"{colour} {far}", f"{other} {near}"} <= texts(state)


def test_no_pair_no_second_roll(seating: Seating) -> None:
    start = seating.start
    first, second = seating.neither(), seating.other_colour
    state = seating.position(roll=[first, second])
    play(state, f"{first} {start}", f"{second} {start}")
    assert state.current_player == CHANCE and state.player == seating.other


def test_white_chooses_the_colour_for_its_figure(seating: Seating) -> None:
    """WID-5: any of the four colours for the white die; the other die as rolled."""
    start, rolled = seating.start, seating.neither()
    state = seating.position(roll=[rolled, "white"])
    assert texts(state) == {f"{rolled} {start}"} | {f"white {start} as {c}" for c in COLOURS}
    chosen = seating.other_colour
    play(state, f"white {start} as {chosen}", f"{rolled} {start}")
    first = following(start, chosen)
    second = following(start, rolled, skip=[first])
    assert places(state, seating.seat) == sorted_places(start, first, second)
    assert state.player == seating.other


def test_white_pair_moves_two_figures_to_chosen_colours_then_rolls_again(
    seating: Seating,
) -> None:
    """WID-5: the same colour twice is allowed; the occupied field is skipped."""
    start, chosen = seating.start, seating.neither()
    state = seating.position(roll=["white", "white"])
    play(state, f"white {start} as {chosen}", f"white {start} as {chosen}")
    first = following(start, chosen)
    second = following(start, chosen, skip=[first])
    assert places(state, seating.seat) == sorted_places(start, first, second)
    assert state.current_player == CHANCE and state.player == seating.seat


def test_a_die_nobody_can_use_is_lost(seating: Seating) -> None:
    """Gaps: a figure on the connecting field cannot use a colour die (WID-9)."""
    state = seating.position(
        mine=["connect", "ship", "ship"], roll=[seating.colour, seating.neither()]
    )
    assert texts(state) == {"pass"}
    play(state, "pass")
    assert places(state, seating.seat) == ["connect", "ship", "ship"]
    assert state.current_player == CHANCE and state.player == seating.other


def test_only_one_die_usable_after_the_first_decision(seating: Seating) -> None:
    """The order is free: using white on the ring figure loses the colour die (ours)."""
    colour = seating.neither()
    origin = following(seating.start, seating.colour)
    setup = {"mine": ["connect", origin, "ship"], "roll": [colour, "white"]}
    state = seating.position(**setup)
    assert "white connect" in texts(state)
    play(state, f"{colour} {origin}", "white connect")
    assert places(state, seating.seat) == sorted_places(following(origin, colour), "ship", "ship")
    other = seating.position(**setup)
    play(other, f"white {origin} as {seating.other_colour}")
    assert texts(other) == {"pass"}
