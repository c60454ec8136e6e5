"""Helpers every game's scenario tests share: apply actions written as text, check a
refusal names its rule and changes nothing, count action sequences (perft), check the
frequencies of a random playout's steps."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from typing import TypeVar

import pytest

from wuerfelwerk.core import CHANCE, IllegalActionError, State, WuerfelwerkError

StateT = TypeVar("StateT", bound=State)


def apply(state: StateT, *texts: str) -> StateT:
    """Apply each action written as text, in order."""
    for text in texts:
        state.apply(state.game.parse_action(text))
    return state


def refused(state: State, text: str, rule: str) -> str:
    """Typed ``text`` is refused naming ``rule`` (as no action of the game at all, or as
    an action the position does not allow), and nothing changes. Returns the message."""
    before = state.to_json()
    with pytest.raises(WuerfelwerkError) as error:
        state.apply(state.game.parse_action(text))
    assert str(error.value).startswith(f"{rule}: "), str(error.value)
    if isinstance(error.value, IllegalActionError):
        assert error.value.rule == rule
    assert state.to_json() == before, "a refused action must change nothing"
    return str(error.value)


def perft(state: State, depth: int) -> int:
    """The number of action sequences of length ``depth`` (a finished game ends one)."""
    if depth == 0 or state.is_terminal():
        return 1
    total = 0
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        total += perft(after, depth - 1)
    return total


def position_key(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def successor_odds(state: State) -> dict[str, float]:
    """Each position one step on with its probability as the core defines the random
    playout: an action uniformly among the legal ones, a chance outcome with its own
    probability (actions leading to the same position add up)."""
    if state.current_player == CHANCE:
        weighted = state.chance_outcomes()
    else:
        legal = state.legal_actions()
        weighted = [(action, 1 / len(legal)) for action in legal]
    odds: Counter[str] = Counter()
    for action, probability in weighted:
        after = state.clone()
        after.apply(action)
        odds[position_key(after)] += probability
    return dict(odds)


def check_playout_step(state: State, draws: int, rng: random.Random) -> None:
    """``draws`` one-step random playouts from ``state`` land only on its successors, each
    about as often as its probability says (within five standard deviations)."""
    odds = successor_odds(state)
    counts: Counter[str] = Counter()
    for _ in range(draws):
        probe = state.clone()
        probe.random_playout(rng, 1)
        counts[position_key(probe)] += 1
    assert set(counts) <= set(odds), "a step left the legal successors"
    for successor, probability in odds.items():
        mean = draws * probability
        spread = math.sqrt(draws * probability * (1 - probability))
        assert abs(counts[successor] - mean) <= 5 * spread + 3, (counts[successor], mean)
