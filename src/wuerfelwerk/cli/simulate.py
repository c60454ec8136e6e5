"""``wuerfelwerk simulate``: many seeded games between agents, with statistics."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from ..agents import HUMAN, make_agent, parse_spec, split_specs
from ..core import InvalidAgentSpecError
from ..sim.plots import plot_report
from ..sim.report import summarise
from ..sim.runner import Matchup, run_games
from .options import GAME_OPTION_SETTINGS, game_argument, game_options, jobs_option, load_game


@click.command(context_settings=GAME_OPTION_SETTINGS)
@game_argument
@click.option("--agents", required=True, help="Agent specs, one seat each: greedy,random")
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
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    help="Also write the report as a PNG picture to this file.",
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
    loaded = load_game(game, ctx.args, players=players or len(specs))
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
    if plot is not None:
        plot_report(report, [r.actions for r in results], plot)
        console.print(f"plot written to {plot}")
    if as_json:
        click.echo(json.dumps(report))
        return
    show_report(report, [loaded.seat_name(s) for s in range(loaded.num_players)])


def show_report(report: dict, seat_names: list[str]) -> None:
    console = Console()
    table = Table(title=f"{report['game']}: {report['games']} games, seed {report['seed']}")
    table.add_column("agent")
    table.add_column("seats played", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% CI", justify="right")
    several = len(seat_names) > 2
    if several:
        table.add_column("head to head", justify="right")
        table.add_column("95% CI", justify="right")
    for spec, rate in report["win_rate"].items():
        low, high = report["ci95"][spec]
        row = [spec, str(report["seats_played"][spec]), f"{rate:.1%}", f"{low:.1%} - {high:.1%}"]
        if several and spec in report["head_to_head"]:
            low, high = report["head_to_head_ci95"][spec]
            row += [f"{report['head_to_head'][spec]:.1%}", f"{low:.1%} - {high:.1%}"]
        table.add_row(*row)
    console.print(table)
    if several:
        console.print(
            f"even share of the wins: {1 / len(seat_names):.1%}; head to head: each game "
            "counted against every seat of another agent, a win against each of them"
        )
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
