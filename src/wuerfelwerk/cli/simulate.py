"""``wuerfelwerk simulate``: many seeded games between agents, with statistics."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from ..agents import HUMAN, make_agent, parse_spec, split_specs
from ..core import InvalidAgentSpecError
from ..sim.plots import FORMATS, plot_report
from ..sim.report import summarise
from ..sim.runner import Matchup, run_games
from .errors import CommandError
from .options import (
    AGENTS,
    GAME_OPTION_SETTINGS,
    game_argument,
    game_options,
    jobs_option,
    load_game,
    seats_named,
)


def picture_file(ctx: click.Context, param: click.Parameter, path: Path | None) -> Path | None:
    """A picture file to write once the games are played, checked before they start: a
    format of ``FORMATS`` by its suffix, in a folder that exists and takes new files."""
    if path is None:
        return None
    if path.suffix[1:].lower() not in FORMATS:
        known = ", ".join(f".{suffix}" for suffix in FORMATS)
        raise click.BadParameter(f"{path}: the suffix names the picture's format, one of {known}")
    folder = path.parent
    if not folder.is_dir():
        raise click.BadParameter(f"{path}: there is no folder {folder}")
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        raise click.BadParameter(f"{path}: cannot write into {folder} ({error.strerror})") from None
    if path.exists() and not os.access(path, os.W_OK):
        raise click.BadParameter(f"{path} cannot be overwritten")
    return path


@click.command(context_settings=GAME_OPTION_SETTINGS)
@game_argument
@click.option(
    "--agents", required=True, help=f"Agent specs, one seat each (greedy,random): {AGENTS}"
)
@click.option("--games", type=click.IntRange(1), default=100, show_default=True)
@jobs_option
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "--players",
    type=click.IntRange(1),
    default=None,
    help="Seats to fill by repeating the agent list (default: one per agent).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of tables.")
@click.option(
    "--plot",
    type=click.Path(dir_okay=False, path_type=Path),
    callback=picture_file,
    help="Also draw the report into this picture: " + ", ".join(f".{f}" for f in FORMATS) + ".",
)
@click.pass_context
def simulate(
    ctx: click.Context,
    game: str,
    agents: str,
    games: int,
    jobs: int,
    seed: int,
    players: int | None,
    as_json: bool,
    plot: Path | None,
) -> None:
    """Play GAMES seeded games of GAME between AGENTS, seats rotated, and report."""
    specs = split_specs(agents)
    seats_from = f"--players is {players}" if players else seats_named("--agents", specs)
    loaded = load_game(game, ctx.args, players=players or len(specs), seats_from=seats_from)
    for spec in specs:
        if parse_spec(spec).name == HUMAN:
            raise InvalidAgentSpecError("simulate plays bots only: no human seats")
        make_agent(spec, loaded)  # reject unknown agents before any process starts
    options = game_options(game, ctx.args)
    options["players"] = loaded.num_players
    matchup = Matchup(loaded.name, options, tuple(specs), seed)
    console = Console(stderr=True)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=as_json and not sys.stderr.isatty(),
    ) as progress:
        task = progress.add_task(f"{loaded.title}", total=games)
        results = run_games(matchup, games, jobs, lambda n: progress.advance(task, n))
    report = summarise(matchup, results)
    if as_json:
        click.echo(json.dumps(report))
    else:
        show_report(report, [loaded.seat_name(s) for s in range(loaded.num_players)])
    if plot is not None:  # after the report: a plot that fails now loses nothing else
        try:
            plot_report(report, [r.actions for r in results], plot)
        except OSError as error:
            raise CommandError(f"the plot could not be written to {plot}: {error}") from None
        console.print(f"plot written to {plot}")


def show_report(report: dict[str, Any], seat_names: list[str]) -> None:
    console = Console()
    table = Table(title=f"{report['game']}: {report['games']} games, seed {report['seed']}")
    table.add_column("agent")
    table.add_column("seats played", justify="right")
    table.add_column("won alone", justify="right")
    table.add_column("won together", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% CI", justify="right")
    for spec, rate in report["win_rate"].items():
        low, high = report["ci95"][spec]
        table.add_row(
            spec,
            str(report["seats_played"][spec]),
            str(report["wins"][spec]),
            str(report["shared_wins"][spec]),
            f"{rate:.1%}",
            f"{low:.1%} - {high:.1%}",
        )
    console.print(table)
    if report["draws"]:
        console.print(f"draws (nobody won): {report['draws']}")
    seats = Table(title="win rate per seat")
    for name in seat_names:
        seats.add_column(name, justify="right")
    seats.add_row(*(f"{rate:.1%}" for rate in report["seat_win_rate"]))
    console.print(seats)
    q1, median, q3 = report["actions_quartiles"]
    console.print(
        f"game length in actions: mean {report['mean_actions']:.1f}, "
        f"quartiles {q1:g} / {median:g} / {q3:g}"
    )
