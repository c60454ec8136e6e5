"""WID-6 to WID-8: the villain Mega-Schuft on a black die."""

from __future__ import annotations

from wuerfelwerk.core import CHANCE

from .scenario import places, play, position, texts

BLUE_FIELDS = {1, 3, 7, 13, 16, 19, 22, 29, 34, 38, 40, 45, 51}


def test_black_sends_the_villain_to_a_field_of_the_other_colour_and_throws() -> None:
    """WID-6: a green figure on blue field 16 goes back to its start field 26."""
    state = position(figures=[["0", "0", "0"], ["16", "26", "26"]], roll=["blue", "black"])
    assert texts(state) == {"villain stays"} | {f"villain {f}" for f in BLUE_FIELDS}
    play(state, "villain 16")
    assert places(state, 1) == ["26", "26", "26"]
    assert state.to_json()["villain"] == "16"
    assert state.current_player == CHANCE and state.player == 1, "the jump used both dice"


def test_the_jump_is_optional() -> None:
    state = position(figures=[["0", "0", "0"], ["16", "26", "26"]], roll=["blue", "black"])
    play(state, "villain stays")
    assert places(state, 1) == ["16", "26", "26"]
    assert state.to_json()["villain"] == "ship"
    assert state.player == 1


def test_the_villain_never_throws_the_players_own_figure() -> None:
    state = position(figures=[["16", "0", "0"], ["26", "26", "26"]], roll=["blue", "black"])
    play(state, "villain 16")
    assert places(state, 0) == ["0", "0", "16"]


def test_black_also_moves_lets_the_colour_die_move_a_figure() -> None:
    """Option black_also_moves: the jump and a blue move, one decision each."""
    state = position(
        options={"black_also_moves": True},
        figures=[["0", "0", "0"], ["16", "26", "26"]],
        roll=["blue", "black"],
    )
    assert "blue 0" in texts(state)
    play(state, "villain 16")
    assert texts(state) == {"blue 0"}
    play(state, "blue 0")
    assert places(state, 0) == ["0", "0", "1"]
    assert places(state, 1) == ["26", "26", "26"]
    assert state.player == 1


def test_black_and_white_move_nobody_even_with_black_also_moves() -> None:
    """WID-7: black and white is the throw alone; black_also_moves is about black with a
    colour (WID-6), so the white die moves no figure."""
    state = position(
        options={"black_also_moves": True},
        figures=[["5", "0", "0"], ["30", "28", "26"]],
        roll=["white", "black"],
    )
    assert texts(state) == {"villain stays", "throw green 30"}
    play(state, "throw green 30")
    assert state.current_player == CHANCE and state.player == 1


def test_black_and_white_throw_any_foreign_figure() -> None:
    """WID-7: the green figure on red field 30 goes home; the one on 28 is green (WID-8)."""
    state = position(figures=[["5", "0", "0"], ["30", "28", "26"]], roll=["white", "black"])
    assert texts(state) == {"villain stays", "throw green 30"}
    play(state, "throw green 30")
    assert places(state, 1) == ["26", "26", "28"]
    assert state.to_json()["villain"] == "30"
    assert state.player == 1


def test_black_and_white_throw_one_figure_of_a_shared_start_field() -> None:
    """WID-7: one figure, even where several could be thrown."""
    state = position(
        players=3,
        figures=[["0", "0", "0"], ["26", "26", "13"], ["26", "26", "26"]],
        roll=["white", "black"],
    )
    assert texts(state) == {"villain stays", "throw blue 26"}
    play(state, "throw blue 26")
    assert places(state, 1) == ["13", "13", "26"]


def test_a_figure_on_its_own_colour_is_safe() -> None:
    """WID-8: the villain lands on green field 28, the green figure there stays."""
    state = position(figures=[["0", "0", "0"], ["28", "26", "26"]], roll=["green", "black"])
    play(state, "villain 28")
    assert places(state, 1) == ["26", "26", "28"]
    assert state.to_json()["villain"] == "28"


def test_on_a_start_field_every_unprotected_foreign_figure_is_thrown() -> None:
    """Ours: blue figures on their own start field stay; the green ones there go home."""
    state = position(
        players=3,
        figures=[["0", "0", "0"], ["13", "13", "14"], ["13", "13", "26"]],
        roll=["blue", "black"],
    )
    play(state, "villain 13")
    assert places(state, 1) == ["13", "13", "14"]
    assert places(state, 2) == ["26", "26", "26"]


def test_black_pair_sends_the_villain_anywhere_then_rolls_again() -> None:
    state = position(
        figures=[["0", "0", "0"], ["30", "26", "26"]], villain="5", roll=["black", "black"]
    )
    assert texts(state) == {"villain stays"} | {f"villain {f}" for f in range(52) if f != 5}
    play(state, "villain 30")
    assert places(state, 1) == ["26", "26", "26"]
    assert state.current_player == CHANCE and state.player == 0
