"""Terminal play and the player rules, run as a user runs them; the plain-text board."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from wuerfelwerk.games.dimenticato.render import cells, news

from .conftest import BLUE_START, apply, position

COMMAND = [sys.executable, "-m", "wuerfelwerk.cli"]


def run(*args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, *args], input=stdin, capture_output=True, text=True, cwd=cwd, timeout=300
    )


def test_a_human_is_told_right_or_wrong_and_cannot_take_back_a_reveal(tmp_path: Path) -> None:
    start = position([["e6", "a6", "a5", "b5"], BLUE_START], values={"e6": 3}, opening=[0, 4])
    (tmp_path / "start.json").write_text(json.dumps(start.to_json()))
    moves = ["figure e6", "name 9", "name 4", "undo", "figure e6", "name 3", "to d6", "to g5"]
    result = run(
        "play", "dimenticato", "--seats", "human,greedy", "--seed", "2",
        "--position", "start.json", stdin="\n".join([*moves, "quit"]) + "\n", cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Which value lies under your figure on e6?" in out
    assert "DIM-5: a die value is 1 to 6, not 9" in out
    # The wrong name is told, with the value the lifted figure showed (DIM-5, ours).
    assert "red (human) names the value under e6: wrong" in out
    assert "the figure on e6 is lifted: 3" in out
    assert "DIM-5: a value was shown since your move, so it cannot be taken back" in out
    assert "red (human) names the value under e6: right" in out
    assert "DIM-6" in out  # d6 lies behind
    record = json.loads(next(tmp_path.glob("wuerfelwerk-dimenticato-*.json")).read_text())
    assert record["actions"][:2] == ["figure e6", "name 4"]
    second = record["actions"].index("name 3")
    assert record["actions"][second - 1 : second + 2] == ["figure e6", "name 3", "to g5"]


def test_the_deal_is_shown_in_words(tmp_path: Path) -> None:
    result = run(
        "play",
        "dimenticato",
        "--seats",
        "human,greedy",
        "--seed",
        "3",
        stdin="quit\n",
        cwd=tmp_path,
    )
    dealt = [line for line in result.stdout.splitlines() if line.startswith("deal card")]
    assert len(dealt) == 6  # two players: six small cards
    turns = ("upright", "turned right", "upside down", "turned left")
    assert all(line.endswith(turns) for line in dealt), dealt
    assert "dice:" not in result.stdout


def test_rules_prints_the_player_rules() -> None:
    result = run("rules", "dimenticato")
    assert result.returncode == 0
    assert "DIM-9" in result.stdout and "1 - (1 - P) ** age" in result.stdout


def test_the_board_hides_covered_values_and_tells_the_moves() -> None:
    state = position([["e6", "a6", "a5", "b5"], BLUE_START], values={"e6": 3, "g5": 6})
    apply(state, "figure e6", "name 3", "to g5")
    observation = state.observation(0)
    geo = state.geometry
    x, y = geo.coords[geo.field("g5")]
    row = cells(state.game, observation)[1 + y - geo.top]
    assert row[1 + x - geo.left] == (" R ", "seat0")
    x, y = geo.coords[geo.field("e6")]
    assert cells(state.game, observation)[1 + y - geo.top][1 + x - geo.left] == (" 3 ", "yellow")
    assert news(state.observation(1), 1) == [
        "red names the value under e6: right",
        "red: e6 -> g5",
    ]
