"""Balance studies: every cell is the simulation ``simulate`` plays with the cell's
options; the files hold every game; bad options are refused before any game."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pyarrow.parquet
import pytest
from click.testing import CliRunner

from wuerfelwerk.cli.main import cli
from wuerfelwerk.core import derive_seed

STUDY = ["study", "malefiz", "--vary", "board=quick,classic", "--vary", "players=2,3"]
AGENTS = ["--agents", "greedy,random", "--games", "3", "--seed", "2"]


def study(folder: Path, *more: str) -> Path:
    result = CliRunner().invoke(cli, [*STUDY, *AGENTS, "--out", str(folder), *more])
    assert result.exit_code == 0, result.output
    return folder


def test_a_study_writes_a_page_a_summary_and_every_game(tmp_path: Path) -> None:
    out = study(tmp_path / "study")
    with (out / "games.csv").open(newline="") as file:
        rows = list(csv.DictReader(file))
    cells = [(row["cell"], row["board"], row["players"]) for row in rows[::3]]
    assert cells == [
        ("0", "quick", "2"),
        ("1", "quick", "3"),
        ("2", "classic", "2"),
        ("3", "classic", "3"),
    ]
    assert [row["game"] for row in rows] == ["0", "1", "2"] * 4
    assert rows[0]["seed"] == str(derive_seed(2, 0))
    # Seats are the agents repeated and rotated by one seat per game; a two-seat cell
    # leaves the third seat empty.
    assert [rows[1][f"seat_{s}"] for s in (1, 2, 3)] == ["random", "greedy", ""]
    assert [rows[4][f"seat_{s}"] for s in (1, 2, 3)] == ["random", "greedy", "random"]
    for row in rows:
        assert row["winners"] and all(
            1 <= int(s) <= int(row["players"]) for s in row["winners"].split()
        )
        assert int(row["actions"]) > 0
    table = pyarrow.parquet.read_table(out / "games.parquet").to_pylist()
    assert [{key: str(value) for key, value in row.items()} for row in table] == rows

    page = (out / "report.html").read_text()
    assert page.count("data:image/png;base64,") == 3  # agents, seats, game lengths
    for label in ("board=quick players=2", "board=classic players=3"):
        assert f">{label}</h2>" in page

    report = json.loads((out / "report.json").read_text())
    cell = report["cells"][3]
    assert cell.pop("label") == "board=classic players=3"
    alone = CliRunner().invoke(
        cli, ["simulate", "malefiz", *AGENTS, "--board", "classic", "--players", "3", "--json"]
    )
    assert cell == json.loads(alone.stdout)


@pytest.mark.parametrize(
    ("more", "message"),
    [
        (["--vary", "colour=red"], "malefiz has no option 'colour' to vary (options: board,"),
        (["--vary", "board=quick,hexagonal"], "'board' must be one of quick, classic"),
        (["--vary", "players=2,5"], "'players' must be one of 2, 3, 4, not '5'"),
        (["--vary", "board"], "--vary 'board': write KEY=VALUE,VALUE,..."),
        (["--vary", "board=quick", "--board", "classic"], "board is both fixed and varied"),
        (["--vary", "board=quick", "--vary", "board=classic"], "--vary board is given twice"),
        (["--vary", "board=quick,quick"], "--vary board lists a value twice"),
        (["--vary", "capture_own=true,yes"], "--vary capture_own lists a value twice"),
        (["--agents", "greedy,human"], "study plays bots only"),
        (["--backend", "local", "--address", "auto"], "--address is for the ray backend"),
    ],
)
def test_bad_options_are_refused_before_any_game(
    tmp_path: Path, more: list[str], message: str
) -> None:
    out = tmp_path / "study"
    args = ["study", "malefiz", "--agents", "greedy,random", "--out", str(out), *more]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert message in result.stderr
    assert "Traceback" not in result.output
    assert not out.exists()


def test_a_folder_that_cannot_be_made_is_refused_before_any_game(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    out = tmp_path / "file" / "study"
    result = CliRunner().invoke(cli, [*STUDY, *AGENTS, "--out", str(out)])
    assert result.exit_code == 2
    assert f"Invalid value for --out: cannot make {out}: Not a directory" in result.stderr


def test_the_report_keeps_each_option_of_its_type_and_names_the_seats(tmp_path: Path) -> None:
    out = tmp_path / "study"
    args = ["study", "malefiz", "--agents", "random", "--players", "3", "--games", "1"]
    args += ["--vary", "round_limit=2,3", "--vary", "capture-own=false,true", "--out", str(out)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    report = json.loads((out / "report.json").read_text())
    assert report["varied"] == {"round_limit": [2, 3], "capture_own": [False, True]}
    first = report["cells"][0]
    assert first["options"] == {"players": 3, "round_limit": 2, "capture_own": False}
    assert first["label"] == "round_limit=2 capture_own=false"
    assert first["seat_names"] == ["red", "green", "blue"]
    page = (out / "report.html").read_text()
    assert "1 game in each of 4 cells" in page
    assert "<td>green</td>" in page  # the seats table names the seats as the game does
    command = "simulate malefiz --agents random --games 1 --seed 0 --players 3 --round-limit 2"
    assert f"{command} --capture-own false</code>" in page
    with (out / "games.csv").open(newline="") as file:
        assert next(csv.DictReader(file))["capture_own"] == "False"
