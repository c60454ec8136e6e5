"""WID-3 and WID-9: the next *free* field, start fields, the lap, the spaceship."""

from __future__ import annotations

from .scenario import places, play, position, texts

GREEN_AT_HOME = ["26", "26", "26"]


def test_the_next_free_field_skips_occupied_ones() -> None:
    """WID-3: field 5 (red) holds a green figure, so red from 1 goes on to 8."""
    state = position(figures=[["1", "0", "0"], ["5", "26", "26"]], roll=["red", "yellow"])
    play(state, "red 1")
    assert places(state, 0) == ["0", "0", "8"]


def test_own_figures_are_skipped_too() -> None:
    state = position(figures=[["1", "5", "0"], GREEN_AT_HOME], roll=["red", "yellow"])
    play(state, "red 1")
    assert places(state, 0) == ["0", "5", "8"]


def test_the_villain_blocks_nobody() -> None:
    """WID-6: the villain's field counts as empty; a figure may land there (ours)."""
    state = position(figures=[["1", "0", "0"], GREEN_AT_HOME], villain="5", roll=["red", "yellow"])
    play(state, "red 1")
    assert places(state, 0) == ["0", "0", "5"]
    assert state.to_json()["villain"] == "5"


def test_start_fields_always_count_as_free() -> None:
    """WID-3: blue's start field 13 is the next blue field and holds a figure already."""
    state = position(figures=[["12", "0", "0"], ["13", "26", "26"]], roll=["blue", "green"])
    play(state, "blue 12")
    assert places(state, 0) == ["0", "0", "13"]
    assert places(state, 1) == ["13", "26", "26"]


def test_a_lap_ends_on_the_connecting_field() -> None:
    """WID-9: reaching the own start field again puts the figure on the connecting field."""
    state = position(figures=[["49", "0", "0"], GREEN_AT_HOME], roll=["red", "yellow"])
    play(state, "red 49")
    assert places(state, 0) == ["0", "0", "connect"]


def test_passing_the_own_start_field_also_ends_the_lap() -> None:
    """WID-9: from 51 the next green field is 4, beyond red's start field 0."""
    state = position(figures=[["51", "0", "0"], GREEN_AT_HOME], roll=["green", "yellow"])
    play(state, "green 51")
    assert places(state, 0) == ["0", "0", "connect"]


def test_a_foreign_start_field_does_not_end_the_lap() -> None:
    """Green passes red's start field 0 and lands on it like any red field."""
    state = position(
        figures=[["0", "0", "0"], ["49", "26", "26"]], player=1, roll=["red", "yellow"]
    )
    play(state, "red 49")
    assert places(state, 1) == ["0", "26", "26"]


def test_the_connecting_field_holds_any_number() -> None:
    state = position(figures=[["49", "connect", "0"], GREEN_AT_HOME], roll=["red", "yellow"])
    play(state, "red 49")
    assert places(state, 0) == ["0", "connect", "connect"]


def test_the_spaceship_needs_a_white_die() -> None:
    """WID-9: a colour die cannot take a figure from the connecting field."""
    state = position(figures=[["connect", "3", "0"], GREEN_AT_HOME], roll=["red", "blue"])
    assert not any("connect" in text for text in texts(state))
    with_white = position(figures=[["connect", "3", "0"], GREEN_AT_HOME], roll=["red", "white"])
    play(with_white, "white connect")
    assert places(with_white, 0) == ["0", "3", "ship"]
