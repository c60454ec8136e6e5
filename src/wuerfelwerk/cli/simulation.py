"""Command-line pieces shared by the commands that play many games: where they are played,
bots only, and the progress bar."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from ..agents import HUMAN, make_agent, parse_spec
from ..core import Game, InvalidAgentSpecError
from ..sim.backends import BACKENDS
from .options import check_agents

F = TypeVar("F", bound=Callable[..., Any])


def backend_options(command: F) -> F:
    """``--backend local|ray`` and ``--address`` (a Ray cluster)."""
    command = click.option(
        "--address",
        default=None,
        metavar="ADDRESS",
        help="The Ray cluster to use (auto, HOST:PORT or ray://HOST:10001); "
        "without it, --backend ray starts a local Ray for the run.",
    )(command)
    return click.option(
        "--backend",
        type=click.Choice(BACKENDS),
        default="local",
        show_default=True,
        help="Where the games are played: processes here, or Ray. Same results either way.",
    )(command)


def check_bots(specs: list[str], game: Game, command: str) -> None:
    """Reject human seats and unknown agents before any game is played."""
    for spec in specs:
        if parse_spec(spec).name == HUMAN:
            raise InvalidAgentSpecError(f"{command} plays bots only: no human seats")
    check_agents(specs, game, human=False)
    for spec in specs:
        make_agent(spec, game)  # and their parameters


@contextmanager
def games_progress(title: str, total: int, quiet: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr over ``total`` games (or the steps of one, ``analyse``);
    yields the function that advances it. ``quiet`` hides it unless stderr is a terminal
    (``--json`` output)."""
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=quiet and not sys.stderr.isatty(),
    ) as progress:
        task = progress.add_task(title, total=total)
        yield lambda games: progress.advance(task, games)
