"""Hidden information: no value under a figure in any observation or log, for anyone; a
player's memory (``Recall``) knows what it was shown; the information-set interface
(hidden_fields, determinize)."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wuerfelwerk.core import CHANCE, InvalidPositionError
from wuerfelwerk.games.dimenticato import DESTINATION, NAME, DimenticatoState
from wuerfelwerk.games.dimenticato.recall import Recall

from .conftest import load


def random_game(players: int, seed: int, round_limit: int = 6) -> Iterator[DimenticatoState]:
    """Every state of a seeded random game, the first and the last included."""
    state = load(players, round_limit=round_limit).new_initial_state()
    rng = random.Random(seed)
    yield state
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        yield state


def covered(state: DimenticatoState) -> list[int]:
    """The track fields under a figure, worked out here and not asked of the engine: a
    figure covers its value until it is lifted to move, after its value was named."""
    lifted = state.chosen if state.phase == DESTINATION else -1
    return sorted(
        f for figures in state.figures for f in figures if state.values[f] and f != lifted
    )


def covered_names(state: DimenticatoState) -> list[str]:
    names = state.geometry.names
    return sorted(names[f] for f in covered(state))


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_other_hidden_values_give_the_same_observation(seed: int, players: int) -> None:
    rng = random.Random(seed)
    for state in random_game(players, seed):
        data = state.to_json()
        for field in covered(state):
            others = [v for v in range(1, 7) if v != state.values[field]]
            data["values"][state.geometry.names[field]] = rng.choice(others)
        altered = state.game.state_from_json(data)
        for viewer in [None, *range(players)]:
            observation = state.observation(viewer)
            assert altered.observation(viewer) == observation
            for name in covered_names(state):
                assert observation["values"][name] is None
            if state.phase == NAME:  # the figure to be named still hides its value
                assert observation["values"][observation["chosen"]] is None
            json.dumps(observation)
        if not state.is_terminal():
            # What a player may do never depends on a hidden value either.
            assert altered.legal_actions() == state.legal_actions()


#: Every key a logged event may have: who did what where, right or wrong; no value.
EVENT_KEYS = {"turn", "seat", "event", "field", "right", "no_way", "from", "to", "steps", "capture"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_log_holds_no_value(players: int) -> None:
    for state in random_game(players, seed=30 + players, round_limit=12):
        for event in state.observation(None)["log"]:
            assert set(event) <= EVENT_KEYS, event
            assert set(event.get("capture", {})) <= {"seat", "to"}, event


def test_a_moving_figure_uncovers_its_value_and_covers_another() -> None:
    landings = 0
    for state in random_game(2, seed=5, round_limit=30):
        event = state.log[-1] if state.log else {}
        if event.get("event") != "move" or "capture" in event:
            continue
        observation = state.observation(1)
        if event["to"] in observation["values"]:
            assert observation["values"][event["to"]] is None  # covered now
            landings += 1
        if event["from"] in observation["values"]:
            assert observation["values"][event["from"]] == event["steps"]  # uncovered
    assert landings > 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hidden_fields(players: int) -> None:
    for state in random_game(players, seed=players):
        assert sorted(state.game.hidden_fields(state.observation(0))) == covered_names(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_player_shown_every_moment_remembers_every_covered_value(players: int) -> None:
    """Perfect recall: shown each position and moment as it happens, a player knows the
    value under every figure, and the values of the whole board it saw at the start."""
    recalls = [Recall() for _ in range(players)]
    for state in random_game(players, seed=40 + players, round_limit=10):
        moment = state.moment()
        for seat, recall in enumerate(recalls):
            recall.observe(state.observation(seat), moment)
            observation = state.observation(seat)
            truth = {
                name: state.values[state.geometry.field(name)] for name in covered_names(state)
            }
            assert recall.remembered(observation) == truth
            assert recall.information(observation)["remembered"] == truth
        if not state.is_chance_node():
            laid = Counter(v for v in state.values if v)
            assert all(recall.laid == laid for recall in recalls)


def test_a_value_shown_only_for_a_moment_is_known_only_to_who_saw_it() -> None:
    """Every covered value was open once, so a player that watched from the start knows
    it; a player that comes later and is not shown the moments knows none."""
    states = list(random_game(2, seed=7, round_limit=20))
    watched, late = Recall(), Recall()
    for state in states:
        watched.observe(state.observation(0), state.moment())
    final = states[-1]
    late.observe(final.observation(0), None)
    assert watched.remembered(final.observation(0))
    assert late.remembered(final.observation(0)) == {}
    assert late.laid is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_with_the_true_values_gives_the_state(players: int) -> None:
    for state in random_game(players, seed=10 + players):
        if state.is_chance_node():
            continue  # the deal: nothing is covered, and the cards left are chance
        observation = state.observation(1)
        values = {
            name: state.values[state.geometry.field(name)]
            for name in state.game.hidden_fields(observation)
        }
        assert state.game.determinize(observation, values) == state


def test_a_determinized_state_behaves_like_a_real_one() -> None:
    rng = random.Random(3)
    for state in random_game(3, seed=21, round_limit=10):
        if state.is_chance_node() or state.is_terminal():
            continue
        observation = state.observation(state.current_player)
        game = state.game
        hidden = game.hidden_fields(observation)
        pool = [rng.randint(1, 6) for _ in hidden]
        guess = game.determinize(observation, dict(zip(hidden, pool, strict=True)))
        assert guess.legal_actions() == state.legal_actions()
        assert guess.observation(state.current_player) == observation
        copy = guess.clone()
        for action in guess.legal_actions():
            guess.clone().apply(action)
        assert copy == guess
        while not copy.is_terminal():
            copy.apply(rng.choice(copy.legal_actions()))


def test_determinize_refuses_an_incomplete_or_impossible_assignment() -> None:
    state = next(s for s in random_game(2, seed=4, round_limit=10) if len(covered_names(s)) > 2)
    observation = state.observation(0)
    game = state.game
    hidden = game.hidden_fields(observation)
    values = {n: state.values[state.geometry.field(n)] for n in hidden}
    with pytest.raises(InvalidPositionError, match="missing"):
        game.determinize(observation, dict(list(values.items())[1:]))
    uncovered = next(n for n, v in observation["values"].items() if v is not None)
    with pytest.raises(InvalidPositionError, match="not covered"):
        game.determinize(observation, {**values, uncovered: 3})
    first = hidden[0]
    with pytest.raises(InvalidPositionError):
        game.determinize(observation, {**values, first: 9})
