"""``wuerfelwerk study``: a balance study over option values, with a report page."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console

from ..agents import split_specs
from ..core import game_class
from ..sim.backends import make_backend
from ..sim.report import counted
from ..sim.study import plan_study, run_study
from ..sim.study_files import write_study
from .options import AGENTS, game_argument, game_command, game_options, jobs_option
from .simulation import backend_options, check_bots, games_progress


@game_command()
@game_argument
@click.option(
    "--vary",
    multiple=True,
    metavar="KEY=VALUE,VALUE",
    help="An option and the values to try (players too); repeat it to vary more. "
    "Every combination is one cell.",
)
@click.option(
    "--agents",
    required=True,
    help=f"Agent specs, repeated to fill the seats (greedy,random): {AGENTS}",
)
@click.option("--games", type=click.IntRange(1), default=100, show_default=True, help="Per cell.")
@jobs_option
@backend_options
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Folder for the report and the games [default: wuerfelwerk-study-GAME].",
)
@click.pass_context
def study(
    ctx: click.Context,
    game: str,
    vary: tuple[str, ...],
    agents: str,
    games: int,
    jobs: int,
    backend: str,
    address: str | None,
    seed: int,
    out: Path | None,
) -> None:
    """Study the balance of GAME: GAMES seeded games for every combination of the --vary
    values, seats rotated. Other options are fixed as given (--board classic); without
    --players, one seat per agent.

    Writes OUT/report.html (tables and pictures in one file), OUT/report.json,
    OUT/games.csv with one row per game, and OUT/games.parquet where pyarrow is installed.
    """
    specs = split_specs(agents)
    plan = plan_study(game, game_options(game, ctx.args), vary, specs, games, seed)
    for cell in plan.cells:
        check_bots(specs, cell.load(), "study")
    runner = make_backend(backend, jobs, address)
    folder = out or Path(f"wuerfelwerk-study-{plan.game}")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise click.BadParameter(
            f"cannot make {folder}: {error.strerror}", param_hint="--out"
        ) from None
    total = games * len(plan.cells)
    title = f"{game_class(plan.game).title} study, {counted(len(plan.cells), 'cell')}"
    with runner, games_progress(title, total, False) as advance:
        results = run_study(plan, runner, advance)
    for path in write_study(plan, results, folder):
        Console().print(f"written: {path}")
