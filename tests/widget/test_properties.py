"""Properties of random Widget play, over seeds and options chosen by hypothesis."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import wuerfelwerk
from wuerfelwerk.core import CHANCE
from wuerfelwerk.games.widget import COLOURS, CONNECT, RING, SHIP, Move, WidgetState


@given(players=st.sampled_from([2, 3, 4]))
def test_every_action_id_and_text_round_trips(players: int) -> None:
    game = wuerfelwerk.load("widget", players=players)
    for action_id in range(game.num_distinct_actions):
        action = game.action_from_id(action_id)
        assert game.action_id(action) == action_id
        assert game.parse_action(str(action)) == action


@settings(max_examples=60)
@given(
    seat=st.sampled_from([0, 1, 2, 3]),
    origin=st.integers(0, RING - 1),
    colour=st.sampled_from(COLOURS),
    occupied=st.sets(st.integers(0, RING - 1), max_size=11),
)
def test_destination_is_the_next_free_field_of_the_colour(
    seat: int, origin: int, colour: int, occupied: set[int]
) -> None:
    """WID-2, WID-3, WID-9 against a walk round the ring one field at a time."""
    game = wuerfelwerk.load("widget", players=4)
    state = game.new_initial_state()
    assert isinstance(state, WidgetState)
    board = state.board
    for field in occupied - {origin}:
        if not board.is_start[field]:
            state.occupant[field] = 0
    own_start = board.start[game.seat_colours[seat]]
    expected = CONNECT
    for step in range(1, RING + 1):
        field = (origin + step) % RING
        if field == own_start:
            break
        if board.colour[field] == colour and (board.is_start[field] or state.occupant[field] < 0):
            expected = field
            break
    assert state.destination(seat, origin, colour) == expected


def progress(state: WidgetState, seat: int, place: int) -> int:
    if place >= RING:
        return RING + (place == SHIP)
    return (place - state.board.start[state.game.seat_colours[seat]]) % RING


def check_invariants(state: WidgetState) -> None:
    occupant = [-1] * RING
    for seat, figures in enumerate(state.figures):
        assert len(figures) == 3
        for place in figures:
            if place < RING and not state.board.is_start[place]:
                assert occupant[place] == -1, "WID-3: one figure per field"
                occupant[place] = seat
    assert occupant == state.occupant
    assert state.villain != CONNECT, "WID-6: never on the connecting field"
    assert state.moved.bit_count() <= 2, "WID-2: two figures per roll"
    again = state.game.state_from_json(state.to_json())
    assert again == state
    assert again.legal_actions() == state.legal_actions()


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([2, 3, 4]),
    black_also_moves=st.booleans(),
    play_for_places=st.booleans(),
)
def test_random_play_keeps_the_rules(
    seed: int, players: int, black_also_moves: bool, play_for_places: bool
) -> None:
    """One figure per field, figures move only forward unless thrown home, the spaceship
    never gives a figure back, and every position round-trips through JSON."""
    game = wuerfelwerk.load(
        "widget",
        players=players,
        black_also_moves=black_also_moves,
        play_for_places=play_for_places,
        round_limit=25,
    )
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, WidgetState)
    while not state.is_terminal():
        before = [list(f) for f in state.figures]
        mover = state.player
        if state.current_player == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
        check_invariants(state)
        for seat, (old, new) in enumerate(zip(before, state.figures, strict=True)):
            changed = [i for i in range(3) if old[i] != new[i]]
            assert sum(p == SHIP for p in new) >= sum(p == SHIP for p in old)
            if isinstance(action, Move) and seat == mover:
                assert len(changed) == 1, "WID-2: one figure per die"
                (index,) = changed
                assert progress(state, seat, new[index]) > progress(state, seat, old[index])
            else:
                start = state.board.start[game.seat_colours[seat]]
                assert all(new[i] == start for i in changed), "only the villain moves others"
                assert seat != mover or not changed, "the villain never throws the mover's own"
