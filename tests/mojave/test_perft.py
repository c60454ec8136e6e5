"""Perft-style golden counts: legal actions at depth 1 and 2 from fixed positions.

The positions and counts live in ``perft.json``. A change in move generation, blocking,
combat or Zugzwang shows as a difference here. To regenerate after a deliberate rule
change: ``python -m tests.mojave.test_perft`` (then review the diff).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import wuerfelwerk
from wuerfelwerk.core import State, derive_seed

from ..scenario import perft

GOLDEN = Path(__file__).with_name("perft.json")


def load_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads(GOLDEN.read_text())
    return cases


@pytest.mark.parametrize("case", load_cases(), ids=lambda c: c["name"])
def test_golden_counts(case: dict[str, Any]) -> None:
    game = wuerfelwerk.load("mojave", **case["options"])
    state = game.state_from_json(case["position"])
    assert [perft(state, 1), perft(state, 2)] == case["counts"]


def test_enough_positions() -> None:
    cases = load_cases()
    assert len(cases) >= 8
    assert any(c["position"]["zugzwang"] for c in cases)
    assert {c["options"].get("rows", 16) for c in cases} >= {12, 16, 20}


def _case(name: str, options: dict[str, Any], state: State) -> dict[str, Any]:
    position = state.to_json()
    del position["game"], position["options"]
    return {
        "name": name,
        "options": options,
        "position": position,
        "counts": [perft(state, 1), perft(state, 2)],
    }


def _generate() -> list[dict[str, Any]]:
    """The starts of three board sizes, random games at several stages, and the first
    Zugzwang of a few random games."""
    cases = []
    for rows in (12, 16, 20):
        state = wuerfelwerk.load("mojave", rows=rows).new_initial_state()
        cases.append(_case(f"start-{rows}-rows", {"rows": rows}, state))
    game = wuerfelwerk.load("mojave")
    for stage in (20, 60, 150, 300):
        rng = random.Random(derive_seed(11, "stage", stage))
        state = game.new_initial_state()
        for _ in range(stage):
            state.apply(rng.choice(state.legal_actions()))
        cases.append(_case(f"random-{stage}", {}, state))
    for seed in range(3):
        rng = random.Random(derive_seed(11, "zugzwang", seed))
        state = game.new_initial_state()
        while not state.to_json()["zugzwang"]:
            state.apply(rng.choice(state.legal_actions()))
        cases.append(_case(f"zugzwang-{seed}", {}, state))
    return cases


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(_generate(), indent=1) + "\n")
