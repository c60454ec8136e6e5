"""``wuerfelwerk bench``: throughput figures beside their references, measured by the
``bench`` package and printed here."""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.table import Table

from ..bench.engine import engine_benchmark
from ..bench.mcts import REFERENCE, mcts_benchmark
from .bench_server import server
from .options import game_argument, game_command, game_options, load_game


@click.group()
def bench() -> None:
    """Benchmarks, each printed beside its reference as a ratio."""


@game_command()
@game_argument
@click.option(
    "--seconds",
    type=click.FloatRange(0.1),
    default=5.0,
    show_default=True,
    help="Seconds per engine.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.pass_context
def engine(ctx: click.Context, game: str, seconds: float, as_json: bool) -> None:
    """Random-playout actions per second of GAME (game options as --name value), against
    OpenSpiel's maedn and backgammon.

    Real-time games also give the rate of whole games on the discrete-event driver."""
    name = load_game(game, ctx.args).name
    result = engine_benchmark(name, seconds, game_options(name, ctx.args))
    if as_json:
        click.echo(json.dumps(result))
        return
    table = Table(title=f"random playouts, one core, {seconds:g} s each")
    table.add_column("engine")
    table.add_column("actions/s", justify="right")
    table.add_column(f"{name} / engine", justify="right")
    table.add_row(f"wuerfelwerk {name}", f"{result['actions_per_s']:,.0f}", "1.00x")
    if "driver_actions_per_s" in result:
        table.add_row(
            f"wuerfelwerk {name}, real-time driver", f"{result['driver_actions_per_s']:,.0f}", ""
        )
    for ref, rate in result["references"].items():
        table.add_row(f"OpenSpiel {ref} (C++)", f"{rate:,.0f}", f"{result['ratios'][ref]:.2f}x")
    Console().print(table)
    if not result["references"]:
        Console().print("[yellow]open-spiel is not installed: pip install 'wuerfelwerk[bench]'[/]")


@game_command()
@game_argument
@click.option(
    "--simulations",
    type=click.IntRange(1),
    default=100,
    show_default=True,
    help="Simulations per search, the same for every engine.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of dice and searches.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.pass_context
def mcts(ctx: click.Context, game: str, simulations: int, seed: int, as_json: bool) -> None:
    """MCTS simulations per second: ours against OpenSpiel's Python MCTSBot on GAME (game
    options as --name value), and OpenSpiel's C++ MCTSBot on maedn."""
    loaded = load_game(game, ctx.args)
    if loaded.simultaneous:
        raise click.BadParameter(
            f"{loaded.name} is played in real time; MCTS searches turn-based games",
            param_hint="GAME",
        )
    result = mcts_benchmark(loaded, simulations, seed)
    if as_json:
        click.echo(json.dumps(result))
        return
    table = Table(title=f"MCTS, {simulations} simulations, random rollouts, one core")
    table.add_column("search")
    table.add_column("simulations/s", justify="right")
    table.add_column("ours / search", justify="right")
    rows = (
        (f"wuerfelwerk MCTS on {loaded.name}", result["ours"]),
        (f"OpenSpiel MCTSBot (Python) on {loaded.name}", result["openspiel_python"]),
        (f"OpenSpiel MCTSBot (C++) on {REFERENCE}", result["openspiel_cpp_maedn"]),
    )
    for name, rate in rows:
        table.add_row(name, f"{rate:,.1f}", f"{result['ours'] / rate:.2f}x")
    Console().print(table)


bench.add_command(engine)
bench.add_command(mcts)
bench.add_command(server)
