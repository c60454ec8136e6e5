"""Golden playthroughs: seeded games between random agents, written out move by move.

Each file in ``golden/`` holds the start, one line per action (who, the path, each
side's dice count and sum of top values, dice thrown, Zugzwang) and the end. Any
change in the rules engine that alters a game shows as a difference. To regenerate
after a deliberate rule change: ``python -m tests.mojave.test_golden`` (review the diff).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.core import Action, State, derive_seed
from wuerfelwerk.games.mojave import MojaveState, Move
from wuerfelwerk.games.mojave.render import text

GOLDEN = Path(__file__).with_name("golden")
GAMES: dict[int, dict[str, Any]] = {1: {}, 2: {"rows": 12}, 3: {"time_limit_moves": 150}}


def summary(state: MojaveState) -> str:
    sides = []
    for seat, name in enumerate(("red", "black")):
        tops = [state.top(f) for f in state.fields_of(seat)]
        sides.append(f"{name} {len(tops):>2}/{sum(tops):>3}")
    return "  ".join(sides)


def playthrough(seed: int, options: dict[str, Any]) -> str:
    game = wuerfelwerk.load("mojave", **options)
    agents = [make_agent("random", game, derive_seed(seed, seat)) for seat in range(2)]
    lines = [
        f"# mojave, random agents, seed {seed}, options {json.dumps(options)}",
        "# number, seat, action, dice/sum of top values per side, events",
    ]
    start = game.new_initial_state()
    assert isinstance(start, MojaveState)
    lines.append(text(start))
    names = start.board.names
    before = {f for f, o in enumerate(start.owner) if o >= 0}

    def on_action(state: State, action: Action, player: int) -> None:
        nonlocal before
        assert isinstance(state, MojaveState)
        standing = {f for f, o in enumerate(state.owner) if o >= 0}
        if isinstance(action, Move):  # the moved die may be thrown on its new field
            before = before - {action.origin} | {action.dest}
        gone = sorted(names[f] for f in before - standing)
        events = [f"thrown {','.join(gone)}"] if gone else []
        events += [
            f"zugzwang {z['die']}<-{','.join(z['attackers'])}" for z in state.to_json()["zugzwang"]
        ]
        line = f"{state.moves:>4} {game.seat_name(player):<5} {action!s:<9} {summary(state)}"
        lines.append("  ".join([line, *events]).rstrip())
        before = standing

    record = wuerfelwerk.play(game, agents, seed, on_action=on_action)
    final = record.final_state()
    assert isinstance(final, MojaveState)
    lines.append(text(final))
    assert record.outcome is not None
    lines.append(f"outcome: {json.dumps(record.outcome.to_json())}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("seed", sorted(GAMES))
def test_golden_playthrough(seed: int) -> None:
    expected = (GOLDEN / f"seed-{seed}.txt").read_text().splitlines()
    assert playthrough(seed, GAMES[seed]).splitlines() == expected


if __name__ == "__main__":
    for number, game_options in GAMES.items():
        (GOLDEN / f"seed-{number}.txt").write_text(playthrough(number, game_options))
