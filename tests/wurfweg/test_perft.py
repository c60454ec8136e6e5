"""Perft-style counts: the number of action sequences (chance included; where several
seats may act, every action of every one of them) from fixed positions.

The positions and counts live in ``perft.json``, all derived by hand, each with its
derivation (``hand``). A change in what may be rolled or placed changes a count.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import wuerfelwerk

from ..scenario import PerftCase, check_provenance, perft

GOLDEN = Path(__file__).with_name("perft.json")
CASES: list[PerftCase] = json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["name"])
def test_perft(case: PerftCase) -> None:
    check_provenance(case)
    state = wuerfelwerk.load("wurfweg", **case["options"]).state_from_json(case["position"])
    counts = [perft(state, depth) for depth in range(1, len(case["counts"]) + 1)]
    assert counts == case["counts"]
