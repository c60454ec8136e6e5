"""``wuerfelwerk analyse`` and ``replay --analyse``, run as a user runs them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.core.realtime import play_realtime

from .test_commands import run


@pytest.fixture(scope="module")
def malefiz_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = wuerfelwerk.load("malefiz", players=2, board="quick")
    record = wuerfelwerk.play(
        game, [make_agent("random", game, 1), make_agent("greedy", game, 2)], 3
    )
    path = tmp_path_factory.mktemp("records") / "malefiz.json"
    path.write_text(record.dumps())
    return path


def test_analyse_prints_every_move_the_players_and_the_verdict(malefiz_record: Path) -> None:
    result = run("analyse", str(malefiz_record), "--budget", "20")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    actions = json.loads(malefiz_record.read_text())["actions"]
    assert out.count(" luck for ") + out.count("best") + out.count("no other move") >= len(actions)
    assert "red" in out and "blue" in out and "error rate" in " ".join(out.split())
    assert "decided this game" in out


def test_analyse_json_is_the_same_every_time(malefiz_record: Path) -> None:
    first = run("analyse", str(malefiz_record), "--budget", "20", "--json")
    again = run("analyse", str(malefiz_record), "--budget", "20", "--json")
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout
    analysis = json.loads(first.stdout)
    assert analysis["kind"] == "judged" and analysis["budget"] == 20
    assert len(analysis["steps"]) == len(json.loads(malefiz_record.read_text())["actions"])
    assert {seat["name"] for seat in analysis["seats"]} == {"red", "blue"}


def test_replay_analyse_prints_each_actions_line(malefiz_record: Path) -> None:
    result = run("replay", str(malefiz_record), "--no-step", "--analyse", "--budget", "0")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    rolled = [i for i, line in enumerate(lines) if line.startswith("1/")]
    assert rolled and " luck for " in lines[rolled[0] + 1]
    assert "decided this game" in result.stdout


def test_analyse_a_race_prints_each_players_speed(tmp_path: Path) -> None:
    game = wuerfelwerk.load("wurfweg", players=2)
    record = play_realtime(game, [make_agent("bot:easy", game, s) for s in range(2)], 1)
    path = tmp_path / "race.json"
    path.write_text(record.dumps())
    result = run("analyse", str(path))
    assert result.returncode == 0, result.stderr
    assert "round 1" in result.stdout and "mean seconds" in result.stdout


@pytest.mark.parametrize(
    ("content", "args", "message"),
    [
        ("not json", [], "must be JSON"),
        ('{"game": "malefiz", "options": {}, "actions": ["roll 9"]}', [], "action 1"),
        ('{"game": "malefiz", "options": {}, "actions": []}', ["--budget", "-1"], "-1"),
    ],
)
def test_bad_input_is_one_line_and_changes_nothing(
    tmp_path: Path, content: str, args: list[str], message: str
) -> None:
    path = tmp_path / "record.json"
    path.write_text(content)
    result = run("analyse", str(path), *args)
    assert result.returncode == 2 and message in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""
    assert path.read_text() == content
