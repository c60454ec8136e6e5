"""The engine against the slow reference generator (``reference.py``): on positions
hypothesis sets up (figures anywhere they may stand, any values, any seat to act, each
seat at any stage of its opening) and on positions of random games, the same actions
are legal and each leads to the same position."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from wuerfelwerk.core import CHANCE
from wuerfelwerk.games.dimenticato import DimenticatoState

from .conftest import dealt, load
from .reference import Board, Reference

#: The parts of a position that a move changes (the log is left out).
COMPARED = ("phase", "player", "turns", "winner", "figures", "opening", "chosen", "steps")


def compared(position: dict[str, Any]) -> dict[str, Any]:
    out = {key: position[key] for key in COMPARED}
    out["figures"] = [sorted(seat) for seat in out["figures"]]
    return out


def check(state: DimenticatoState, options: dict[str, Any]) -> None:
    position = json.loads(json.dumps(state.to_json()))
    colours = state.observation(None)["colours"]
    reference = Reference(position, colours, options)
    assert {str(a) for a in state.legal_actions()} == reference.legal()
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        assert compared(after.to_json()) == compared(reference.after(str(action))), str(action)


def walk(state: DimenticatoState, options: dict[str, Any], rng: random.Random, steps: int) -> None:
    """Compare, take an action, compare again; a value is named right half the time, so
    that moves are made."""
    for _ in range(steps):
        if state.is_terminal():
            return
        check(state, options)
        if state.phase == "name" and rng.random() < 0.5:
            state.apply(state.game.names[state.values[state.chosen] - 1])
        else:
            state.apply(rng.choice(state.legal_actions()))


@st.composite
def setups(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """Options and a position: each seat with 0-4 figures still to bring out (on its
    start fields), the others on free track fields or, once out, in the goal."""
    players = draw(st.sampled_from([2, 3, 4]), label="players")
    options = {"players": players, "corner_is_turn": draw(st.booleans(), label="corner")}
    board = Board(players)
    seed = draw(st.integers(0, 50), label="deal")
    data = dealt(players, seed, corner_is_turn=options["corner_is_turn"]).to_json()
    track = sorted(data["values"])
    free = list(track)
    figures, opening = [], []
    for seat in range(players):
        block = sorted(board.name[p] for p in board.block[seat])
        left = draw(st.integers(0, 4), label="opening")
        places = block[:left]
        for _ in range(4 - left):
            goal = [b for b in block if b not in places]
            if left == 0 and goal and draw(st.booleans(), label="in the goal"):
                places.append(draw(st.sampled_from(goal)))
            else:
                field = draw(st.sampled_from(free))
                free.remove(field)
                places.append(field)
        if left == 0 and all(p in block for p in places):
            field = draw(st.sampled_from(free))  # not yet won
            free.remove(field)
            places[0] = field
        figures.append(places)
        opening.append(left)
    values = {name: draw(st.integers(1, 6)) for name in track}
    data.update(
        figures=figures,
        opening=opening,
        values=values,
        player=draw(st.integers(0, players - 1), label="player"),
        turns=draw(st.integers(1, 40), label="turns"),
    )
    return options, data


@settings(max_examples=60, deadline=None)
@given(setup=setups(), seed=st.integers(0, 2**32))
def test_the_engine_matches_the_reference_on_set_up_positions(
    setup: tuple[dict[str, Any], dict[str, Any]], seed: int
) -> None:
    options, data = setup
    state = load(**options).state_from_json(data)  # type: ignore[arg-type]
    assert isinstance(state, DimenticatoState)
    walk(state, options, random.Random(seed), 12)


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([2, 3, 4]),
    corner_is_turn=st.booleans(),
    steps=st.integers(0, 200),
)
def test_the_engine_matches_the_reference_in_random_games(
    seed: int, players: int, corner_is_turn: bool, steps: int
) -> None:
    options = {"players": players, "corner_is_turn": corner_is_turn, "round_limit": 30}
    state = load(**options).new_initial_state()
    rng = random.Random(seed)
    while state.current_player == CHANCE:
        state.apply(state.sample_chance(rng))
    walk(state, options, rng, steps)
