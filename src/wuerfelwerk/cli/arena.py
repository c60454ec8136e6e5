"""``wuerfelwerk arena``: a round robin between agents, with an Elo table."""

from __future__ import annotations

import json
import sys
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from ..agents import HUMAN, make_agent, parse_spec, split_specs
from ..core import InvalidAgentSpecError
from ..sim.arena import pairings, round_robin
from .options import (
    AGENTS,
    GAME_OPTION_SETTINGS,
    game_argument,
    game_options,
    jobs_option,
    load_game,
)


@click.command(context_settings=GAME_OPTION_SETTINGS)
@game_argument
@click.option(
    "--agents", required=True, help=f"Agent specs to rate (bot:easy,bot:hard,greedy): {AGENTS}"
)
@click.option(
    "--games",
    type=click.IntRange(1),
    default=100,
    show_default=True,
    help="Games per pairing, seats swapped every game.",
)
@jobs_option
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of tables.")
@click.pass_context
def arena(
    ctx: click.Context, game: str, agents: str, games: int, jobs: int, seed: int, as_json: bool
) -> None:
    """Rate AGENTS at GAME: every pair plays GAMES two-player games; Elo with 95% CIs."""
    specs = split_specs(agents)
    pairs = pairings(specs)
    loaded = load_game(game, ctx.args, players=2, seats_from="the arena plays two-player games")
    for spec in specs:
        if parse_spec(spec).name == HUMAN:
            raise InvalidAgentSpecError("the arena plays bots only: no human seats")
        make_agent(spec, loaded)  # reject unknown agents before any game starts
    options = game_options(game, ctx.args)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=as_json and not sys.stderr.isatty(),
    ) as progress:
        task = progress.add_task(f"{loaded.title} arena", total=games * len(pairs))
        report = round_robin(
            loaded.name, options, specs, games, jobs, seed, lambda n: progress.advance(task, n)
        )
    if as_json:
        click.echo(json.dumps(report))
        return
    show_arena(report)


def show_arena(report: dict[str, Any]) -> None:
    console = Console()
    agents = sorted(report["elo"], key=lambda a: -report["elo"][a][0])
    table = Table(
        title=f"{report['game']}: {report['games_per_pairing']} games per pairing, "
        f"seed {report['seed']}"
    )
    table.add_column("rank", justify="right")
    table.add_column("agent")
    table.add_column("Elo", justify="right")
    table.add_column("95% CI", justify="right")
    for rank, agent in enumerate(agents, 1):
        rating, low, high = report["elo"][agent]
        table.add_row(str(rank), agent, f"{rating:.0f}", f"{low:.0f} - {high:.0f}")
    console.print(table)
    scores = Table(title="score of the row against the column")
    scores.add_column("")
    for agent in agents:
        scores.add_column(agent, justify="right")
    for agent in agents:
        row = report["pairwise"][agent]
        scores.add_row(
            agent, *("-" if other == agent else f"{row[other]['score']:.0%}" for other in agents)
        )
    console.print(scores)
