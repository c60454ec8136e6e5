"""The examples run, in a tiny configuration, so that they cannot rot."""

from __future__ import annotations

import runpy
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_train_pettingzoo_runs() -> None:
    main = runpy.run_path(str(EXAMPLES / "train_pettingzoo.py"))["main"]
    result = main(["--episodes", "2", "--eval-games", "1", "--round-limit", "5"])
    assert set(result) == {"before", "after"}
    assert all(-1.0 <= value <= 1.0 for value in result.values())


def test_openspiel_mcts_malefiz_runs() -> None:
    main = runpy.run_path(str(EXAMPLES / "openspiel_mcts_malefiz.py"))["main"]
    results = main(["--games", "1", "--simulations", "4", "--round-limit", "3"])
    assert len(results) == 1 and abs(sum(results[0])) < 1e-9
