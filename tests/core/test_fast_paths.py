"""The fast ways of ``apply`` agree with the plain one, in every game.

``State.apply`` takes an action handed out in the legal list by identity, without
comparing anything; Malefiz and Widget take a roll without listing the chance outcomes;
a game may check a move directly. The plain way is the core's ``State.apply`` given an
equal copy: no identity, no game's shortcut, the action looked up among the legal ones.

For positions of seeded random games and any action (a legal one, any action id, an
equal copy, a chance outcome with a field changed, such as a roll of 0 or 7), both ways
accept the same actions (those equal to a legal action), reach the same position (as
JSON, where ``true`` is not ``1``) and refuse with the same error, changing nothing. A
refusal is an error of the game API, never another exception.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wuerfelwerk
from wuerfelwerk.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    State,
    WuerfelwerkError,
    game_class,
)

#: Values a field of a malformed action may hold.
ODD_VALUES = st.one_of(
    st.sampled_from([-1, 0, 6, 7, 2**64]),
    st.integers(-3, 12),
    st.integers(2**62, 2**70),
    st.booleans(),
    st.floats(-3, 12, allow_nan=False, width=16),
    st.none(),
    st.text(max_size=2),
)


def random_position(game: wuerfelwerk.Game, seed: int, steps: int) -> State:
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        player = state.current_player
        if state.is_terminal():
            break
        if player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            if player == SIMULTANEOUS:
                player = rng.choice(state.active_players)
            state.apply(rng.choice(state.legal_actions(player)))
    return state


def on_to_chance(state: State, rng: random.Random) -> State:
    """Random play on to the next chance node (where the games' roll shortcuts are)."""
    while state.current_player not in (CHANCE, TERMINAL):
        player = state.current_player
        if player == SIMULTANEOUS:
            player = rng.choice(state.active_players)
        state.apply(rng.choice(state.legal_actions(player)))
    return state


def acting(state: State) -> list[int]:
    player = state.current_player
    if player == SIMULTANEOUS:
        return state.active_players
    return [] if state.is_terminal() else [player]


def legal_equal(state: State, action: Action) -> Action | None:
    """The legal action ``action`` is equal to, found by plain comparison."""
    if state.current_player == SIMULTANEOUS:
        seat = getattr(action, "player", None)
        seats = [s for s in state.active_players if s == seat]
    else:
        seats = acting(state)
    return next((a for s in seats for a in state.legal_actions(s) if a == action), None)


def copy_of(action: Action) -> Action:
    """An equal action that is not the same object."""
    copy = dataclasses.replace(action)  # type: ignore[type-var]
    assert copy == action and copy is not action
    return copy


def actions(state: State) -> st.SearchStrategy[Action]:
    game = state.game
    choices: list[st.SearchStrategy[Action]] = [
        st.integers(0, game.num_distinct_actions - 1).map(game.action_from_id)
    ]
    legal = [a for seat in acting(state) for a in state.legal_actions(seat)]
    if legal:
        choices.append(st.sampled_from(legal))
    if state.current_player == CHANCE:
        outcomes = [a for a, _ in state.chance_outcomes()]
        choices.append(st.builds(malformed, st.sampled_from(outcomes), st.data()))
    return st.one_of(choices)


def malformed(outcome: Action, data: st.DataObject) -> Action:
    """``outcome`` with one of its compared fields changed to an odd value."""
    fields = [f.name for f in dataclasses.fields(outcome) if f.compare]  # type: ignore[arg-type]
    if not fields:
        return outcome
    name = data.draw(st.sampled_from(fields))
    return dataclasses.replace(outcome, **{name: data.draw(ODD_VALUES)})  # type: ignore[type-var]


def attempt(apply: Callable[[], None]) -> tuple[str, str] | None:
    """``None`` if the action was taken, else the refusal's type and message."""
    try:
        apply()
    except WuerfelwerkError as error:
        return type(error).__name__, str(error)
    return None


def as_text(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize("name", wuerfelwerk.game_names())
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 150), data=st.data())
def test_fast_and_plain_paths_agree(name: str, seed: int, steps: int, data: st.DataObject) -> None:
    sets = game_class(name).option_sets()
    options: dict[str, Any] = data.draw(st.sampled_from(sets), label="options")
    game = wuerfelwerk.load(name, **options)
    state = random_position(game, seed, steps)
    if data.draw(st.booleans(), label="on to chance"):
        state = on_to_chance(state, random.Random(seed))
    before = as_text(state)
    for _ in range(data.draw(st.integers(1, 6), label="actions")):
        action = data.draw(actions(state), label="action")
        fast = state.clone()
        for seat in acting(fast):
            fast.legal_actions(seat)  # the identity path is ready
        plain = state.clone()
        taken = attempt(lambda: fast.apply(action))  # noqa: B023
        assert taken == attempt(lambda: State.apply(plain, copy_of(action)))  # noqa: B023
        equal = legal_equal(state, action)
        assert (taken is None) == (equal is not None), f"{action!r}: {taken}"
        if taken is None:
            assert equal is not None
            assert as_text(fast) == as_text(plain)
            expected = state.clone()
            expected.apply(equal)
            assert as_text(fast) == as_text(expected), "taken as another object than the game's"
            again = game.state_from_json(json.loads(as_text(fast)))
            assert as_text(again) == as_text(fast)
            assert [set(again.legal_actions(s)) for s in acting(again)] == [
                set(fast.legal_actions(s)) for s in acting(fast)
            ], "the fast way left the position's own bookkeeping behind"
        else:
            assert as_text(fast) == before and as_text(plain) == before
        assert as_text(state) == before
