"""Properties: the actions of different players interleave in any order, and every order
has a well-defined result.

A race position is reached by seeded random play. Each seat gets a script of its own
actions (placements, then a roll); the dice a seat throws come from its own fixed
sequence, so a roll's outcome depends only on how many dice the seat takes in. Then
the scripts run in an order hypothesis chooses.
"""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

import wuerfelwerk
from wuerfelwerk.core import CHANCE, SIMULTANEOUS, Action, derive_seed
from wuerfelwerk.games.wurfweg import Place, WurfWegState

DICE = 3


def race_position(players: int, seed: int, steps: int) -> WurfWegState:
    """A race position after up to ``steps`` random actions, no dice in the air."""
    state = wuerfelwerk.load("wurfweg", players=players).new_initial_state()
    assert isinstance(state, WurfWegState)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.phase != "race" and state.current_player == SIMULTANEOUS:
            break  # stay in the race
        player = state.current_player
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            seat = rng.choice(state.active_players)
            action = rng.choice(state.legal_actions(seat))
        state.apply(action)
    while state.current_player == CHANCE and state.phase != "over":
        state.apply(state.sample_chance(rng))
    return state


def scripts(state: WurfWegState, roll: bool) -> dict[int, list[Action]]:
    """Each seat's placements of what it holds, keeping one die so that nobody calls
    stop, then (with ``roll``) a roll."""
    result: dict[int, list[Action]] = {}
    for seat in state.active_players:
        places: list[Action] = []
        for symbol in state.hand[seat]:
            target = state.target(seat, symbol)
            if target is not None:
                places.append(state.game.places[seat][symbol][target])
        if places and len(places) == state.dice(seat):
            places.pop()
        result[seat] = places + ([state.game.rolls[seat]] if roll else [])
    return result


def run(
    state: WurfWegState, script: dict[int, list[Action]], order: random.Random, seed: int
) -> WurfWegState:
    """Play the scripts, the next seat drawn by ``order``; each seat throws its own dice."""
    state = state.clone()
    game = state.game
    todo = {seat: list(actions) for seat, actions in script.items() if actions}
    faces = {seat: random.Random(derive_seed(seed, "faces", seat)) for seat in todo}
    total = DICE * game.num_players
    while todo:
        seat = order.choice(sorted(todo))
        action = todo[seat].pop(0)
        if not todo[seat]:
            del todo[seat]
        assert state.is_legal(action), f"{action} was made illegal by other players"
        state.apply(action)
        while state.current_player == CHANCE:
            state.apply(game.throws[state.roller][faces[state.roller].randrange(6)])
        assert state.phase == "race"
        assert state.tray + sum(state.dice(s) for s in range(game.num_players)) == total
    return state


positions = st.builds(
    race_position,
    players=st.integers(2, 6),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 200),
)


@settings(max_examples=60, deadline=None)
@given(positions, st.randoms(use_true_random=False), st.randoms(use_true_random=False))
def test_placements_of_different_players_commute(
    state: WurfWegState, first: random.Random, second: random.Random
) -> None:
    assume(state.phase == "race")
    script = scripts(state, roll=False)
    assert run(state, script, first, 0) == run(state, script, second, 0)


@settings(max_examples=60, deadline=None)
@given(positions, st.randoms(use_true_random=False), st.integers(0, 1000))
def test_any_interleaving_with_rolls_is_well_defined(
    state: WurfWegState, order: random.Random, seed: int
) -> None:
    """Nobody's action is made illegal by others and the dice add up (checked in
    ``run``), the same order gives the same result, and a roll takes in just the dice
    lying on the coaster at that moment."""
    assume(state.phase == "race")
    script = scripts(state, roll=True)
    key = order.random()
    after = run(state, script, random.Random(key), seed)
    assert after == run(state, script, random.Random(key), seed)
    for seat in script:
        passed_to_seat = sum(
            1
            for other, actions in script.items()
            if other != seat
            for action in actions
            if isinstance(action, Place) and state.neighbour(other, action.target) == seat
        )
        assert after.on_coaster[seat] <= passed_to_seat
