"""``wuerfelwerk replay``: step through a saved record."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console

from ..boards import renderer
from ..core import InvalidRecordError, Record
from .prompt import ask


@click.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--step/--no-step",
    default=None,
    help="Wait for Enter between actions (default: when the terminal is interactive).",
)
def replay(file: Path, step: bool | None) -> None:
    """Step through the record in FILE: Enter for the next action, b back, q to stop."""
    try:
        record = Record.loads(file.read_text())
    except UnicodeDecodeError:
        raise InvalidRecordError(f"{file} is not a text file") from None
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
