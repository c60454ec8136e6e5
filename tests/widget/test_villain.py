"""WID-6 to WID-8: the villain Mega-Schuft on a black die, from every seat."""

from __future__ import annotations

import pytest

from wuerfelwerk.core import CHANCE

from ..scenario import refused
from .scenario import (
    RING,
    SEATINGS,
    START,
    Seating,
    fields_of,
    following,
    places,
    play,
    sorted_places,
    texts,
)


def unprotected(seating: Seating) -> int:
    """A field of the other seat's quarter where the villain can throw its figure
    (WID-8: not of its own colour)."""
    return following(seating.other_start, seating.neither())


def protected(seating: Seating) -> int:
    """A field of the other seat's own colour, beyond its start field (WID-8)."""
    return following(seating.other_start, seating.other_colour)


# WID-6 ---------------------------------------------------------------------------------


def test_black_sends_the_villain_to_a_field_of_the_other_colour_and_throws(
    seating: Seating,
) -> None:
    colour = seating.neither()
    target = unprotected(seating)
    state = seating.position(theirs=[target], roll=[colour, "black"])
    assert texts(state) == {"villain stays"} | {f"villain {f}" for f in fields_of(colour)}
    play(state, f"villain {target}")
    assert places(state, seating.other) == [str(seating.other_start)] * 3
    assert state.to_json()["villain"] == str(target)
    assert state.current_player == CHANCE
    assert state.player == seating.other, "the jump used both dice"


def test_the_jump_is_optional(seating: Seating) -> None:
    target = unprotected(seating)
    state = seating.position(theirs=[target], roll=[seating.neither(), "black"])
    play(state, "villain stays")
    assert places(state, seating.other) == sorted_places(target, *[seating.other_start] * 2)
    assert state.to_json()["villain"] == "ship"
    assert state.player == seating.other


def test_the_villain_never_throws_the_players_own_figure(seating: Seating) -> None:
    target = unprotected(seating)
    state = seating.position(mine=[target], roll=[seating.neither(), "black"])
    play(state, f"villain {target}")
    assert places(state, seating.seat) == sorted_places(target, *[seating.start] * 2)


def test_black_also_moves_lets_the_colour_die_move_a_figure(seating: Seating) -> None:
    """Option black_also_moves: the jump and a move by the colour die, one decision each."""
    colour = seating.neither()
    target = unprotected(seating)
    state = seating.position(
        theirs=[target], roll=[colour, "black"], options={"black_also_moves": True}
    )
    move = f"{colour} {seating.start}"
    assert move in texts(state)
    play(state, f"villain {target}")
    assert texts(state) == {move}
    play(state, move)
    moved = following(seating.start, colour)
    assert places(state, seating.seat) == sorted_places(moved, *[seating.start] * 2)
    assert places(state, seating.other) == [str(seating.other_start)] * 3
    assert state.player == seating.other


def test_a_black_pair_sends_the_villain_anywhere_then_rolls_again(seating: Seating) -> None:
    target = unprotected(seating)
    villain = (seating.start + 5) % RING
    state = seating.position(theirs=[target], villain=str(villain), roll=["black", "black"])
    everywhere = {f"villain {f}" for f in range(RING) if f != villain}
    assert texts(state) == {"villain stays"} | everywhere
    play(state, f"villain {target}")
    assert places(state, seating.other) == [str(seating.other_start)] * 3
    assert state.current_player == CHANCE and state.player == seating.seat


@pytest.mark.parametrize("seating", [s for s in SEATINGS if s.players > 2], ids=str)
def test_on_a_start_field_every_unprotected_foreign_figure_is_thrown(seating: Seating) -> None:
    """Ours: the other seat's figures on their own start field stay; the third seat's
    figures there go home."""
    start = seating.other_start
    beyond = following(start, seating.neither())
    state = seating.position(
        theirs=[start, start, beyond],
        figures={seating.third: [start, start]},
        roll=[seating.other_colour, "black"],
    )
    play(state, f"villain {start}")
    assert places(state, seating.other) == sorted_places(start, start, beyond)
    assert places(state, seating.third) == [str(seating.start_of(seating.third))] * 3


# WID-7 ---------------------------------------------------------------------------------


def test_black_and_white_must_throw_a_foreign_figure(seating: Seating) -> None:
    """WID-7: where a foreign figure can be thrown, one must be: no staying. The other
    seat's figure on its own colour is safe (WID-8)."""
    target, safe = unprotected(seating), protected(seating)
    state = seating.position(theirs=[target, safe], roll=["white", "black"])
    throw = f"throw {seating.other_colour} {target}"
    assert texts(state) == {throw}
    assert "must throw" in refused(state, "villain stays", "WID-7")
    play(state, throw)
    assert places(state, seating.other) == sorted_places(
        seating.other_start, safe, seating.other_start
    )
    assert state.to_json()["villain"] == str(target)
    assert state.current_player == CHANCE and state.player == seating.other


def test_black_and_white_throw_any_foreign_figure(seating: Seating) -> None:
    """WID-7: any foreign figure that is not safe, of any seat, on any field."""
    first = unprotected(seating)
    second = following(seating.other_start, seating.colour)  # not of its owner's colour
    owner = seating.third if seating.players > 2 else seating.other
    if owner == seating.other:
        state = seating.position(theirs=[first, second], roll=["white", "black"])
    else:
        state = seating.position(theirs=[first], figures={owner: [second]}, roll=["white", "black"])
    assert texts(state) == {
        f"throw {seating.other_colour} {first}",
        f"throw {seating.colour_of(owner)} {second}",
    }
    play(state, f"throw {seating.colour_of(owner)} {second}")
    assert str(second) not in places(state, owner)
    assert str(first) in places(state, seating.other)


def test_black_and_white_throw_one_figure_of_a_shared_start_field(seating: Seating) -> None:
    """WID-7: one figure, even where several stand that could be thrown. The seat's own
    start field is not of the other seat's colour."""
    start = seating.start
    home = seating.other_start
    state = seating.position(theirs=[start, start], roll=["white", "black"])
    throw = f"throw {seating.other_colour} {start}"
    assert texts(state) == {throw}
    play(state, throw)
    assert places(state, seating.other) == sorted_places(start, home, home)


def test_black_and_white_with_only_safe_figures_skip_the_throw(seating: Seating) -> None:
    """WID-7, WID-8: nothing to throw (safe on their own colour or start field, on the
    connecting field or in the spaceship, where the villain never goes): the throw is
    skipped, and both dice are used."""
    state = seating.position(
        mine=[unprotected(seating)],  # the seat's own figures are never thrown
        theirs=[protected(seating), "connect", "ship"],
        roll=["white", "black"],
    )
    assert texts(state) == {"villain stays"}
    play(state, "villain stays")
    assert places(state, seating.other) == sorted_places(protected(seating), "connect", "ship")
    assert state.to_json()["villain"] == "ship"
    assert state.current_player == CHANCE and state.player == seating.other


def test_black_and_white_with_every_figure_at_home_skip_the_throw(seating: Seating) -> None:
    state = seating.position(roll=["white", "black"])
    assert texts(state) == {"villain stays"}
    play(state, "villain stays")
    assert state.player == seating.other


def test_black_and_white_move_nobody_even_with_black_also_moves(seating: Seating) -> None:
    """WID-7: black and white is the throw alone; black_also_moves is about black with a
    colour (WID-6), so the white die moves no figure."""
    target = unprotected(seating)
    state = seating.position(
        theirs=[target], roll=["white", "black"], options={"black_also_moves": True}
    )
    throw = f"throw {seating.other_colour} {target}"
    assert texts(state) == {throw}
    refused(state, f"white {seating.start} as red", "WID-7")
    play(state, throw)
    assert state.current_player == CHANCE and state.player == seating.other


# WID-8 ---------------------------------------------------------------------------------


def test_a_figure_on_its_own_colour_is_safe(seating: Seating) -> None:
    """WID-8: the villain lands on a field of the other seat's colour; its figure stays."""
    safe = protected(seating)
    state = seating.position(theirs=[safe], roll=[seating.other_colour, "black"])
    play(state, f"villain {safe}")
    assert places(state, seating.other) == sorted_places(safe, *[seating.other_start] * 2)
    assert state.to_json()["villain"] == str(safe)


def test_a_figure_on_its_own_start_field_is_safe(seating: Seating) -> None:
    """WID-8: a start field is of its owner's colour (WID-3)."""
    home = START[seating.other_colour]
    state = seating.position(roll=[seating.other_colour, "black"])
    play(state, f"villain {home}")
    assert places(state, seating.other) == [str(home)] * 3
