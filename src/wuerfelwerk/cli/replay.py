"""``wuerfelwerk replay``: step through a saved record."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console

from ..boards import renderer
from .analyse import BUDGET, analysis_of, read_record
from .analysis_text import print_seats, print_speed, step_line
from .prompt import ask


@click.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--step/--no-step",
    default=None,
    help="Wait for Enter between actions (default: when the terminal is interactive).",
)
@click.option(
    "--analyse",
    "analysed",
    is_flag=True,
    help="Analyse the game first (as 'wuerfelwerk analyse' does) and show each action's "
    "line: the move against the best found, a roll's luck.",
)
@BUDGET
def replay(file: Path, step: bool | None, analysed: bool, budget: int | None) -> None:
    """Step through the record in FILE: Enter for the next action, b back, q to stop."""
    record = read_record(file)
    analysis = analysis_of(record, budget, quiet=False) if analysed else None
    judged = analysis is not None and analysis["kind"] == "judged"
    states = list(record.states())
    game = states[0].game
    render = renderer(game.name)
    console = Console(highlight=False)
    interactive = console.is_terminal if step is None else step
    index = 0
    while True:
        console.print(render(states[index], None))
        label = record.actions[index - 1] if index else "start"
        console.print(f"[bold]{index}/{len(record.actions)}[/] {label}")
        if judged and index:
            assert analysis is not None
            names = [seat["name"] for seat in analysis["seats"]]
            console.print(step_line(analysis["steps"][index - 1], names))
        if not interactive:
            if index == len(record.actions):
                break
            index += 1
            continue
        key = ask(console, "[dim]Enter next, b back, q quit[/] ").strip().lower()
        if key == "q":
            break
        if key == "b":
            index = max(0, index - 1)
        elif index < len(record.actions):
            index += 1
    outcome = record.outcome
    if outcome is not None:
        console.print(f"[bold green]result: {outcome.describe(game.seat_name)}[/]")
    if analysis is not None:
        (print_seats if judged else print_speed)(console, analysis)
