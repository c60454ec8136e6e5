"""``State.random_playout``: a game's faster loop draws what the core's loop draws, each
action uniformly among the legal ones and each chance outcome with its probability.

The conformance suite checks that every step lands where a legal action leads; this
checks the frequencies, position by position, in every turn-based game."""

from __future__ import annotations

import random

import pytest

import wuerfelwerk
from wuerfelwerk.core import TERMINAL, State

from ..scenario import check_playout_step, position_key, successor_odds

TURN_BASED = [name for name in wuerfelwerk.game_names() if not wuerfelwerk.load(name).simultaneous]


def sample_positions(name: str, count: int) -> list[State]:
    """Positions of a seeded random game with at least three successors, spread out."""
    game = wuerfelwerk.load(name)
    rng = random.Random(7)
    state = game.new_initial_state()
    found: list[State] = []
    step = 0
    while not state.is_terminal() and len(found) < count:
        if step % 13 == 0 and len(successor_odds(state)) >= 3:
            found.append(state.clone())
        state.random_playout(rng, 1)
        step += 1
    return found


@pytest.mark.parametrize("name", TURN_BASED)
def test_one_step_frequencies(name: str) -> None:
    positions = sample_positions(name, 3)
    assert positions, "the game offers no position with three successors"
    rng = random.Random(11)
    for state in positions:
        check_playout_step(state, 1200, rng)


@pytest.mark.parametrize("name", TURN_BASED)
def test_limit_and_end(name: str) -> None:
    game = wuerfelwerk.load(name)
    state = game.new_initial_state()
    start = position_key(state)
    state.random_playout(random.Random(1), 0)
    assert position_key(state) == start, "a playout of no steps changed the position"
    state.random_playout(random.Random(1), game.max_game_length)
    assert state.current_player == TERMINAL
    assert state.legal_actions() == []
    before = position_key(state)
    state.random_playout(random.Random(2), 5)
    assert position_key(state) == before, "a finished game moved on"
