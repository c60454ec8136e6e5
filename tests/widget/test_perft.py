"""Perft-style counts: the number of action sequences (dice included) from fixed positions.

Like chess perft numbers, they guard move generation: a change in which decisions are
legal changes a count. The positions and counts live in ``perft.json``; each case says
which counts were derived by hand (``hand``, with the derivation) and which were
recorded from the engine (``recorded``). To record again after a deliberate rule change:
``python -m tests.widget.test_perft`` (then review the diff; a count derived by hand is
never recorded over).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import wuerfelwerk
from wuerfelwerk.core import CHANCE, derive_seed

from ..scenario import PerftCase, check_provenance, perft, rerecord

GOLDEN = Path(__file__).with_name("perft.json")


def load_cases() -> list[PerftCase]:
    cases: list[PerftCase] = json.loads(GOLDEN.read_text())
    return cases


def counts_of(case: PerftCase) -> list[int]:
    state = wuerfelwerk.load("widget", **case["options"]).state_from_json(case["position"])
    return [perft(state, depth) for depth in range(1, len(case["counts"]) + 1)]


@pytest.mark.parametrize("case", load_cases(), ids=lambda c: c["name"])
def test_perft(case: PerftCase) -> None:
    check_provenance(case)
    assert counts_of(case) == case["counts"]


def test_enough_positions() -> None:
    cases = load_cases()
    assert {c["options"]["players"] for c in cases} == {2, 3, 4}
    assert sum(bool(c.get("hand")) for c in cases) >= 3


def _generate() -> list[PerftCase]:
    """Positions where a player has at least 3 decisions, from seeded random games of 2, 3
    and 4 players."""
    cases = []
    for players, black_also_moves in ((2, False), (3, True), (4, False)):
        options: dict[str, Any] = {"players": players, "black_also_moves": black_also_moves}
        game = wuerfelwerk.load("widget", **options)
        rng = random.Random(derive_seed(5, "widget perft", players))
        state = game.new_initial_state()
        state.random_playout(rng, 60 * players)
        while state.current_player == CHANCE or len(state.legal_actions()) < 3:
            state.random_playout(rng, 1)
        position = state.to_json()
        del position["game"], position["options"]
        cases.append(
            {
                "name": f"game-{players}p",
                "options": options,
                "position": position,
                "counts": [perft(state, depth) for depth in (1, 2, 3)],
                "recorded": ["1", "2", "3"],
            }
        )
    return cases


if __name__ == "__main__":
    by_hand = [case for case in load_cases() if case.get("hand")]
    rerecord(GOLDEN, by_hand + _generate(), counts_of)
