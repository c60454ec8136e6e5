"""``wuerfelwerk bench``: throughput figures beside their references."""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.table import Table

from ..core.registry import game_class
from ..sim.bench import engine_benchmark


@click.group()
def bench() -> None:
    """Benchmarks, each printed beside its reference as a ratio."""


@bench.command()
@click.option("--game", "game_name", required=True, help="The game to measure.")
@click.option(
    "--seconds",
    type=click.FloatRange(0.1),
    default=5.0,
    show_default=True,
    help="Seconds per engine.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def engine(game_name: str, seconds: float, as_json: bool) -> None:
    """Random-playout actions per second, against OpenSpiel's maedn and backgammon.

    Real-time games also give the rate of whole games on the discrete-event driver."""
    name = game_class(game_name).name
    result = engine_benchmark(name, seconds)
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
