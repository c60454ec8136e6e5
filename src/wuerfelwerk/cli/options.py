"""Command-line pieces shared by several commands: game options and seats."""

from __future__ import annotations

from typing import Any

import click

import wuerfelwerk

from ..agents import agent_names
from ..agents.levels import LEVELS
from ..agents.spec import BOT
from ..core import Game, InvalidOptionError
from ..core.registry import game_class

#: Lets a command take every game option as ``--name value`` (``--board classic``).
GAME_OPTION_SETTINGS = {"ignore_unknown_options": True, "allow_extra_args": True}

#: The agents a command can seat, for its help.
AGENTS = (
    ", ".join(name for name in agent_names() if name != BOT)
    + "; or a level, easiest first: "
    + ", ".join(f"{BOT}:{level}" for level in LEVELS)
    + ". Parameters go as NAME:key=value,... (docs/bots.md)."
)


def game_options(name: str, extra: list[str]) -> dict[str, Any]:
    """Read ``--option value`` pairs (and ``--flag`` for true) left over by click."""
    known = {o["name"] for o in game_class(name).describe_options()}
    options: dict[str, Any] = {}
    items = list(extra)
    while items:
        item = items.pop(0)
        if not item.startswith("--"):
            raise InvalidOptionError(f"unexpected argument {item!r}")
        key, eq, value = item[2:].partition("=")
        key = key.replace("-", "_")
        if key not in known:
            listed = ", ".join(f"--{k.replace('_', '-')}" for k in sorted(known))
            raise InvalidOptionError(f"{name} has no option --{key} (options: {listed})")
        if not eq:
            value = items.pop(0) if items and not items[0].startswith("--") else "true"
        options[key] = value
    return options


def load_game(
    name: str, extra: list[str], players: int | None = None, *, seats_from: str = ""
) -> Game:
    """The game ``name`` with the options in ``extra``, for ``players`` seats if given.
    ``seats_from`` says where that number comes from (``--seats names 2 seats``): the
    errors say what to change."""
    options = game_options(name, extra)
    if players is None:
        return wuerfelwerk.load(name, **options)
    if "players" in options:
        game = wuerfelwerk.load(name, **options)
        if game.num_players != players:
            raise InvalidOptionError(
                f"--players {game.num_players} does not match: {seats_from}; leave out "
                "--players, the seats decide how many play"
            )
        return game
    cls = game_class(name)
    if not cls.min_players <= players <= cls.max_players:
        span = "-".join(sorted({str(cls.min_players), str(cls.max_players)}))
        raise InvalidOptionError(f"{cls.title} is for {span} players, but {seats_from}")
    return wuerfelwerk.load(name, **options, players=players)


def seats_named(option: str, specs: list[str]) -> str:
    """How ``option`` fills the seats, for ``load_game``: ``--seats names 2 seats
    (human, greedy)``."""
    count = f"{len(specs)} seat" + ("s" if len(specs) != 1 else "")
    return f"{option} names {count} ({', '.join(specs)})"


game_argument = click.argument("game", metavar="GAME")
seed_option = click.option("--seed", type=int, default=None, help="Seed for dice and bots.")
jobs_option = click.option(
    "--jobs",
    type=click.IntRange(1),
    default=1,
    show_default=True,
    help="Worker processes; the results do not depend on it.",
)
