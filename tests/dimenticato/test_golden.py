"""Golden playthroughs: seeded games between greedy bots of different memory, written
out action by action.

Each file in ``golden/`` holds the dealt board, one line per decision (number, seat,
action, the public event it caused in words, and the value it showed for a moment) and
the final board and outcome. Any change in the rules engine or the bots that alters a game
shows as a difference. To regenerate after a deliberate change:
``python -m tests.dimenticato.test_golden`` (review the diff).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.core import Action, State, derive_seed
from wuerfelwerk.games.dimenticato import DEAL, DimenticatoGame, DimenticatoState
from wuerfelwerk.games.dimenticato.render import describe, text

GOLDEN = Path(__file__).with_name("golden")
GAMES: dict[int, tuple[dict[str, Any], list[str]]] = {
    1: ({"players": 2}, ["greedy:memory=perfect", "greedy:forget=0.3"]),
    2: ({"players": 3, "corner_is_turn": False}, ["greedy", "greedy:forget=0.1", "random"]),
    3: ({"players": 4}, ["greedy:forget=0.05", "greedy", "greedy:forget=0.2", "greedy:forget=0.5"]),
}


def playthrough(seed: int, options: dict[str, Any], specs: list[str]) -> str:
    game = wuerfelwerk.load("dimenticato", **options)
    assert isinstance(game, DimenticatoGame)
    agents = [make_agent(spec, game, derive_seed(seed, seat)) for seat, spec in enumerate(specs)]
    lines = [
        f"# dimenticato, seed {seed}, options {json.dumps(options)}, seats {', '.join(specs)}",
        "# number, seat, action, the public event it caused (the value it showed a moment)",
    ]
    count = logged = 0

    def on_action(state: State, action: Action, player: int) -> None:
        nonlocal count, logged
        assert isinstance(state, DimenticatoState)
        count += 1
        said = describe(state.log[-1]) if len(state.log) > logged else ""
        logged = len(state.log)
        moment = state.moment()
        if moment is not None:
            said += "".join(f" (lifted: {f} {v})" for f, v in moment["reveal"].items())
        if player < 0:
            if state.phase != DEAL:
                lines.append(text(game, state.observation(None)))
            return
        lines.append(f"{count:>4} {game.seat_name(player):<6} {action!s:<16} {said}".rstrip())

    record = wuerfelwerk.play(game, agents, seed, on_action=on_action)
    final = record.final_state()
    assert isinstance(final, DimenticatoState)
    lines.append(text(game, final.observation(None)))
    assert record.outcome is not None
    lines.append(f"outcome: {json.dumps(record.outcome.to_json())}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("seed", sorted(GAMES))
def test_golden_playthrough(seed: int) -> None:
    expected = (GOLDEN / f"seed-{seed}.txt").read_text().splitlines()
    assert playthrough(seed, *GAMES[seed]).splitlines() == expected


if __name__ == "__main__":
    for number, (game_options, seats) in GAMES.items():
        (GOLDEN / f"seed-{number}.txt").write_text(playthrough(number, game_options, seats))
