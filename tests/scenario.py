"""Helpers every game's scenario tests share: apply actions written as text, check a
refusal names its rule and changes nothing, count action sequences (perft)."""

from __future__ import annotations

from typing import TypeVar

import pytest

from wuerfelwerk.core import IllegalActionError, State, WuerfelwerkError

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
