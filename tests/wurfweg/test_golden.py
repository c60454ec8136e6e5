"""Golden playthroughs: three seeded Wurf & Weg games on the discrete-event driver.

Each file in ``golden/`` holds one game: the options and seats, then one line per
action (its number, the simulated time it landed, the action, the position after it as
``render.summary`` writes it), then the outcome. The files depend on the rules, the
bots and the driver: a change in any of them shows as a diff.

After an intended change, regenerate the files and review the diff:

    WURFWEG_GOLDEN_REGENERATE=1 .venv/bin/pytest tests/wurfweg/test_golden.py
    git diff tests/wurfweg/golden/
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.core import Action, State, derive_seed
from wuerfelwerk.core.realtime import play_realtime
from wuerfelwerk.games.wurfweg import WurfWegState
from wuerfelwerk.games.wurfweg.render import summary

GOLDEN = Path(__file__).parent / "golden"
GAMES: list[tuple[int, dict[str, Any], list[str]]] = [
    (1, {"players": 2}, ["bot", "bot:place=0.4,miss=0.2"]),
    (2, {"players": 3}, ["bot:level=easy", "greedy", "random"]),
    (3, {"players": 4, "until_pile_empty": True}, ["bot", "bot:spread=0", "greedy", "bot"]),
]


def playthrough(seed: int, options: dict[str, Any], seats: list[str]) -> str:
    game = wuerfelwerk.load("wurfweg", **options)
    agents = [make_agent(spec, game, derive_seed(seed, seat)) for seat, spec in enumerate(seats)]
    lines = [f"wurfweg {json.dumps(game.options_json(), sort_keys=True)} seed {seed}"]
    lines.append(f"seats {' '.join(seats)}")

    def log(state: State, action: Action, seat: int, now: float) -> None:
        assert isinstance(state, WurfWegState)
        lines.append(f"{len(lines) - 1}. {now:.3f}s {action} => {summary(state)}")

    record = play_realtime(game, agents, seed, on_action=log)
    assert record.outcome is not None
    lines.append(f"outcome {json.dumps(record.outcome.to_json(), sort_keys=True)}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("seed", "options", "seats"), GAMES, ids=[f"seed{g[0]}" for g in GAMES])
def test_golden_playthrough(seed: int, options: dict[str, Any], seats: list[str]) -> None:
    path = GOLDEN / f"seed{seed}.txt"
    text = playthrough(seed, options, seats)
    if os.environ.get("WURFWEG_GOLDEN_REGENERATE"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text)
    assert text == path.read_text(), f"{path.name} differs: regenerate and review the diff"
