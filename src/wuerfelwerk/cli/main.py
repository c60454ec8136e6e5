"""The ``wuerfelwerk`` command."""

from __future__ import annotations

import sys
from typing import Any

import click

from ..core import WuerfelwerkError
from ..core.build import build_name
from . import (
    analyse,
    arena,
    bench,
    bench_server,
    calibrate,
    play,
    replay,
    rules,
    serve,
    simulate,
    study,
    train,
    verify,
)
from .errors import CommandError
from .options import games_listed


class Commands(click.Group):
    """Bad input ends a command with a one-line error and exit status 2, never a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except WuerfelwerkError as error:
            raise CommandError(str(error)) from None
        except (KeyboardInterrupt, EOFError):
            click.echo("", err=True)
            sys.exit(130)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_epilog(ctx, formatter)
        with formatter.section("Games"):
            formatter.write_dl(games_listed())
        formatter.write_paragraph()
        formatter.write_text(
            f"{ctx.command_path} COMMAND GAME --help lists the options of GAME for a command."
        )


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(
    package_name="wuerfelwerk", message=f"wuerfelwerk %(version)s ({build_name()} build)"
)
def cli() -> None:
    """wuerfelwerk: Malefiz, Widget, Mojave, Wurf & Weg and Dimenticato.

    Play in the terminal, simulate many games between bots, study the balance of a
    game's options, benchmark the engines, train the bots' learned evaluation and
    check its calibration, replay and analyse records and read the rules.
    """


for command in (
    play.play,
    analyse.analyse,
    simulate.simulate,
    bench.bench,
    replay.replay,
    rules.rules,
    serve.serve,
    verify.verify,
    arena.arena,
    study.study,
    train.train,
    calibrate.calibrate,
):
    cli.add_command(command)
bench.bench.add_command(bench_server.server)


def main() -> None:
    cli()
