"""The ``wuerfelwerk`` command."""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from ..core import WuerfelwerkError
from ..core.build import build_name
from .errors import CommandError
from .options import games_listed

#: The commands: each is the function of the same name in the module of that name
#: (``cli/play.py``), imported only when it runs or its help is shown, so that a command
#: starts without loading what the others need.
COMMANDS = (
    "play",
    "analyse",
    "simulate",
    "bench",
    "replay",
    "rules",
    "serve",
    "verify",
    "arena",
    "study",
    "train",
    "calibrate",
)


class Commands(click.Group):
    """Bad input ends a command with a one-line error and exit status 2, never a traceback."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        command: click.Command = getattr(
            importlib.import_module(f".{cmd_name}", __package__), cmd_name
        )
        return command

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


def main() -> None:
    cli()
