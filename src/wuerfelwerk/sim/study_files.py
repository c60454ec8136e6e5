"""The files of a study: ``report.html`` (one page, pictures inside), ``report.json``,
``games.csv`` and, where pyarrow is installed, ``games.parquet`` (one row per game)."""

from __future__ import annotations

import base64
import csv
import json
import shlex
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

from ..core import game_class
from .plots import plot_study_agents, plot_study_lengths, plot_study_seats
from .report import AGENT_COLUMNS, agent_rows, counted
from .runner import GameResult, Matchup
from .stats import wilson_interval
from .study import Study, game_rows, option_text, study_report

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
table { border-collapse: collapse; margin: 0.8em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; display: block; margin: 1em 0; }
code { background: #f3f3f3; padding: 0.1em 0.3em; }
"""


def write_study(study: Study, results: Sequence[list[GameResult]], folder: Path) -> list[Path]:
    """Write every file of the study to ``folder`` (made if missing); the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    report = study_report(study, results)
    rows = list(game_rows(study, results))
    written = [
        _write(folder / "report.html", render_html(study, report, results)),
        _write(folder / "report.json", json.dumps(report, indent=1)),
    ]
    with (folder / "games.csv").open("w", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    written.append(folder / "games.csv")
    try:
        import pyarrow  # type: ignore[import-untyped]  # pyarrow ships no type stubs
        import pyarrow.parquet  # type: ignore[import-untyped]
    except ImportError:
        return written  # pyarrow is the parquet extra; the CSV holds the same rows
    pyarrow.parquet.write_table(pyarrow.Table.from_pylist(rows), folder / "games.parquet")
    return [*written, folder / "games.parquet"]


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def simulate_command(study: Study, cell: Matchup) -> str:
    """The ``wuerfelwerk simulate`` command that plays exactly this cell."""
    words = ["wuerfelwerk", "simulate", cell.game, "--agents", ",".join(cell.agents)]
    words += ["--games", str(study.games), "--seed", str(cell.seed)]
    for key, value in cell.options.items():
        words += [f"--{key.replace('_', '-')}", option_text(value)]
    return shlex.join(words)


def render_html(study: Study, report: dict[str, Any], results: Sequence[list[GameResult]]) -> str:
    title = f"{game_class(study.game).title}: balance study"
    cells = report["cells"]
    pictures = []
    if len(cells[0]["win_rate"]) > 1:  # one agent alone always wins its fair share
        pictures.append(plot_study_agents(report))
    pictures.append(plot_study_seats(report))
    pictures.append(plot_study_lengths(report, [[r.actions for r in games] for games in results]))
    varied = ", ".join(
        f"{key} = {' / '.join(option_text(v) for v in values)}"
        for key, values in study.varied.items()
    )
    parts = [
        f"<!doctype html>\n<html lang='en'><head><meta charset='utf-8'>"
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        f"<p>Agents {escape(', '.join(report['agents']))}, seats rotated every game; "
        f"{counted(report['games_per_cell'], 'game')} in each of {counted(len(cells), 'cell')} "
        f"({escape(varied or 'nothing varied')}), seed {report['seed']}. "
        "A win shared by k seats counts 1/k; intervals are 95% (Wilson).</p>",
        "<h2>Overview</h2>",
        overview_table(cells),
        *(
            f"<img alt='' src='data:image/png;base64,{base64.b64encode(p).decode()}'>"
            for p in pictures
        ),
    ]
    for number, (cell, summary) in enumerate(zip(study.cells, cells, strict=True)):
        parts += [
            f"<h2 id='cell-{number}'>{escape(summary['label'])}</h2>",
            f"<p>Played as <code>{escape(simulate_command(study, cell))}</code></p>",
            table(list(AGENT_COLUMNS), agent_rows(summary)),
            seats_table(summary),
            f"<p>Game length in actions: mean {summary['mean_actions']:.1f}, quartiles "
            + " / ".join(f"{q:g}" for q in summary["actions_quartiles"])
            + f"; draws (nobody won): {summary['draws']}.</p>",
        ]
    parts.append("</body></html>\n")
    return "\n".join(parts)


def table(header: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def overview_table(cells: list[dict[str, Any]]) -> str:
    agents = list(cells[0]["win_rate"])
    rows = []
    for summary in cells:
        advantages = seat_advantages(summary)
        best = max(range(len(advantages)), key=advantages.__getitem__)
        rows.append(
            [
                summary["label"],
                str(summary["games"]),
                *(f"{summary['win_rate'][agent]:.1%}" for agent in agents),
                f"{summary['seat_names'][best]}: {advantages[best]:+.1%}",
                f"{summary['mean_actions']:.1f}",
                str(summary["draws"]),
            ]
        )
    header = ["cell", "games", *(f"win rate {a}" for a in agents), "best seat"]
    return table([*header, "mean actions", "draws"], rows)


def seat_advantages(summary: dict[str, Any]) -> list[float]:
    """Each seat's win rate above (or below) a fair share of ``1 / seats``."""
    rates = summary["seat_win_rate"]
    return [rate - 1 / len(rates) for rate in rates]


def seats_table(summary: dict[str, Any]) -> str:
    rows = []
    for seat, (rate, advantage) in enumerate(
        zip(summary["seat_win_rate"], seat_advantages(summary), strict=True)
    ):
        low, high = wilson_interval(rate, summary["games"])
        name = summary["seat_names"][seat]
        rows.append([name, f"{rate:.1%}", f"{low:.1%} - {high:.1%}", f"{advantage:+.1%}"])
    return table(["seat", "win rate", "95% CI", "above a fair share"], rows)
