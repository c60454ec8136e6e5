"""``wuerfelwerk rules``: the players' rules of a game."""

from __future__ import annotations

from importlib import resources

import click
from rich.console import Console
from rich.markdown import Markdown

from ..core.registry import game_class


def rules_text(game_name: str) -> str:
    """The players' rules (``docs/rules/<game>.md``, shipped inside the package)."""
    cls = game_class(game_name)
    filename = cls.rules_file or f"{cls.name}.md"
    return resources.files("wuerfelwerk").joinpath("rules", filename).read_text()


@click.command()
@click.argument("game", metavar="GAME")
@click.option("--plain", is_flag=True, help="Print the Markdown source.")
def rules(game: str, plain: bool) -> None:
    """Print the rules of GAME, with our interpretations marked."""
    text = rules_text(game)
    if plain:
        click.echo(text)
    else:
        Console().print(Markdown(text))
