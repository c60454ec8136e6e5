"""The engine against the slow reference generator (``reference.py``): on positions
hypothesis sets up (figures anywhere, the villain anywhere, any roll, any seat to act)
and on positions of random games, the same decisions are legal and each leads to the
same position."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import wuerfelwerk
from wuerfelwerk.core import CHANCE, TERMINAL
from wuerfelwerk.games.widget import WidgetState

from . import reference
from .scenario import RING, START

PLACES = st.one_of(
    st.just("start"),
    st.integers(0, RING - 1).map(str),
    st.sampled_from(["connect", "ship"]),
)


@st.composite
def setups(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """Options and a position before a roll: three figures per seat on their start
    field, on any free field of the ring, on the connecting field or in the spaceship
    (never all three: that seat would have finished)."""
    players = draw(st.sampled_from([2, 3, 4]), label="players")
    options = {
        "players": players,
        "black_also_moves": draw(st.booleans(), label="black_also_moves"),
        "play_for_places": draw(st.booleans(), label="play_for_places"),
        "round_limit": 300,
    }
    taken: set[str] = set()
    figures = []
    for seat in range(players):
        start = str(START[reference.SEAT_COLOURS[players][seat]])
        places = []
        for _ in range(3):
            place = draw(PLACES)
            if place == "start" or place in taken:
                place = start
            elif place.isdigit() and int(place) not in START.values():
                taken.add(place)
            places.append(place)
        if places.count("ship") == 3:
            places[0] = "connect"
        figures.append(places)
    position = {
        "phase": "roll",
        "player": draw(st.integers(0, players - 1), label="player"),
        "roll": None,
        "dice_left": [],
        "moved": [],
        "figures": figures,
        "villain": draw(st.sampled_from(["ship", *map(str, range(RING))]), label="villain"),
        "finished": [],
        "rolls": draw(st.integers(0, 20), label="rolls"),
    }
    return options, position


def position_of(state: WidgetState) -> dict[str, Any]:
    data = state.to_json()
    del data["game"], data["options"]
    return data


def check_bookkeeping(state: WidgetState) -> None:
    """What the state keeps up move by move besides the position (whose turn, who stands
    on which field, the legal actions) is what the position gives afresh: in the state,
    in its clone and in a state read back from its JSON."""
    position = json.loads(json.dumps(position_of(state)))
    turn = {"roll": CHANCE, "over": TERMINAL}.get(position["phase"], position["player"])
    occupant = [-1] * RING
    for seat, places in enumerate(position["figures"]):
        for place in places:
            if place.isdigit() and int(place) not in START.values():
                occupant[int(place)] = seat
    legal = state.legal_actions()
    for copy in (state, state.clone(), state.game.state_from_json(state.to_json())):
        assert isinstance(copy, WidgetState)
        assert copy.current_player == turn
        assert copy.occupant == occupant
        assert copy.legal_actions() == legal


def check(state: WidgetState, options: dict[str, Any]) -> None:
    """Same legal decisions, and each leads to the same position, kept up as a fresh
    one would be."""
    check_bookkeeping(state)
    position = json.loads(json.dumps(position_of(state)))
    expected = reference.legal(position, options)
    assert {str(a) for a in state.legal_actions()} == expected
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        assert position_of(after) == reference.after(position, str(action), options), str(action)
        check_bookkeeping(after)


@settings(max_examples=150, deadline=None)
@given(setup=setups(), seed=st.integers(0, 2**32))
def test_the_engine_matches_the_reference_on_set_up_positions(
    setup: tuple[dict[str, Any], dict[str, Any]], seed: int
) -> None:
    options, position = setup
    game = wuerfelwerk.load("widget", **options)
    state = game.state_from_json(position)
    assert isinstance(state, WidgetState)
    rng = random.Random(seed)
    for _ in range(6):  # the roll, its decisions, and on
        if state.is_terminal():
            break
        check(state, options)
        state.apply(rng.choice(state.legal_actions()))


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([2, 3, 4]),
    black_also_moves=st.booleans(),
    steps=st.integers(0, 400),
)
def test_the_engine_matches_the_reference_in_random_games(
    seed: int, players: int, black_also_moves: bool, steps: int
) -> None:
    options = {
        "players": players,
        "black_also_moves": black_also_moves,
        "play_for_places": True,
        "round_limit": 300,
    }
    game = wuerfelwerk.load("widget", **options)
    state = game.new_initial_state()
    assert isinstance(state, WidgetState)
    rng = random.Random(seed)
    for step in range(steps):
        if state.is_terminal():
            break
        if step % 7 == 0 or state.current_player != CHANCE:
            check(state, options)
        state.random_playout(rng, 1)


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([2, 3, 4]),
    black_also_moves=st.booleans(),
    play_for_places=st.booleans(),
)
def test_random_playouts_keep_the_bookkeeping(
    seed: int, players: int, black_also_moves: bool, play_for_places: bool
) -> None:
    """The game's own random playout (no legal lists, no checks) leaves a state whose
    bookkeeping and legal actions are a fresh state's, after runs of any length, with
    the legal actions asked for (and cached) before each run."""
    game = wuerfelwerk.load(
        "widget",
        players=players,
        black_also_moves=black_also_moves,
        play_for_places=play_for_places,
        round_limit=40,
    )
    state = game.new_initial_state()
    assert isinstance(state, WidgetState)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.legal_actions()
        state.random_playout(rng, rng.randint(1, 12))
        check_bookkeeping(state)
