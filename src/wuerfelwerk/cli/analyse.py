"""``wuerfelwerk analyse``: what decided a recorded game, luck or play."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from ..analysis import DEFAULT_BUDGET, analysis_json
from ..analysis.analyse import GAME_BUDGETS
from ..core import InvalidRecordError, Record
from .analysis_text import print_judged, print_speed
from .simulation import games_progress

RECORD = click.argument("record", type=click.Path(exists=True, dir_okay=False, path_type=Path))
BUDGET = click.option(
    "--budget",
    type=click.IntRange(0),
    default=None,
    help="Positions the search looks at per decision (0: every move at a glance only; "
    f"default {DEFAULT_BUDGET}, "
    + ", ".join(f"{game} {budget}" for game, budget in GAME_BUDGETS.items())
    + "). The same record and budget give the same analysis.",
)


def read_record(path: Path) -> Record:
    try:
        return Record.loads(path.read_text())
    except UnicodeDecodeError:
        raise InvalidRecordError(f"{path} is not a text file") from None


def analysis_of(record: Record, budget: int | None, quiet: bool) -> dict[str, Any]:
    """The analysis of ``record`` as JSON, with a progress bar over its steps."""
    with games_progress("analysing", len(record.actions), quiet) as advance:
        shown = 0

        def progress(done: int, total: int) -> None:
            nonlocal shown
            advance(done - shown)
            shown = done

        return analysis_json(record, budget, progress)


def print_analysis(console: Console, analysis: dict[str, Any]) -> None:
    if analysis["kind"] == "speed":
        print_speed(console, analysis)
    else:
        print_judged(console, analysis)


@click.command()
@RECORD
@BUDGET
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
def analyse(record: Path, budget: int | None, as_json: bool) -> None:
    """What decided the game in RECORD, luck or play.

    Every decision against the best move found (the mover's winning chance after each,
    judged from what the mover knew then), every roll against the average of its
    outcomes (its luck), and per player the winning chance lost by its moves, its
    mistakes and blunders, and its luck. Wurf & Weg, a race, gets the speed of each
    player instead.
    """
    result = analysis_of(read_record(record), budget, as_json)
    if as_json:
        click.echo(json.dumps(result, indent=1))
    else:
        print_analysis(Console(highlight=False), result)
