"""``wuerfelwerk calibrate``: how well a learned evaluation's winning chances match what
happens in held-out games between bots."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from ..agents import split_specs
from ..agents.levels import level_names
from ..agents.td import evaluator_for, load_checkpoint
from ..agents.td.checkpoint import WhoPlays
from ..agents.td.evaluator import board_of
from ..sim.backends import make_backend
from ..sim.calibration import CalibrationRun, collect, fitted, fitted_strengths, report
from ..sim.plots import FORMATS, plot_reliability
from ..sim.runner import Matchup
from .errors import CommandError
from .options import (
    AGENTS,
    GAME_OPTION_SETTINGS,
    game_argument,
    game_options,
    jobs_option,
    load_game,
)
from .simulate import picture_file
from .simulation import backend_options, check_bots, games_progress


@click.command(context_settings=GAME_OPTION_SETTINGS)
@game_argument
@click.option("--games", type=click.IntRange(1), default=200, show_default=True)
@click.option(
    "--agents",
    default=None,
    help=f"Agent specs, rotated over the seats (default: the game's levels): {AGENTS}",
)
@click.option(
    "--weights",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="The checkpoint to judge (default: the network shipped for the game).",
)
@click.option(
    "--fit",
    is_flag=True,
    help="Fit the temperature to these games and write it into the --weights file.",
)
@click.option(
    "--curve",
    is_flag=True,
    help="With --fit: fit a curve that bends the chances after the temperature as well "
    "(where one temperature is too sure at some chances and not sure enough at others).",
)
@click.option(
    "--who-plays",
    is_flag=True,
    help="Chances that know who plays each seat: the players' strengths added to the "
    "network's logits (with --fit: fitted to these games with a temperature of their own).",
)
@jobs_option
@backend_options
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of tables.")
@click.option(
    "--plot",
    type=click.Path(dir_okay=False, path_type=Path),
    callback=picture_file,
    help="Draw the reliability diagram into this picture: "
    + ", ".join(f".{f}" for f in FORMATS)
    + ".",
)
@click.pass_context
def calibrate(
    ctx: click.Context,
    game: str,
    games: int,
    agents: str | None,
    weights: Path | None,
    fit: bool,
    curve: bool,
    who_plays: bool,
    jobs: int,
    backend: str,
    address: str | None,
    seed: int,
    as_json: bool,
    plot: Path | None,
) -> None:
    """Play GAMES held-out games of GAME between bots and set the learned evaluation's
    chances to win, before every decision, against the results: the Brier score, the
    expected calibration error and the reliability diagram.

    Game options (--players 3) choose the network. --fit --weights FILE fits the
    temperature the network's chances are scaled by to these games (--curve: and a curve
    that bends them after it) and writes it into FILE; judge the result on other games
    (another --seed).

    A network sees the position, not who plays it: between players of unequal strength
    its chances say too little. --who-plays judges chances that add each player's
    strength to the network's logits; --fit --who-plays fits the strengths of the agents
    playing (and a temperature for them) and writes them into FILE, beside the
    calibration of chances that know only the position."""
    loaded = load_game(game, ctx.args)
    if fit and weights is None:
        raise CommandError("--fit writes the temperature into a checkpoint: give --weights FILE")
    if curve and not fit:
        raise CommandError("--curve is fitted with --fit: give both")
    if curve and who_plays:
        raise CommandError("--curve bends the chances of the position alone: not with --who-plays")
    source = None if weights is None else str(weights)
    evaluator = evaluator_for(loaded, source)  # the network exists and fits the game
    specs = split_specs(agents) if agents else [f"bot:{level}" for level in level_names(loaded)]
    check_bots(specs, loaded, "calibrate")
    players = list(dict.fromkeys(specs))
    known = evaluator.calibration.who_plays
    stored = dict(known.strengths) if who_plays else None
    if who_plays and fit and len(players) < 2:
        raise CommandError("--who-plays tells players apart: give two agents or more")
    if stored is not None and not fit and (missing := set(players) - set(stored)):
        raise CommandError(
            f"{evaluator.source} has no strength for {', '.join(sorted(missing))}: fit them "
            "with --fit --who-plays"
        )
    options = game_options(game, ctx.args)
    options["players"] = loaded.num_players
    run = CalibrationRun(Matchup(loaded.name, options, tuple(specs), seed), source)
    with (
        make_backend(backend, jobs, address) as runner,
        games_progress(f"{loaded.title} calibration", games, as_json) as advance,
    ):
        found = collect(run, games, runner, advance)
    board = board_of(loaded)
    title = (
        f"{loaded.title}, {'' if board == '-' else board + ' board, '}{loaded.num_players} "
        f"players: {games} games, seed {seed}"
    )
    result: dict[str, Any] = {
        "game": loaded.name,
        "board": board,
        "players": loaded.num_players,
        "agents": specs,
        "seed": seed,
        "weights": evaluator.source,
        "title": title,
    }
    alone = report(found, evaluator.calibration.temperature, evaluator.calibration.curve)
    if stored is not None and not fit:
        result["title"] += ", knowing who plays"
        result.update(report(found, known.temperature, (), stored).to_json())
        result["position_alone"] = alone.to_json()
    else:
        result.update(alone.to_json())
    if fit:
        assert weights is not None
        checkpoint = load_checkpoint(weights)
        calibration = checkpoint.header.calibration
        strengths: dict[str, float] | None = None
        if who_plays:
            temperature, strengths = fitted_strengths(found, players)
            knots: tuple[tuple[float, float], ...] = ()
            fitted_to = WhoPlays(temperature, tuple(strengths.items()), games, seed)
            calibration = replace(calibration, who_plays=fitted_to)
        else:
            temperature, knots = fitted(found, curve)
            calibration = replace(
                calibration,
                temperature=temperature,
                games=games,
                seed=seed,
                agents=",".join(specs),
                curve=knots,
            )
        checkpoint.header = replace(checkpoint.header, calibration=calibration)
        checkpoint.save(weights)
        result["fitted"] = report(found, temperature, knots, strengths).to_json()
    if as_json:
        click.echo(json.dumps(result))
    else:
        show_calibration(result)
    if plot is not None:
        try:
            plot_reliability(result, plot)
        except OSError as error:
            raise CommandError(f"the plot could not be written to {plot}: {error}") from None
        Console(stderr=True).print(f"plot written to {plot}")


def show_calibration(result: dict[str, Any]) -> None:
    console = Console()
    table = Table(title=result["title"])
    for column in ("chance given", "forecasts", "mean chance", "won"):
        table.add_column(column, justify="right")
    for b in result["bins"]:
        table.add_row(
            f"{b['low']:.0%} - {b['high']:.0%}",
            str(b["count"]),
            f"{b['predicted']:.1%}" if b["count"] else "-",
            f"{b['observed']:.1%}" if b["count"] else "-",
        )
    console.print(table)
    console.print(
        f"{result['positions']} positions; {calibration_named(result)}: "
        f"Brier score {result['brier']:.4f}, expected calibration error "
        f"{100 * result['ece']:.2f} points, log loss {result['log_loss']:.4f}"
    )
    alone = result.get("position_alone")
    if alone is not None:
        console.print(
            f"the position alone, {calibration_named(alone)}: Brier score "
            f"{alone['brier']:.4f}, expected calibration error {100 * alone['ece']:.2f} points"
        )
    fitted = result.get("fitted")
    if fitted is not None:
        console.print(
            f"fitted {calibration_named(fitted)} (written to {result['weights']}): "
            f"Brier score {fitted['brier']:.4f}, expected calibration error "
            f"{100 * fitted['ece']:.2f} points on these games"
        )


def calibration_named(figures: dict[str, Any]) -> str:
    """``temperature 0.748``, or with a curve ``temperature 0.201 and a curve of 40 knots``,
    or knowing who plays ``temperature 0.5 and the strengths bot:easy -1.20, ...``."""
    named = f"temperature {figures['temperature']:.3f}"
    knots = len(figures["curve"])
    if knots:
        return f"{named} and a curve of {knots} knots"
    strengths = figures.get("strengths")
    if strengths is not None:
        listed = ", ".join(f"{player} {value:+.2f}" for player, value in strengths.items())
        return f"{named} and the strengths {listed}"
    return named
