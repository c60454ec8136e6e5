"""How a command ends on bad input or a setup it cannot use: one line, never a traceback."""

from __future__ import annotations

from typing import IO, Any

import click


class CommandError(click.ClickException):
    """``error: <message>`` on stderr and exit status 2 (click's status for bad usage)."""

    exit_code = 2

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(f"error: {self.format_message()}", err=True)
