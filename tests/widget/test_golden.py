"""Golden playthroughs: three seeded Widget games, every action and the position after it.

Each file in ``golden/`` holds one game: the options, then one line per action (its
number, who acted, the action, the position after it as ``render.summary`` writes it),
then the outcome. The dice come from the seeded chance of the core; the decisions are
a seeded uniform choice among the legal actions, so the files depend on the rules alone.
Any difference fails the test: a change in the rules shows as a diff.

After an intended rule change, regenerate the files and review the diff:

    WIDGET_GOLDEN_REGENERATE=1 .venv/bin/pytest tests/widget/test_golden.py
    git diff tests/widget/golden/
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

import wuerfelwerk
from wuerfelwerk.core import CHANCE, derive_seed
from wuerfelwerk.core.chance import SeededChance
from wuerfelwerk.games.widget import WidgetState
from wuerfelwerk.games.widget.render import summary

GOLDEN = Path(__file__).parent / "golden"
GAMES: list[tuple[int, dict[str, Any]]] = [
    (1, {"players": 2}),
    (2, {"players": 3, "black_also_moves": True}),
    (3, {"players": 4, "play_for_places": True}),
]


def playthrough(seed: int, options: dict[str, Any]) -> str:
    game = wuerfelwerk.load("widget", **options)
    state = game.new_initial_state()
    assert isinstance(state, WidgetState)
    chance = SeededChance(seed)
    decisions = random.Random(derive_seed(seed, "widget golden decisions"))
    lines = [f"widget {json.dumps(game.options_json(), sort_keys=True)} seed {seed}"]
    lines.append(f"0. start: {summary(state)}")
    number = 0
    while not state.is_terminal():
        player = state.current_player
        if player == CHANCE:
            action = chance.draw(state, number)
            who = "dice"
        else:
            action = decisions.choice(state.legal_actions())
            who = game.seat_name(player)
        state.apply(action)
        number += 1
        lines.append(f"{number}. {who}: {action} => {summary(state)}")
    outcome = state.outcome()
    assert outcome is not None
    lines.append(f"outcome: {json.dumps(outcome.to_json(), sort_keys=True)}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("seed", "options"), GAMES, ids=[f"seed-{s}" for s, _ in GAMES])
def test_golden_playthrough(seed: int, options: dict[str, Any]) -> None:
    path = GOLDEN / f"seed-{seed}.txt"
    text = playthrough(seed, options)
    if os.environ.get("WIDGET_GOLDEN_REGENERATE"):
        path.write_text(text)
    assert path.read_text() == text, f"{path.name} differs: the rules changed (see docstring)"
