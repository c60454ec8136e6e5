"""``wuerfelwerk train``: a value network learns a game by self-play TD learning."""

from __future__ import annotations

from pathlib import Path

import click
from click.core import ParameterSource
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from ..agents.td import CheckpointError, features_for, load_checkpoint
from ..agents.td.checkpoint import Calibration, Header, Training, check_fits, shipped_name
from ..agents.td.evaluator import board_of
from ..agents.td.training import Trainer, new_checkpoint
from ..sim.report import counted
from .options import game_argument, game_command, load_game

#: Weight of the newest game in the loss shown beside the bar.
LOSS_SMOOTHING = 0.02


def check_resumed(ctx: click.Context, header: Header, given: dict[str, float]) -> None:
    """A resumed run goes on with the settings it was started with: a setting given on
    the command line that differs from the checkpoint's is refused, not ignored."""
    training = header.training
    kept = {
        "seed": training.seed,
        "hidden": header.hidden,
        "rate": training.rate,
        "lam": training.lam,
        "explore": training.explore,
        "greedy": training.greedy,
    }
    for name, value in given.items():
        if ctx.get_parameter_source(name) is ParameterSource.DEFAULT or value == kept[name]:
            continue
        raise CheckpointError(
            f"--{name} {value:g} differs from the checkpoint's {kept[name]:g}: a resumed run "
            f"goes on with the settings it was started with (leave out --{name})"
        )


@game_command()
@game_argument
@click.option(
    "--games",
    type=click.IntRange(1),
    required=True,
    help="Train until the run has played this many games in all.",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="The checkpoint file (default here: GAME-Np.npz, GAME-BOARD-Np.npz for Malefiz).",
)
@click.option(
    "--resume",
    is_flag=True,
    help="Go on from the checkpoint in --out, with its settings (--seed, --hidden, --rate, "
    "--lam, --explore and --greedy may be left out; given, they must match).",
)
@click.option(
    "--every",
    type=click.IntRange(1),
    default=100,
    show_default=True,
    help="Save a checkpoint every this many games.",
)
@click.option(
    "--together",
    type=click.IntRange(1, 1024),
    default=16,
    show_default=True,
    help="Games played side by side, their positions judged in one batch; a run resumed "
    "from a checkpoint saved at a multiple of this learns exactly as one that never stopped.",
)
@click.option(
    "--passes",
    type=click.IntRange(1, 100),
    default=1,
    show_default=True,
    help="Times the network learns from each block of games (the targets judged anew).",
)
@click.option("--hidden", type=click.IntRange(1, 1024), default=64, show_default=True)
@click.option("--rate", type=click.FloatRange(0, 1, min_open=True), default=1e-3, show_default=True)
@click.option(
    "--lam",
    type=click.FloatRange(0, 1),
    default=0.7,
    show_default=True,
    help="TD(lambda): 0 learns from the next position only, 1 from the result only.",
)
@click.option(
    "--explore",
    type=click.FloatRange(0, 1),
    default=0.0,
    show_default=True,
    help="Share of random decisions in the self-play games.",
)
@click.option(
    "--greedy",
    type=click.FloatRange(0, 1),
    default=0.5,
    show_default=True,
    help="Share of the games in which one seat is played by the greedy player.",
)
@click.pass_context
def train(
    ctx: click.Context,
    game: str,
    games: int,
    seed: int,
    out: Path | None,
    resume: bool,
    every: int,
    together: int,
    passes: int,
    hidden: int,
    rate: float,
    lam: float,
    explore: float,
    greedy: float,
) -> None:
    """Train a value network for GAME by self-play, with checkpoints along the way.

    Game options (--board classic, --players 2) choose what it is trained for. The
    same seed trains the same network; --resume goes on exactly where a run stopped.
    Play it with --agents td:weights=FILE or mcts:eval=td,weights=FILE."""
    loaded = load_game(game, ctx.args)
    features = features_for(loaded)
    path = out or Path(shipped_name(loaded.name, board_of(loaded), loaded.num_players))
    if resume:
        checkpoint = load_checkpoint(path)
        check_fits(checkpoint.header, loaded, board_of(loaded), features.version, str(path))
        given = {"seed": seed, "hidden": hidden, "rate": rate, "lam": lam}
        check_resumed(ctx, checkpoint.header, {**given, "explore": explore, "greedy": greedy})
        fitted = checkpoint.header.calibration
        if fitted != Calibration():
            click.echo(
                f"{path} was calibrated (temperature {fitted.temperature:g}); a calibration "
                "fits the network as it was, so training goes on from the network itself: "
                f"calibrate it again when it is done (wuerfelwerk calibrate {loaded.name} "
                "--fit ...)",
                err=True,
            )
    elif path.exists():
        raise CheckpointError(f"{path} exists: give --resume to go on training it")
    else:
        settings = Training(
            seed=seed,
            rate=rate,
            lam=lam,
            explore=explore,
            greedy=greedy,
            together=together,
            passes=passes,
        )
        checkpoint = new_checkpoint(loaded, hidden, settings)
    trainer = Trainer(loaded, checkpoint)
    done = trainer.training.games
    console = Console(stderr=True)
    loss: list[float] = []

    def advance(game_loss: float) -> None:
        smooth = game_loss if not loss else loss[0] + LOSS_SMOOTHING * (game_loss - loss[0])
        loss[:] = [smooth]
        progress.update(task, advance=1, description=f"{title}, loss {smooth:.4f}")

    board = board_of(loaded)
    title = (
        f"{loaded.title}, {'' if board == '-' else board + ' board, '}{loaded.num_players} players"
    )
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
    ) as progress:
        task = progress.add_task(title, total=games, completed=done)
        trainer.run(games, path, every, advance)
    training = trainer.training
    click.echo(
        f"{path}: {counted(training.games, 'game')}, "
        f"{counted(training.steps, 'gradient step')} (seed {training.seed})",
        err=True,
    )
