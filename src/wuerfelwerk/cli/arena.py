"""``wuerfelwerk arena``: a round robin between agents, with an Elo table."""

from __future__ import annotations

import json
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from ..agents import split_specs
from ..sim.arena import groups, round_robin
from ..sim.backends import make_backend
from ..sim.report import counted
from .options import (
    AGENTS,
    game_argument,
    game_command,
    game_options,
    jobs_option,
    load_game,
)
from .simulation import backend_options, check_bots, games_progress


@game_command()
@game_argument
@click.option(
    "--agents", required=True, help=f"Agent specs to rate (bot:easy,bot:hard,greedy): {AGENTS}"
)
@click.option(
    "--games",
    type=click.IntRange(1),
    default=100,
    show_default=True,
    help="Games per pairing (with more seats: per group of agents), seats rotated every game.",
)
@jobs_option
@backend_options
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of tables.")
@click.pass_context
def arena(
    ctx: click.Context,
    game: str,
    agents: str,
    games: int,
    jobs: int,
    backend: str,
    address: str | None,
    seed: int,
    as_json: bool,
) -> None:
    """Rate AGENTS at GAME: every pair plays GAMES two-player games (with --players N,
    every group of N agents plays GAMES N-player games); Elo with 95% CIs."""
    specs = split_specs(agents)
    options = game_options(game, ctx.args)
    loaded = (
        load_game(game, ctx.args)
        if "players" in options
        else load_game(game, ctx.args, 2, seats_from="the arena plays two players if not told")
    )
    tables = groups(specs, loaded.num_players)
    check_bots(specs, loaded, "the arena")
    with (
        make_backend(backend, jobs, address) as runner,
        games_progress(f"{loaded.title} arena", games * len(tables), as_json) as advance,
    ):
        report = round_robin(loaded.name, options, specs, games, runner, seed, advance)
    if as_json:
        click.echo(json.dumps(report))
        return
    show_arena(report)


def show_arena(report: dict[str, Any]) -> None:
    console = Console()
    agents = sorted(report["elo"], key=lambda a: -report["elo"][a][0])
    players = report["options"]["players"]
    per = "pairing" if players == 2 else f"group of {players}"
    table = Table(
        title=f"{report['game']}: {counted(report['games_per_group'], 'game')} per {per}, "
        f"seed {report['seed']}"
    )
    table.add_column("rank", justify="right")
    table.add_column("agent")
    table.add_column("Elo", justify="right")
    table.add_column("95% CI", justify="right")
    table.add_column("score" if players == 2 else f"won (of {players} seats)", justify="right")
    for rank, agent in enumerate(agents, 1):
        rating, low, high = report["elo"][agent]
        table.add_row(
            str(rank),
            agent,
            f"{rating:.0f}",
            f"{low:.0f} - {high:.0f}",
            f"{report['score'][agent]:.1%}",
        )
    console.print(table)
    scores = Table(
        title="score of the row against the column"
        if players == 2
        else "the row's share of the games the row or the column won"
    )
    scores.add_column("")
    for agent in agents:
        scores.add_column(agent, justify="right")
    for agent in agents:
        row = report["pairwise"][agent]
        scores.add_row(agent, *(_cell(row.get(other)) for other in agents))
    console.print(scores)


def _cell(head_to_head: dict[str, Any] | None) -> str:
    """A row's score against a column; ``-`` on the diagonal, ``n/a`` where neither of
    the two won a game (only with more than two seats)."""
    if head_to_head is None:
        return "-"
    return f"{head_to_head['score']:.0%}" if head_to_head["games"] else "n/a"
