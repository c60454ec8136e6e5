"""Perft-style golden counts: action sequences of depth 1, 2, ... from fixed positions.

The positions and counts live in ``perft.json``. Each case says where its counts come
from: ``"derived": "hand"`` counts were worked out by hand from the rules (``why`` says
how) and hold whatever the engine does; ``"derived": "engine"`` counts were recorded
from the engine and reviewed, and guard against unintended change. A change in move
generation, blocking, combat or Zugzwang shows as a difference here. To record the
engine's cases again after a deliberate rule change (the hand cases are kept as they
are): ``python -m tests.mojave.test_perft``, then review the diff.
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
ABOUT = (
    "Counts of action sequences of depth 1, 2, ... from each position. 'derived': 'hand' "
    "counts were worked out by hand from the rules ('why' says how); 'derived': 'engine' "
    "counts were recorded from the engine (python -m tests.mojave.test_perft) and reviewed."
)


def load_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads(GOLDEN.read_text())["cases"]
    return cases


@pytest.mark.parametrize("case", load_cases(), ids=lambda c: c["name"])
def test_golden_counts(case: dict[str, Any]) -> None:
    game = wuerfelwerk.load("mojave", **case["options"])
    state = game.state_from_json(case["position"])
    counts = case["counts"]
    assert [perft(state, depth) for depth in range(1, len(counts) + 1)] == counts


def test_enough_positions() -> None:
    cases = load_cases()
    assert len(cases) >= 8
    assert any(c["position"]["zugzwang"] for c in cases)
    assert {c["options"].get("rows", 16) for c in cases} >= {12, 16, 20}
    by_hand = [c for c in cases if c["derived"] == "hand"]
    assert len(by_hand) >= 4 and all(c["why"] for c in by_hand)
    assert {c["derived"] for c in cases} == {"hand", "engine"}


def _case(name: str, options: dict[str, Any], state: State) -> dict[str, Any]:
    position = state.to_json()
    del position["game"], position["options"]
    return {
        "name": name,
        "derived": "engine",
        "options": options,
        "position": position,
        "counts": [perft(state, 1), perft(state, 2)],
    }


def _generate() -> list[dict[str, Any]]:
    """Random games at several stages, and the first Zugzwang of a few random games."""
    cases = []
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
    by_hand = [c for c in load_cases() if c["derived"] == "hand"]
    document = {"about": ABOUT, "cases": by_hand + _generate()}
    GOLDEN.write_text(json.dumps(document, indent=1) + "\n")
