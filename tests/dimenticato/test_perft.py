"""Perft-style golden counts: the action sequences of depth 1 to 3 from fixed positions.

The positions and counts live in ``perft.json``: the dealt starts of the three boards
and positions from seeded games, with either turn rule. Each case says which counts were
derived by hand (``hand``, with the derivation) and which were recorded from the engine
(``recorded``). A change in the deal, movement, naming, capture or the goal shows as a
difference here. To record again after a deliberate rule change:
``python -m tests.dimenticato.test_perft`` (then review the diff; a count derived by
hand is never recorded over).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.core import Game, State

from ..scenario import PerftCase, check_provenance, perft, rerecord
from .conftest import dealt

GOLDEN = Path(__file__).with_name("perft.json")
DEPTHS = (1, 2, 3)


def load_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads(GOLDEN.read_text())
    return cases


def counts_of(case: PerftCase) -> list[int]:
    game = wuerfelwerk.load("dimenticato", **case["options"])
    state = game.state_from_json(case["position"])
    return [perft(state, d) for d in DEPTHS]


@pytest.mark.parametrize("case", load_cases(), ids=lambda c: c["name"])
def test_golden_counts(case: dict[str, Any]) -> None:
    check_provenance(case)
    assert counts_of(case) == case["counts"]


def test_enough_positions() -> None:
    cases = load_cases()
    assert len(cases) >= 8
    assert {c["options"]["players"] for c in cases} == {2, 3, 4}
    assert {c["position"]["phase"] for c in cases} >= {"figure", "name", "destination"}
    assert any(c.get("hand") for c in cases)


def _case(name: str, options: dict[str, Any], state: State) -> dict[str, Any]:
    position = state.to_json()
    del position["game"], position["options"], position["log"]  # the log plays no part
    return {
        "name": name,
        "options": options,
        "position": position,
        "counts": [perft(state, d) for d in DEPTHS],
        "recorded": [str(d) for d in DEPTHS],
    }


def _states_at(game: Game, seed: int, at: tuple[int, ...]) -> list[State]:
    """Copies of the states after the given numbers of actions of a seeded greedy game."""
    agents = [make_agent("greedy:forget=0.2", game, seat) for seat in range(game.num_players)]
    picked: list[State] = []
    record = wuerfelwerk.play(game, agents, seed)
    for count, state in enumerate(record.states()):
        if count in at and not state.is_terminal():
            picked.append(state)
    return picked


def _generate() -> list[dict[str, Any]]:
    """The dealt starts, then positions from seeded greedy games."""
    cases = []
    for players in (2, 3, 4):
        cases.append(_case(f"start-{players}", {"players": players}, dealt(players, seed=players)))
    for players, corner in ((2, True), (3, False), (4, True)):
        options = {"players": players, "corner_is_turn": corner}
        game = wuerfelwerk.load("dimenticato", **options)
        for index, state in enumerate(_states_at(game, players, (41, 95, 152, 230))):
            cases.append(_case(f"game-{players}-{corner}-{index}", options, state))
    return cases


if __name__ == "__main__":
    by_hand = [case for case in load_cases() if case.get("hand")]
    names = {case["name"] for case in by_hand}
    fresh = [case for case in _generate() if case["name"] not in names]
    rerecord(GOLDEN, by_hand + fresh, counts_of)
