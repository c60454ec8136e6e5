"""The core API's own behaviour: options, outcomes, records, agent specs, the registry."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wuerfelwerk
from wuerfelwerk.agents import make_agent, parse_spec, split_specs
from wuerfelwerk.core import (
    Hint,
    InvalidActionError,
    InvalidAgentSpecError,
    InvalidOptionError,
    InvalidPositionError,
    InvalidRecordError,
    Outcome,
    Record,
    UnknownGameError,
)


def test_load_and_options() -> None:
    game = wuerfelwerk.load("Malefiz", players="3", capture_own="false")
    assert game.num_players == 3 and game.options.capture_own is False
    assert game.options_json()["board"] == "quick"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"colour": "red"}, "unknown option 'colour'"),
        ({"players": "many"}, "whole number"),
        ({"capture_own": "perhaps"}, "true or false"),
        ({"board": "hexagonal"}, "must be one of quick, classic"),
        ({"round_limit": 0}, "at least 1"),
    ],
)
def test_bad_options_are_named(options: dict, message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        wuerfelwerk.load("malefiz", **options)


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(UnknownGameError, match=r"unknown game 'chess'.*malefiz"):
        wuerfelwerk.load("chess")


def test_describe_options_explains_each_option() -> None:
    described = wuerfelwerk.core.game_class("malefiz").describe_options()
    assert {d["name"] for d in described} >= {"players", "board", "capture_own"}
    assert all(d["help"] for d in described)


def test_outcome_returns_are_zero_sum_and_ordered() -> None:
    assert Outcome.win([2], 4, "goal").returns() == pytest.approx([-1 / 3, -1 / 3, 1, -1 / 3])
    assert Outcome.draw(3, "limit").returns() == [0, 0, 0]
    ranked = Outcome((frozenset({1}), frozenset({0}), frozenset({2})), "places")
    assert ranked.returns() == [0.0, 1.0, -1.0]
    assert ranked.winners == {1} and not ranked.is_draw


def test_actions_round_trip_through_text_and_ids() -> None:
    game = wuerfelwerk.load("malefiz")
    for action_id in range(game.num_distinct_actions):
        action = game.action_from_id(action_id)
        assert game.action_id(action) == action_id
        assert game.parse_action(str(action)) == action
    with pytest.raises(InvalidActionError):
        game.action_from_id(game.num_distinct_actions)


@settings(max_examples=200)
@given(st.text(max_size=30))
def test_any_text_parses_or_is_refused_cleanly(text: str) -> None:
    game = wuerfelwerk.load("malefiz")
    try:
        action = game.parse_action(text)
    except InvalidActionError as error:
        assert "\n" not in str(error)
    else:
        assert game.parse_action(str(action)) == action


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)


@settings(max_examples=200)
@given(
    st.dictionaries(
        st.sampled_from(["phase", "player", "die", "figures", "barricades", "turns", "winner"]),
        JSON,
    )
)
def test_malformed_positions_are_refused_cleanly(data: dict) -> None:
    game = wuerfelwerk.load("malefiz", players=2)
    base = game.new_initial_state().to_json()
    try:
        game.state_from_json({**base, **data})
    except InvalidPositionError as error:
        assert str(error)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"figures": [["a1", "a1", "start", "start"], ["start"] * 4]}, "two figures on a1"),
        ({"barricades": ["d3"]}, "must be 6 barricades"),
        ({"phase": "move", "die": 9}, "die of 1-6"),
        ({"player": 2}, "seat from 0 to 1"),
        ({"figures": [["z99", "start", "start", "start"], ["start"] * 4]}, "no field 'z99'"),
        ({"game": "widget"}, "not 'malefiz'"),
    ],
)
def test_impossible_positions_name_the_problem(change: dict, message: str) -> None:
    game = wuerfelwerk.load("malefiz", players=2)
    with pytest.raises(InvalidPositionError, match=message):
        game.state_from_json({**game.new_initial_state().to_json(), **change})


def test_record_replays_every_state() -> None:
    game = wuerfelwerk.load("malefiz", players=2)
    agents = [make_agent("greedy", game, 1), make_agent("random", game, 2)]
    seen = []
    record = wuerfelwerk.play(
        game, agents, seed=5, on_action=lambda s, a, p: seen.append(s.clone())
    )
    states = list(Record.loads(record.dumps()).states())
    assert states[1:] == seen
    again = wuerfelwerk.play(
        game, [make_agent("greedy", game, 1), make_agent("random", game, 2)], seed=5
    )
    assert again.actions == record.actions


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "must be JSON"),
        ("[]", "JSON object"),
        ('{"game": "malefiz", "options": {}}', "needs 'actions'"),
        ('{"game": "malefiz", "options": {}, "actions": [1]}', "must be text"),
        ('{"game": "malefiz", "options": {}, "actions": ["roll 9"]}', "action 1"),
        ('{"game": "malefiz", "options": {}, "actions": ["start-a1"]}', "does not replay"),
        ('{"game": "go", "options": {}, "actions": []}', "cannot be loaded"),
        ('{"game": "malefiz", "options": {"players": 7}, "actions": []}', "cannot be loaded"),
        ('{"game": "malefiz", "options": {}, "actions": ["roll 2"], "times": []}', "per action"),
        ('{"game": "malefiz", "options": {}, "actions": ["roll 2"], "times": ["1"]}', "per act"),
        ('{"game": "malefiz", "options": {}, "actions": ["roll 2"], "times": [-1]}', "per act"),
        ('{"game": "malefiz", "options": {}, "actions": [], "times": {}}', "must be a list"),
        ('{"game": "malefiz", "options": {}, "actions": [], "hints": [{"seat": 0}]}', "a hint"),
        ('{"game": "malefiz", "options": {}, "actions": [], "hints": [3]}', "a hint"),
        (
            '{"game": "malefiz", "options": {}, "actions": [], '
            '"hints": [{"seat": 5, "before": 0}]}',
            "names no decision",
        ),
    ],
)
def test_corrupt_records_are_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidRecordError, match=message):
        Record.loads(text)


def test_a_record_keeps_its_times_and_hints() -> None:
    game = wuerfelwerk.load("malefiz", players=2)
    record = wuerfelwerk.play(game, [make_agent("greedy", game, s) for s in range(2)], seed=5)
    assert "times" not in record.to_json() and "hints" not in record.to_json()
    record.times = [float(n) for n in range(len(record.actions))]
    record.hints = [Hint(0, 1)]
    again = Record.loads(record.dumps())
    assert again.times == record.times and again.hints == [Hint(0, 1)]
    backwards = {**record.to_json(), "times": [2.0, 1.0, *record.times[2:]]}
    with pytest.raises(InvalidRecordError, match="must not go back"):
        Record.from_json(backwards)


def test_agent_specs() -> None:
    spec = parse_spec("Greedy:forget=0.1, memory=perfect")
    assert spec.name == "greedy" and spec.params == {"forget": "0.1", "memory": "perfect"}
    assert split_specs("greedy,mcts:iters=5,time=1,random") == [
        "greedy",
        "mcts:iters=5,time=1",
        "random",
    ]
    for bad in ("", "9lives", "greedy:x", "greedy:a=1,a=2", "greedy:=3"):
        with pytest.raises(InvalidAgentSpecError):
            parse_spec(bad)


def test_unknown_agents_and_parameters_are_named() -> None:
    game = wuerfelwerk.load("malefiz")
    with pytest.raises(InvalidAgentSpecError, match="unknown agent 'genius'"):
        make_agent("genius", game)
    with pytest.raises(InvalidAgentSpecError, match="no parameter 'depth'"):
        make_agent("greedy:depth=3", game)
    with pytest.raises(InvalidAgentSpecError, match="needs a screen"):
        make_agent("human", game)


def test_observation_is_json() -> None:
    state = wuerfelwerk.load("malefiz").new_initial_state()
    assert json.loads(json.dumps(state.observation(None)))["viewer"] is None


@pytest.mark.parametrize("name", wuerfelwerk.game_names())
def test_games_and_states_pickle_and_copy_as_name_options_and_position(name: str) -> None:
    """A game travels as its name and options, a state as its position's JSON: the same
    in the pure and the compiled build (which has no other way to pickle)."""
    game = wuerfelwerk.load(name)
    state = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(40):
        seats = state.active_players
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        elif seats:
            state.apply(rng.choice(state.legal_actions(seats[0])))
    assert game.__reduce__()[1] == (game.name, game.options_json())
    assert pickle.loads(pickle.dumps(game)) == game
    for again in (pickle.loads(pickle.dumps(state)), copy.copy(state), copy.deepcopy(state)):
        assert again is not state
        assert again == state
        assert again.to_json() == state.to_json()
        for seat in state.active_players:
            assert again.legal_actions(seat) == state.legal_actions(seat)


@pytest.mark.parametrize("name", wuerfelwerk.game_names())
def test_lists_handed_out_are_copies(name: str) -> None:
    """A caller may change the chance outcomes and legal actions it is given: the
    position, its next answers and its sampling stay as they were."""
    game = wuerfelwerk.load(name)
    state = game.new_initial_state()
    rng = random.Random(3)
    seen_chance = seen_choice = False
    for _ in range(400):
        if state.is_terminal() or (seen_chance and seen_choice):
            break
        before = state.to_json()
        if state.is_chance_node():
            seen_chance = True
            outcomes = state.chance_outcomes()
            expected = list(outcomes)
            outcomes.clear()
            assert state.chance_outcomes() == expected
            assert state.sample_chance(rng) in [action for action, _ in expected]
            state.apply(expected[0][0])
            continue
        players = state.active_players
        actions = state.legal_actions(players[0])
        if len(actions) > 1:
            seen_choice = True
        expected = list(actions)
        actions.clear()
        assert state.legal_actions(players[0]) == expected and state.to_json() == before
        state.apply(rng.choice(expected))
    assert seen_choice
