"""The engine's fast paths against plain recomputation: the occupied fields kept per row
and column (``DiceOnBoard.lines``) against the dice on the board, the free paths found
by first legs (``DiceOnBoard.paths_of``) against every path walked field by field, and
the random playout's drawing against the legal actions (``tests/core`` checks it on
positions of random games; here where it must list the moves instead)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wuerfelwerk
from wuerfelwerk.games.mojave import EMPTY, MojaveState, Move
from wuerfelwerk.games.mojave.occupancy import SPAN
from wuerfelwerk.games.mojave.position import DICE_PER_PLAYER

from ..scenario import check_playout_step
from .conftest import Side, position
from .test_reference import crowded_positions


def fresh_lines(state: MojaveState) -> list[int]:
    """The occupied fields of every row, then every column, counted from the dice."""
    board = state.board
    lines = [0] * board.lines
    for field, seat in enumerate(state.owner):
        if seat != EMPTY:
            lines[board.row_line[field]] |= board.row_bit[field]
            lines[board.column_line[field]] |= board.column_bit[field]
    return lines


def walked_paths(state: MojaveState, seat: int) -> list[Move]:
    """MOJ-2 to MOJ-4 the slow way: every path of each die, kept if no field on it is
    taken, die by die in field order."""
    return [
        move
        for field in state.fields_of(seat)
        for move in state.board.paths[field][state.top(field)]
        if all(state.owner[f] == EMPTY for f in state.path_fields(move))
    ]


def check(state: MojaveState) -> None:
    assert list(state.lines) == fresh_lines(state)
    for seat in (0, 1):
        assert state.paths_of(seat) == walked_paths(state, seat)


@pytest.mark.parametrize("rows", [12, 40])
def test_lines_and_paths_follow_random_games(rows: int) -> None:
    # Captures, Zugzwang and dice leaving the board all change the lines; each position
    # is also checked as a clone and as restored from its JSON. The largest board has
    # the longest masks and the highest path ids kept in ``Board.legs``.
    game = wuerfelwerk.load("mojave", rows=rows)
    rng = random.Random(3)
    state = game.new_initial_state()
    assert isinstance(state, MojaveState)
    for step in range(600):
        check(state)
        if step % 10 == 0:
            copy = state.clone()
            restored = game.state_from_json(state.to_json())
            assert isinstance(restored, MojaveState)
            check(copy)
            check(restored)
            assert list(copy.lines) == list(restored.lines) == list(state.lines)
        if state.is_terminal():
            state = game.new_initial_state()
            assert isinstance(state, MojaveState)
        state.apply(rng.choice(state.legal_actions()))


def test_each_seat_has_room_for_all_its_dice() -> None:
    assert SPAN == DICE_PER_PLAYER + 1


def test_a_clone_keeps_its_own_lines() -> None:
    game = wuerfelwerk.load("mojave")
    state = game.new_initial_state()
    assert isinstance(state, MojaveState)
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert list(state.lines) == fresh_lines(state) != list(copy.lines) == fresh_lines(copy)


@settings(max_examples=60)
@given(seed=st.integers(0, 2**32 - 1), asks=st.lists(st.sampled_from("rbpn"), max_size=60))
def test_kept_paths_follow_any_order_of_asking(seed: int, asks: list[str]) -> None:
    # Each seat's paths are kept between askings (``known``) and walked again near the
    # fields that changed (``changed``). Whoever asks, and however many moves, random
    # playouts (which do not ask) and clones lie between, they stay those of a walk.
    game = wuerfelwerk.load("mojave", rows=12)
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, MojaveState)
    for ask in asks:
        if state.is_terminal():
            break
        if ask in "rb":
            seat = "rb".index(ask)
            assert state.paths_of(seat) == walked_paths(state, seat)
        elif ask == "p":
            state.random_playout(rng, rng.randrange(1, 30))
        else:
            state = state.clone()
        if not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
    if not state.is_terminal():
        check(state)


@settings(max_examples=80)
@given(crowded_positions())
def test_paths_of_crowded_positions_match_a_walk(state: MojaveState) -> None:
    check(state)


def test_a_playout_step_in_zugzwang_draws_only_answers(side: Side) -> None:
    # MOJ-7: the seven flights of f4 (see test_zugzwang), each about as often.
    state = side.position(
        ["f3=2", "a1"], ["f4=2", "o16"], to_move="theirs", zugzwang={"f4": ["f3"]}
    )
    assert len(state.legal_actions()) == 7
    check_playout_step(state, 700, random.Random(1))


def test_a_playout_step_where_most_paths_are_blocked() -> None:
    # The 6 on e5 has 7 free paths of 34, all starting south: many draws are blocked,
    # and some steps list the moves after the last blocked draw.
    state = position(["e5=6"], ["d5", "f5", "e6", "o16"])
    assert len(state.legal_actions()) == 7
    check_playout_step(state, 700, random.Random(2))


def test_a_playout_step_without_a_move_passes() -> None:
    state = position(["a1"], ["a2", "b1"])
    assert [str(a) for a in state.legal_actions()] == ["pass"]
    check_playout_step(state, 5, random.Random(3))
