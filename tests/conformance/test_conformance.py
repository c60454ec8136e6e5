"""The conformance suite: every registered game, every option set, seeded random games.

A game joins by registering; nothing here names a game. At every step: a clone is
independent, the JSON round-trip gives an equal state, every legal action applies, an id
outside the legal set is refused without changing anything, one step of the random
playout lands where a legal action leads, actions round-trip through text and ids,
chance probabilities sum to 1, the observation is JSON. At the end: the record replays
to an equal state, returns agree with the outcome, and the game stayed within its
documented bound.
"""

from __future__ import annotations

import json
import math
import random

import pytest

import wuerfelwerk
from wuerfelwerk.core import CHANCE, SIMULTANEOUS, IllegalActionError, Record, State, derive_seed

CASES = [
    (name, index, options)
    for name in wuerfelwerk.game_names()
    for index, options in enumerate(wuerfelwerk.core.game_class(name).option_sets())
]


def _check_step(state: State, rng: random.Random) -> None:
    game = state.game
    snapshot = state.to_json()
    assert json.loads(json.dumps(snapshot)) == snapshot
    assert game.state_from_json(json.loads(json.dumps(snapshot))) == state
    for seat in [None, *range(game.num_players)]:
        json.dumps(state.observation(seat))
    player = state.current_player
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        assert math.isclose(sum(p for _, p in outcomes), 1.0)
        assert all(p > 0 for _, p in outcomes)
    # One step of the random playout lands where some legal action leads (each legal
    # action is applied once below, and compared with it until one matches).
    landed = None
    if player != SIMULTANEOUS:
        probe = state.clone()
        probe.random_playout(rng, 1)
        landed = probe.to_json()
    seats = state.active_players if player == SIMULTANEOUS else [None]
    # An action legal for another active seat is not "outside" in a simultaneous state.
    anyone = {game.action_id(a) for seat in seats for a in state.legal_actions(seat)}
    for seat in seats:
        legal = state.legal_actions(seat)
        assert legal, "a state that is not over must offer an action"
        legal_ids = {game.action_id(a) for a in legal}
        assert len(legal_ids) == len(legal), "legal actions must be distinct"
        for action in legal:
            assert game.parse_action(str(action)) == action
            assert game.action_from_id(game.action_id(action)) == action
            copy = state.clone()
            copy.apply(action)
            if landed is not None and copy.to_json() == landed:
                landed = None
        assert landed is None, "the random playout took an illegal step"
        assert state.to_json() == snapshot, "applying to a clone changed the original"
        outside = [
            i
            for i in rng.sample(range(game.num_distinct_actions), min(8, game.num_distinct_actions))
            if i not in anyone
        ]
        for action_id in outside[:2]:
            with pytest.raises(IllegalActionError):
                state.apply(game.action_from_id(action_id))
            assert state.to_json() == snapshot, "a refused action changed the state"


@pytest.mark.parametrize(("name", "index", "options"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_random_games(name: str, index: int, options: dict, games_per_game: int) -> None:
    game = wuerfelwerk.load(name, **options)
    sets = len(game.option_sets())
    count = math.ceil(games_per_game / sets)
    for number in range(count):
        seed = derive_seed(0, name, index, number)
        rng = random.Random(seed)
        state = game.new_initial_state()
        record = Record(game.name, game.options_json(), seed)
        while not state.is_terminal():
            _check_step(state, rng)
            before = state.clone()
            snapshot = before.to_json()
            player = state.current_player
            if player == CHANCE:
                action = state.sample_chance(rng)
            else:
                if player == SIMULTANEOUS:
                    player = rng.choice(state.active_players)
                action = rng.choice(state.legal_actions(player))
            state.apply(action)
            assert before.to_json() == snapshot, "applying to the original changed a clone"
            record.actions.append(str(action))
            assert len(record.actions) <= game.max_game_length
        assert state.legal_actions() == []
        finished = state.to_json()
        assert game.state_from_json(json.loads(json.dumps(finished))) == state
        outcome = state.outcome()
        assert outcome is not None
        assert state.returns() == outcome.returns()
        assert math.isclose(sum(state.returns()), 0.0, abs_tol=1e-9)
        replayed = Record.loads(record.dumps())
        assert replayed.final_state() == state
        assert replayed.outcome == outcome
