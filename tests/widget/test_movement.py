"""WID-3 and WID-9: the next *free* field, start fields, the lap, the spaceship, from
every seat."""

from __future__ import annotations

from .scenario import (
    COLOURS,
    FIELD_COLOUR,
    RING,
    Seating,
    following,
    places,
    play,
    sorted_places,
    texts,
)


def before(field: int) -> int:
    return (field - 1) % RING


def colour_after(field: int) -> str:
    """The colour of the field just after ``field``: never that of ``field`` itself (no
    two neighbours share a colour)."""
    return FIELD_COLOUR[(field + 1) % RING]


def another(colour: str) -> str:
    """A second die of another colour: no pair."""
    return next(c for c in COLOURS if c != colour)


def test_the_next_free_field_skips_occupied_ones(seating: Seating) -> None:
    """WID-3: the next field of the die's colour holds a foreign figure, so the move
    goes on to the one after."""
    colour = seating.neither()
    origin = following(seating.start, seating.colour)
    taken = following(origin, colour)
    state = seating.position(mine=[origin], theirs=[taken], roll=[colour, seating.colour])
    play(state, f"{colour} {origin}")
    beyond = following(origin, colour, skip=[taken])
    assert beyond != taken
    assert places(state, seating.seat) == sorted_places(beyond, seating.start, seating.start)


def test_own_figures_are_skipped_too(seating: Seating) -> None:
    colour = seating.neither()
    origin = following(seating.start, seating.colour)
    taken = following(origin, colour)
    state = seating.position(mine=[origin, taken], roll=[colour, seating.colour])
    play(state, f"{colour} {origin}")
    beyond = following(origin, colour, skip=[taken])
    assert places(state, seating.seat) == sorted_places(beyond, taken, seating.start)


def test_the_villain_blocks_nobody(seating: Seating) -> None:
    """WID-6: the villain's field counts as empty; a figure may land there (ours)."""
    colour = seating.neither()
    origin = following(seating.start, seating.colour)
    villain = following(origin, colour)
    state = seating.position(mine=[origin], villain=str(villain), roll=[colour, seating.colour])
    play(state, f"{colour} {origin}")
    assert places(state, seating.seat) == sorted_places(villain, seating.start, seating.start)
    assert state.to_json()["villain"] == str(villain)


def test_start_fields_always_count_as_free(seating: Seating) -> None:
    """WID-3: the other seat's start field is the next field of its colour and holds
    its figures; the figure lands there all the same."""
    home = seating.other_start
    origin = before(home)
    state = seating.position(mine=[origin], roll=[seating.other_colour, seating.colour])
    play(state, f"{seating.other_colour} {origin}")
    assert places(state, seating.seat) == sorted_places(home, seating.start, seating.start)
    assert places(state, seating.other) == [str(home)] * 3


def test_a_lap_ends_on_the_connecting_field(seating: Seating) -> None:
    """WID-9: reaching the own start field again puts the figure on the connecting field."""
    origin = before(seating.start)
    state = seating.position(mine=[origin], roll=[seating.colour, seating.neither()])
    play(state, f"{seating.colour} {origin}")
    assert places(state, seating.seat) == sorted_places(seating.start, seating.start, "connect")


def test_passing_the_own_start_field_also_ends_the_lap(seating: Seating) -> None:
    """WID-9: the next field of the colour lies just beyond the own start field."""
    origin = before(seating.start)
    colour = colour_after(seating.start)
    state = seating.position(mine=[origin], roll=[colour, another(colour)])
    play(state, f"{colour} {origin}")
    assert places(state, seating.seat) == sorted_places(seating.start, seating.start, "connect")


def test_a_foreign_start_field_does_not_end_the_lap(seating: Seating) -> None:
    """Passing the other seat's start field, a figure lands beyond it like anywhere."""
    home = seating.other_start
    origin = before(home)
    colour = colour_after(home)
    state = seating.position(mine=[origin], roll=[colour, another(colour)])
    play(state, f"{colour} {origin}")
    assert places(state, seating.seat) == sorted_places(
        (home + 1) % RING, seating.start, seating.start
    )


def test_the_connecting_field_holds_any_number(seating: Seating) -> None:
    origin = before(seating.start)
    state = seating.position(
        mine=[origin, "connect"], theirs=["connect"], roll=[seating.colour, seating.neither()]
    )
    play(state, f"{seating.colour} {origin}")
    assert places(state, seating.seat) == sorted_places(seating.start, "connect", "connect")
    assert places(state, seating.other) == sorted_places(
        seating.other_start, seating.other_start, "connect"
    )


def test_the_spaceship_needs_a_white_die(seating: Seating) -> None:
    """WID-9: a colour die cannot take a figure from the connecting field."""
    state = seating.position(mine=["connect"], roll=[seating.colour, seating.neither()])
    assert not any("connect" in text for text in texts(state))
    white = seating.position(mine=["connect"], roll=[seating.colour, "white"])
    play(white, "white connect")
    assert places(white, seating.seat) == sorted_places(seating.start, seating.start, "ship")
