"""``wuerfelwerk rules``: the players' rules of a game."""

from __future__ import annotations

import click
from rich.console import Console
from rich.markdown import Markdown

from ..rules import LANGUAGES, rules_text


@click.command()
@click.argument("game", metavar="GAME")
@click.option(
    "--language",
    type=click.Choice(LANGUAGES),
    default=LANGUAGES[0],
    show_default=True,
    help="The language of the rules.",
)
@click.option("--plain", is_flag=True, help="Print the Markdown source.")
def rules(game: str, language: str, plain: bool) -> None:
    """Print the rules of GAME, with our interpretations marked."""
    text = rules_text(game, language)
    if plain:
        click.echo(text)
    else:
        Console().print(Markdown(text))
