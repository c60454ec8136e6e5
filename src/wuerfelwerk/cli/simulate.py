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
from rich.table import Table

from ..agents import split_specs
from ..sim.backends import make_backend
from ..sim.plots import FORMATS, plot_report
from ..sim.report import AGENT_COLUMNS, agent_rows, counted, summarise
from ..sim.runner import Interrupted, Matchup, run_games, typed_options
from .errors import CommandError
from .options import (
    AGENTS,
    game_argument,
    game_command,
    game_options,
    jobs_option,
    load_game,
    seats_named,
)
from .simulation import backend_options, check_bots, games_progress


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


@game_command()
@game_argument
@click.option(
    "--agents", required=True, help=f"Agent specs, one seat each (greedy,random): {AGENTS}"
)
@click.option("--games", type=click.IntRange(1), default=100, show_default=True)
@jobs_option
@backend_options
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
    backend: str,
    address: str | None,
    seed: int,
    players: int | None,
    as_json: bool,
    plot: Path | None,
) -> None:
    """Play GAMES seeded games of GAME between AGENTS, seats rotated, and report.

    Ctrl-C ends the run with the report of the games played so far (exit status 130).
    """
    specs = split_specs(agents)
    seats_from = f"--players is {players}" if players else seats_named("--agents", specs)
    loaded = load_game(game, ctx.args, players=players or len(specs), seats_from=seats_from)
    check_bots(specs, loaded, "simulate")
    options = typed_options(
        loaded.name, {**game_options(game, ctx.args), "players": loaded.num_players}
    )
    matchup = Matchup(loaded.name, options, tuple(specs), seed)
    interrupted = False
    with (
        make_backend(backend, jobs, address) as runner,
        games_progress(loaded.title, games, as_json) as advance,
    ):
        try:
            results = run_games(matchup, games, runner, advance)
        except Interrupted as stop:  # Ctrl-C: the report of the games played so far
            results, interrupted = stop.results[0], True
    if interrupted and not results:
        raise KeyboardInterrupt
    report = summarise(matchup, results)
    if interrupted:
        report |= {"interrupted": True, "games_asked": games}
    if as_json:
        click.echo(json.dumps(report))
    else:
        show_report(report, [loaded.seat_name(s) for s in range(loaded.num_players)])
    if plot is not None:  # after the report: a plot that fails now loses nothing else
        try:
            plot_report(report, [r.actions for r in results], plot)
        except OSError as error:
            raise CommandError(f"the plot could not be written to {plot}: {error}") from None
        Console(stderr=True).print(f"plot written to {plot}")
    if interrupted:
        click.echo(
            f"interrupted: the report counts the {counted(len(results), 'game')} played of {games}",
            err=True,
        )
        sys.exit(130)


def show_report(report: dict[str, Any], seat_names: list[str]) -> None:
    console = Console()
    table = Table(
        title=f"{report['game']}: {counted(report['games'], 'game')}, seed {report['seed']}"
    )
    for number, column in enumerate(AGENT_COLUMNS):
        table.add_column(column, justify="right" if number else "left")
    for row in agent_rows(report):
        table.add_row(*row)
    console.print(table)
    if report["draws"]:
        console.print(f"draws (nobody won): {report['draws']}")
    if len(seat_names) > 2:
        versus = Table(title="head to head: each game counted against every other agent's seat")
        for column in ("agent", "score", "95% CI"):
            versus.add_column(column, justify="right" if column != "agent" else "left")
        for spec, score in report["head_to_head"].items():
            low, high = report["head_to_head_ci95"][spec]
            versus.add_row(spec, f"{score:.1%}", f"{low:.1%} - {high:.1%}")
        console.print(versus)
        console.print(f"even share of the wins: {1 / len(seat_names):.1%}")
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
