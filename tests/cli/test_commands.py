"""The command line, run as a user runs it: a real process, its output and exit status."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

import wuerfelwerk
from wuerfelwerk.agents import agent_names
from wuerfelwerk.agents.levels import LEVELS
from wuerfelwerk.core import game_class
from wuerfelwerk.core.build import build_name

COMMAND = [sys.executable, "-m", "wuerfelwerk.cli"]


def run(*args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, *args], input=stdin, capture_output=True, text=True, cwd=cwd, timeout=300
    )


@pytest.mark.parametrize("command", ["play", "simulate", "bench", "replay", "rules"])
def test_every_command_has_help(command: str) -> None:
    result = run(command, "--help")
    assert result.returncode == 0 and "Usage:" in result.stdout


def test_version_says_which_build_runs() -> None:
    result = run("--version")
    assert result.returncode == 0
    version = metadata.version("wuerfelwerk")
    assert result.stdout == f"wuerfelwerk {version} ({build_name()} build)\n"


@pytest.mark.parametrize("words", [["--help"], ["bench", "--help"], ["bench", "engine", "--help"]])
def test_the_help_loads_no_server_stack(words: list[str]) -> None:
    """A command loads what it needs when it runs: the help that names every command, and
    that of the benchmarks, loads neither the web framework nor the database layer (only
    ``serve`` and ``bench server --floor`` need them), nor Ray or matplotlib."""
    heavy = ["fastapi", "starlette", "uvicorn", "sqlalchemy", "alembic", "ray", "matplotlib"]
    probe = (
        "import sys\n"
        "from wuerfelwerk.cli.main import cli\n"
        f"try: cli.main({words!r})\n"
        "except SystemExit as end: assert end.code == 0, end.code\n"
        f"print([name for name in {heavy!r} if name in sys.modules], file=sys.stderr)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0 and "Usage:" in result.stdout, result.stderr
    assert result.stderr.splitlines()[-1] == "[]"


@pytest.mark.parametrize(
    ("command", "option"),
    [("play", "--seats"), ("simulate", "--agents"), ("study", "--agents"), ("arena", "--agents")],
)
def test_help_lists_every_agent_and_level(command: str, option: str) -> None:
    shown = " ".join(run(command, "--help").stdout.split())  # as one line, unwrapped
    listed = shown.split(option, 1)[1]
    for name in [*agent_names(), *(f"bot:{level}" for level in LEVELS)]:
        assert name in listed
    if command == "play":
        assert "[default: human,bot:easy]" in listed


def test_help_lists_the_games_and_with_a_game_named_its_options() -> None:
    for words in [[], ["play"], ["simulate"], ["bench", "engine"], ["bench", "mcts"]]:
        shown = run(*words, "--help").stdout
        listed = shown.split("Games:", 1)[1]
        for name in wuerfelwerk.game_names():
            assert f"  {name}  " in listed and game_class(name).title in listed
    shown = " ".join(run("play", "malefiz", "--help").stdout.split())
    options = shown.split("Malefiz: options as --name value:", 1)[1]
    for line in (
        "--players [2|3|4] number of players (MAL-1) [default: 4]",
        "--board [quick|classic]",
        "--capture-own true|false",
        "--round-limit N",
    ):
        assert line in options
    mojave = " ".join(run("study", "mojave", "--help").stdout.split())
    assert "--time-limit-moves N|none" in mojave and "[default: none]" in mojave


def test_play_a_whole_game_against_a_bot_and_save_the_record(tmp_path: Path) -> None:
    result = run(
        "play", "malefiz", "--seats", "human,greedy", "--seed", "4", stdin="1\n" * 400, cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    assert "Game over: " in result.stdout and "(goal reached)" in result.stdout
    saved = list(tmp_path.glob("wuerfelwerk-malefiz-*.json"))
    assert len(saved) == 1
    record = json.loads(saved[0].read_text())
    assert record["players"] == ["human", "greedy"] and record["outcome"]["winners"]


def test_wrong_input_is_explained_with_the_rule_and_quit_saves(tmp_path: Path) -> None:
    # seed 4 rolls a 1 first: the only move is start-a1; start-b1 is two steps.
    result = run(
        "play",
        "malefiz",
        "--seats",
        "human,greedy",
        "--seed",
        "4",
        stdin="start-b1\nfly away\n99\nquit\n",
        cwd=tmp_path,
    )
    assert result.returncode == 0
    assert "MAL-3" in result.stdout
    assert "not a Malefiz action" in result.stdout
    assert "choose a number from 1 to" in result.stdout
    assert "record saved to" in result.stdout
    record = json.loads(next(tmp_path.glob("*.json")).read_text())
    assert record["outcome"] is None


def test_undo_takes_back_the_last_move_with_the_same_dice(tmp_path: Path) -> None:
    result = run(
        "play",
        "malefiz",
        "--seats",
        "human,greedy",
        "--seed",
        "4",
        stdin="1\nundo\nquit\n",
        cwd=tmp_path,
    )
    assert "taken back" in result.stdout
    record = json.loads(next(tmp_path.glob("*.json")).read_text())
    assert record["actions"] == [record["actions"][0]]  # back to the first roll


def test_simulate_json_is_the_same_whatever_the_jobs() -> None:
    args = [
        "simulate",
        "malefiz",
        "--agents",
        "greedy,random",
        "--games",
        "30",
        "--seed",
        "1",
        "--json",
    ]
    one = json.loads(run(*args, "--jobs", "1").stdout)
    two = json.loads(run(*args, "--jobs", "2").stdout)
    assert one == two
    assert one["games"] == 30 and set(one["win_rate"]) == {"greedy", "random"}
    assert one["win_rate"]["greedy"] + one["win_rate"]["random"] == pytest.approx(1.0)
    low, high = one["ci95"]["greedy"]
    assert low <= one["win_rate"]["greedy"] <= high
    assert one["mean_actions"] > 0


def test_simulate_players_repeats_the_agent_list() -> None:
    result = run(
        "simulate",
        "malefiz",
        "--agents",
        "greedy,random",
        "--players",
        "4",
        "--games",
        "4",
        "--json",
        "--board",
        "classic",
    )
    report = json.loads(result.stdout)
    assert report["options"] == {"board": "classic", "players": 4}
    assert report["seats_played"] == {"greedy": 8, "random": 8}


def test_bench_engine_json_has_the_references() -> None:
    result = run("bench", "engine", "malefiz", "--seconds", "0.2", "--json")
    report = json.loads(result.stdout)
    assert report["game"] == "malefiz" and report["actions_per_s"] > 0
    assert set(report["references"]) == {"maedn", "backgammon"}
    for name, rate in report["references"].items():
        assert report["ratios"][name] == pytest.approx(report["actions_per_s"] / rate)


def test_replay_steps_through_a_record(tmp_path: Path) -> None:
    run(
        "play", "malefiz", "--seats", "human,greedy", "--seed", "4", stdin="1\n" * 400, cwd=tmp_path
    )
    saved = next(tmp_path.glob("*.json"))
    result = run("replay", str(saved), "--no-step")
    assert result.returncode == 0
    assert "won (goal reached)" in result.stdout


def test_rules_prints_the_players_rules() -> None:
    result = run("rules", "malefiz", "--plain")
    assert result.returncode == 0 and "MAL-11" in result.stdout


def test_rules_prints_the_german_rules_with_the_same_numbers() -> None:
    result = run("rules", "malefiz", "--language", "de", "--plain")
    assert result.returncode == 0
    assert "**MAL-8** Sperrsteine dürfen nicht übersprungen werden" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (
            ["play", "malefiz", "--seats", "human,wizard"],
            "unknown agent 'wizard' for malefiz (agents: human, greedy, mcts, random, td, "
            "bot:easy, bot:medium, bot:hard, bot:expert)",
        ),
        (
            # Neither a person nor the bare bot is offered where they cannot play.
            ["simulate", "mojave", "--agents", "wizard,random"],
            "unknown agent 'wizard' for mojave (agents: alphabeta, greedy, mcts, random, td, "
            "bot:easy, bot:medium, bot:hard, bot:expert)\n",
        ),
        (["play", "malefiz", "--colour", "red"], "malefiz has no option --colour"),
        (["play", "malefiz", "--board", "hexagonal"], "must be one of quick, classic"),
        (["play", "malefiz", "--seats", "human,greedy,greedy,greedy,greedy"], "players"),
        (["simulate", "malefiz", "--agents", "greedy,human"], "bots only"),
        (
            ["play", "malefiz", "--players", "3", "--seats", "human,greedy"],
            "--players 3 does not match: --seats names 2 seats (human, greedy); leave out "
            "--players",
        ),
        (
            ["play", "widget", "--seats", "human"],
            "is for 2-4 players, but --seats names 1 seat (human)",
        ),
        (
            ["simulate", "mojave", "--agents", "greedy,random,random"],
            "Würfel Strategie (Mojave) is for 2 players, but --agents names 3 seats",
        ),
        (
            ["arena", "malefiz", "--agents", "greedy,random", "--players", "3"],
            "the arena needs at least 3 agents for 3 seats",
        ),
        (["rules", "go"], "unknown game 'go'"),
        (["bench", "engine", "go"], "unknown game 'go'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_a_corrupt_record_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "malefiz", "options": {}, "actions": ["roll 3", "start-a1"]}')
    result = run("replay", str(bad))
    assert result.returncode == 2
    assert "action 2 ('start-a1') does not replay: MAL-3" in result.stderr
    assert "Traceback" not in result.stderr


def test_play_from_a_position_and_replay_it(tmp_path: Path) -> None:
    start = tmp_path / "start.json"
    start.write_text(
        json.dumps(
            {
                "game": "malefiz",
                "phase": "move",
                "player": 0,
                "die": 2,
                "figures": [["g8", "start", "start", "start"], ["start"] * 4],
                "barricades": ["c9", "d3", "d5", "g7", "j3", "j5"],
            }
        )
    )
    result = run(
        "play",
        "malefiz",
        "--seats",
        "human,greedy",
        "--position",
        str(start),
        stdin="g8-g10\n",
        cwd=tmp_path,
    )
    assert "Game over: red (human) won (goal reached)." in result.stdout
    # No roll happens before the first question: the board shows the die.
    shown_before_the_question = result.stdout.split("your choice")[0]
    assert "die: 2 - red moves a figure exactly 2 steps (MAL-3)" in shown_before_the_question
    saved = next(tmp_path.glob("wuerfelwerk-*.json"))
    assert json.loads(saved.read_text())["start"]["figures"][0][0] == "g8"
    assert "result: red won (goal reached)" in run("replay", str(saved), "--no-step").stdout


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "is not a JSON position"),
        ('{"phase": "move"}', "malformed malefiz position: 'player' is missing"),
        ('{"player": 0}', "malformed malefiz position: 'phase' is missing"),
        ('{"phase": "fly", "player": 0, "figures": [], "barricades": []}', "unknown phase"),
    ],
)
def test_a_bad_position_is_refused(tmp_path: Path, content: str, message: str) -> None:
    start = tmp_path / "start.json"
    start.write_text(content)
    result = run("play", "malefiz", "--seats", "human,greedy", "--position", str(start))
    assert result.returncode == 2 and message in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("name", "start"), [("report.png", b"\x89PNG\r\n\x1a\n"), ("report.SVG", b"<?xml")]
)
def test_simulate_plot_writes_a_picture(tmp_path: Path, name: str, start: bytes) -> None:
    picture = tmp_path / name
    result = run(
        "simulate", "malefiz", "--agents", "greedy,random", "--games", "6", "--plot", str(picture)
    )
    assert result.returncode == 0, result.stderr
    assert picture.read_bytes().startswith(start)


@pytest.mark.parametrize(
    ("plot", "message"),
    [
        ("/no/such/dir/report.png", "there is no folder /no/such/dir"),
        ("report.txt", "the suffix names the picture's format, one of .png, .svg, .pdf"),
    ],
)
def test_simulate_refuses_a_plot_it_could_not_write_before_any_game(
    tmp_path: Path, plot: str, message: str
) -> None:
    args = ["simulate", "malefiz", "--agents", "greedy,random", "--games", "5", "--json"]
    result = run(*args, "--plot", plot, cwd=tmp_path)
    assert result.returncode == 2
    assert f"Invalid value for '--plot': {plot}" in result.stderr and message in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == "" and not list(tmp_path.iterdir())  # nothing played, nothing written


def test_bench_engine_of_a_real_time_game_includes_the_driver() -> None:
    result = run("bench", "engine", "wurfweg", "--seconds", "0.2", "--json")
    report = json.loads(result.stdout)
    assert report["driver_actions_per_s"] > 0 and report["actions_per_s"] > 0


def test_one_game_is_counted_in_the_singular() -> None:
    args = ["--agents", "random,random", "--games", "1", "--round-limit", "3"]
    result = run("simulate", "malefiz", *args)
    assert result.returncode == 0, result.stderr
    assert "malefiz: 1 game, seed 0" in result.stdout and "1 games" not in result.stdout
