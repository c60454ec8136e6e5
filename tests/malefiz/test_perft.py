"""Perft-style golden counts: for fixed positions, the number of legal moves per die value.

The positions and counts live in ``perft.json``; each case says which counts were
derived by hand (``hand``, with the derivation) and which were recorded from the engine
(``recorded``). A change in move generation shows as a difference here. To record again
after a deliberate rule change: ``python -m tests.malefiz.test_perft`` (then review the
diff; a count derived by hand is never recorded over).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import wuerfelwerk
from wuerfelwerk.core import CHANCE, derive_seed
from wuerfelwerk.games.malefiz import MalefizState

from ..scenario import PerftCase, check_provenance, rerecord

GOLDEN = Path(__file__).with_name("perft.json")


def counts(state: MalefizState) -> dict[str, int]:
    return {str(die): len(state.moves_for(die)) for die in range(1, 7)}


def load_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads(GOLDEN.read_text())
    return cases


def state_of(case: PerftCase) -> MalefizState:
    game = wuerfelwerk.load("malefiz", **case["options"])
    state = game.state_from_json(case["position"])
    assert isinstance(state, MalefizState)
    return state


@pytest.mark.parametrize("case", load_cases(), ids=lambda c: c["name"])
def test_golden_counts(case: dict[str, Any]) -> None:
    check_provenance(case)
    assert counts(state_of(case)) == case["counts"]


def test_enough_positions() -> None:
    cases = load_cases()
    assert len(cases) >= 10
    assert {c["options"]["board"] for c in cases} == {"quick", "classic"}
    assert sum(bool(c.get("hand")) for c in cases) >= 2


def _generate() -> list[dict[str, Any]]:
    """Positions from seeded random games, several stages, both boards, 2-4 players."""
    cases = []
    for board in ("quick", "classic"):
        for players in (2, 3, 4):
            for stage in (40, 160):
                options = {"board": board, "players": players}
                game = wuerfelwerk.load("malefiz", **options)
                rng = random.Random(derive_seed(7, board, players, stage))
                state = game.new_initial_state()
                for _ in range(stage):
                    if state.current_player == CHANCE:
                        state.apply(state.sample_chance(rng))
                    else:
                        state.apply(rng.choice(state.legal_actions()))
                while state.current_player == CHANCE or state.to_json()["phase"] != "move":
                    if state.current_player == CHANCE:
                        state.apply(state.sample_chance(rng))
                    else:
                        state.apply(rng.choice(state.legal_actions()))
                assert isinstance(state, MalefizState)
                position = state.to_json()
                del position["game"], position["options"]
                cases.append(
                    {
                        "name": f"{board}-{players}p-{stage}",
                        "options": options,
                        "position": position,
                        "counts": counts(state),
                        "recorded": [str(die) for die in range(1, 7)],
                    }
                )
    return cases


if __name__ == "__main__":
    by_hand = [case for case in load_cases() if case.get("hand")]
    rerecord(GOLDEN, by_hand + _generate(), lambda case: counts(state_of(case)))
