"""Helpers every game's scenario tests share: apply actions written as text, check a
refusal names its rule and changes nothing, count action sequences (perft) and keep the
perft files, check the frequencies of a random playout's steps."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from wuerfelwerk.core import CHANCE, SIMULTANEOUS, IllegalActionError, State, WuerfelwerkError

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
    """The number of action sequences of length ``depth`` (a finished game ends one);
    where several seats may act, every action of every one of them."""
    if depth == 0 or state.is_terminal():
        return 1
    if state.current_player == SIMULTANEOUS:
        actions = [a for seat in state.active_players for a in state.legal_actions(seat)]
    else:
        actions = state.legal_actions()
    total = 0
    for action in actions:
        after = state.clone()
        after.apply(action)
        total += perft(after, depth - 1)
    return total


# Perft files: ``tests/<game>/perft.json`` lists cases (a name, options, a position,
# counts), and says where each count comes from: ``hand`` explains the counts derived by
# hand, ``recorded`` lists those recorded from the engine. Counts are keyed by depth (a
# list: depth 1 first) or by what the game's file says (Malefiz: the die).

PerftCase = dict[str, Any]


def count_keys(case: PerftCase) -> list[str]:
    counts = case["counts"]
    return (
        [str(depth) for depth in range(1, len(counts) + 1)]
        if isinstance(counts, list)
        else list(counts)
    )


def count_of(case: PerftCase, key: str) -> int:
    counts = case["counts"]
    value: int = counts[int(key) - 1] if isinstance(counts, list) else counts[key]
    return value


def check_provenance(case: PerftCase) -> None:
    """Every count is either derived by hand (with the derivation) or recorded."""
    hand, recorded = case.get("hand", {}), set(case.get("recorded", []))
    assert set(hand) | recorded == set(count_keys(case)), case["name"]
    assert not set(hand) & recorded, case["name"]
    assert all(isinstance(why, str) and why.strip() for why in hand.values()), case["name"]


def rerecord(path: Path, cases: list[PerftCase], counts: Callable[[PerftCase], Any]) -> None:
    """Write ``cases`` to ``path`` with their recorded counts counted again; a count
    derived by hand must come out the same (or be derived again, by hand)."""
    for case in cases:
        fresh = dict(case, counts=counts(case))
        for key in case.get("hand", {}):
            assert count_of(fresh, key) == count_of(case, key), f"{case['name']}: {key}"
        case["counts"] = fresh["counts"]
        check_provenance(case)
    path.write_text(json.dumps(cases, indent=1, ensure_ascii=False) + "\n")


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
