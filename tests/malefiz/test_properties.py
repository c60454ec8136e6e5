"""Property tests over random Malefiz playouts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wuerfelwerk
from wuerfelwerk.core import CHANCE, State
from wuerfelwerk.games.malefiz import HOUSE, MalefizState
from wuerfelwerk.games.malefiz.board import fields_of

from ..scenario import apply, check_playout_step
from .conftest import position


def reference_destinations(state: MalefizState, origin: int, die: int) -> set[int]:
    """Move generation written the slow, obvious way: every simple path of ``die`` steps,
    never jumping a barricade, the goal only as the last step."""
    board = state.board
    seat = state.player
    found: set[int] = set()

    def walk(field: int, visited: set[int], left: int) -> None:
        if left == 0:
            found.add(field)
            return
        if state.barricades >> field & 1 or field == board.goal:
            return  # a barricade or the goal ends the way: nothing passes them
        for nxt in board.neighbours[field]:
            if nxt not in visited:
                walk(nxt, visited | {nxt}, left - 1)

    if origin == HOUSE:
        entry = board.houses[state.game.houses[seat]].entry
        walk(entry, {entry}, die - 1)
    else:
        for nxt in board.neighbours[origin]:
            walk(nxt, {origin, nxt}, die - 1)
    allowed = set()
    for dest in found:
        standing = state.occupant[dest]
        if standing >= 0 and (
            board.rest_mask >> dest & 1 or (standing == seat and not state.game.options.capture_own)
        ):
            continue
        allowed.add(dest)
    return allowed


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    board=st.sampled_from(["quick", "classic"]),
    players=st.integers(2, 4),
    capture_own=st.booleans(),
    steps=st.integers(0, 400),
)
def test_move_generation_matches_the_reference(
    seed: int, board: str, players: int, capture_own: bool, steps: int
) -> None:
    game = wuerfelwerk.load("malefiz", board=board, players=players, capture_own=capture_own)
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, MalefizState)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        if state.to_json()["phase"] == "move":
            for die in range(1, 7):
                listed = [(m.origin, m.dest) for m in state.moves_for(die)]
                ours = set(listed)
                assert len(ours) == len(listed), (
                    "a move listed twice (figures at home or in the forest are one start)"
                )
                expected = {
                    (origin, dest)
                    for origin in set(state.figures[state.player])
                    for dest in reference_destinations(state, origin, die)
                }
                assert ours == expected


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 300))
def test_refused_actions_change_nothing(seed: int, steps: int) -> None:
    game = wuerfelwerk.load("malefiz", players=3)
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    legal = set(state.legal_actions())
    before = state.to_json()
    for action_id in rng.sample(range(game.num_distinct_actions), 40):
        action = game.action_from_id(action_id)
        if action in legal:
            continue
        with pytest.raises(wuerfelwerk.IllegalActionError, match=r"^(MAL-\d+: )?\S"):
            state.apply(action)
        assert state.to_json() == before


@pytest.mark.parametrize(
    ("red", "blue", "die", "then"),
    [
        (["c3"], None, 1, "c3-d3"),  # MAL-8: a barricade to place, anywhere free
        (["a1", "c1", "e3"], ["c2", "b3"], 3, None),  # captures among the moves
        (["e3"], None, 6, None),  # figures in the house and on the board
    ],
)
def test_random_playout_draws_uniformly(
    red: list[str], blue: list[str] | None, die: int, then: str | None
) -> None:
    """The fast random playout of Malefiz: each move, each barricade field, each die
    as often as the core's definition says."""
    state = position(red, blue, die=die)
    if then is not None:
        apply(state, then)
    check_playout_step(state, 2400, random.Random(3))


def test_random_playout_rolls_a_fair_die() -> None:
    state = position(["c3"], phase="roll", player=1)
    check_playout_step(state, 1200, random.Random(4))


def test_random_playout_passes_without_a_move() -> None:
    """MAL-6: a player shut in by barricades passes, and the turn goes on."""
    walls = ["c5", "c7", "c9", "k5", "k7", "k9"]
    state = position(["c6", "k6", "c8", "k8"], die=2, barricades=walls)
    assert [str(a) for a in state.legal_actions()] == ["pass"]
    check_playout_step(state, 50, random.Random(5))


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    board=st.sampled_from(["quick", "classic"]),
    players=st.integers(2, 4),
    capture_own=st.booleans(),
    steps=st.integers(0, 300),
    playout=st.integers(0, 2**32),
    length=st.integers(1, 40),
)
def test_the_fast_playout_steps_as_the_plain_apply_does(
    seed: int, board: str, players: int, capture_own: bool, steps: int, playout: int, length: int
) -> None:
    """Malefiz's random playout takes no legality check and keeps its own books (the
    figures' fields, the barricades, the reach tables' cache): every step lands where a
    legal action leads, and after any number of steps the position is the one its JSON
    describes, with the same legal actions."""
    game = wuerfelwerk.load("malefiz", board=board, players=players, capture_own=capture_own)
    state = game.new_initial_state()
    state.random_playout(random.Random(seed), steps)
    assert isinstance(state, MalefizState)
    rng = random.Random(playout)
    for _ in range(length):
        if state.is_terminal():
            break
        successors = []
        for action in state.legal_actions():
            after = state.clone()
            State.apply(after, action)
            successors.append(after.to_json())
        state.random_playout(rng, 1)
        assert state.to_json() in successors, "the fast playout took an illegal step"
        again = game.state_from_json(state.to_json())
        assert isinstance(again, MalefizState)
        assert again.occupant == state.occupant
        assert again.current_player == state.current_player
        assert set(again.legal_actions()) == set(state.legal_actions())


@given(st.integers(min_value=0, max_value=(1 << 130) - 1))
def test_the_fields_of_a_mask_are_its_set_bits_in_order(mask: int) -> None:
    """``fields_of`` (one step per set bit) agrees with a scan of every field."""
    assert fields_of(mask) == [field for field in range(130) if mask >> field & 1]
