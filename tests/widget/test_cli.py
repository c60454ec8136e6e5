"""Widget on the command line: the rules, the coloured board, a game between bots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from wuerfelwerk.boards import chooser, renderer
from wuerfelwerk.cli.main import cli

from .scenario import position


def test_rules_prints_the_player_rules() -> None:
    result = CliRunner().invoke(cli, ["rules", "widget", "--plain"])
    assert result.exit_code == 0
    for rule in range(1, 11):
        assert f"WID-{rule}" in result.output
    assert "[ours]" in result.output


def test_the_board_shows_ring_dice_and_choices_per_die() -> None:
    state = position(figures=[["5", "0", "0"], ["16", "26", "26"]], roll=["red", "white"])
    console = Console(width=100, record=True, color_system=None)
    console.print(renderer("widget")(state, 0))
    choices = chooser("widget")
    assert choices is not None
    console.print(choices(state))
    text = console.export_text()
    assert "05rR" in text and "16bG" in text and "00R2" in text
    assert "red (R)" in text and "white (W)" in text
    assert "red die:" in text and "white die:" in text
    assert "white 5 as yellow: 5 -> 9" in text


def test_bots_play_a_game_in_the_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(
        cli, ["play", "widget", "--seats", "greedy,random,greedy", "--seed", "4"]
    )
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    (record,) = tmp_path.glob("wuerfelwerk-widget-*.json")
    assert json.loads(record.read_text())["options"]["players"] == 3


def test_a_refused_option_exits_with_one_line() -> None:
    result = CliRunner().invoke(cli, ["play", "widget", "--round-limit", "0"])
    assert result.exit_code == 2
    assert "round_limit" in result.output
