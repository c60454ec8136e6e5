"""Command-line pieces shared by several commands: game options and seats."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

import wuerfelwerk

from ..agents import HUMAN, agent_names, parse_spec
from ..agents.levels import LEVELS
from ..agents.spec import BOT
from ..core import Game, InvalidAgentSpecError, InvalidOptionError, UnknownGameError
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


def agent_choices(game: Game, human: bool) -> str:
    """The agents a command can seat in ``game``, for its errors: ``human`` only where a
    person can take a seat, and the bot by its levels, as it is named."""
    names = [name for name in agent_names(game) if name != BOT]
    levels = [f"{BOT}:{level}" for level in LEVELS] if BOT in agent_names(game) else []
    return ", ".join([HUMAN] * human + names + levels)


def check_agents(specs: list[str], game: Game, *, human: bool) -> None:
    """Refuse a spec naming no agent of ``game`` (or a person where none may play),
    saying which ones there are, before anything is played."""
    for spec in specs:
        name = parse_spec(spec).name
        if name == HUMAN and human:
            continue
        if name not in agent_names(game) or name == HUMAN:
            raise InvalidAgentSpecError(
                f"unknown agent {name!r} for {game.name} (agents: {agent_choices(game, human)})"
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


class GameCommand(click.Command):
    """A command on a GAME that takes the game's options as ``--name value``: its help
    lists the games, and with a game named (``play malefiz --help``) that game's options."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        # ``--help`` ends the parse before GAME is read: keep the words for the help.
        ctx.meta["game_words"] = list(args)
        return super().parse_args(ctx, args)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_epilog(ctx, formatter)
        named = named_game(ctx.meta.get("game_words", []))
        if named is None:
            with formatter.section("Games"):
                formatter.write_dl(games_listed())
            formatter.write_paragraph()
            formatter.write_text(f"{ctx.command_path} GAME --help lists the options of GAME.")
            return
        with formatter.section(f"{named.title}: options as --name value"):
            formatter.write_dl(game_options_listed(named))


def named_game(words: list[str]) -> type[Game] | None:
    """The game the first of ``words`` that names one (by name or alias) names."""
    for word in words:
        if not word.startswith("-"):
            try:
                return game_class(word)
            except UnknownGameError:
                continue
    return None


def games_listed() -> list[tuple[str, str]]:
    """Every game, with its title and number of players, for a help page."""
    listed = []
    for name in wuerfelwerk.game_names():
        cls = game_class(name)
        span = "-".join(dict.fromkeys([str(cls.min_players), str(cls.max_players)]))
        listed.append((name, f"{cls.title}, {span} players"))
    return listed


def game_options_listed(cls: type[Game]) -> list[tuple[str, str]]:
    """Each option of a game as the command line takes it, with what it does and its
    default, for a help page."""
    listed = []
    for entry in cls.describe_options():
        choices = entry["choices"]
        if choices is not None:
            metavar = "[" + "|".join(str(c).lower() for c in choices) + "]"
        else:
            kind = entry["type"]
            metavar = {"bool": "true|false", "int": "N", "float": "X"}.get(
                kind.split(" ")[0], "TEXT"
            )
            if "None" in kind:
                metavar += "|none"
        default = entry["default"]
        shown = "none" if default is None else str(default).lower()
        flag = "--" + entry["name"].replace("_", "-")
        listed.append((f"{flag} {metavar}", f"{entry['help']} [default: {shown}]"))
    return listed


def game_command(**settings: Any) -> Callable[[Callable[..., Any]], click.Command]:
    """``click.command`` for a ``GameCommand``, taking the game's options."""
    return click.command(cls=GameCommand, context_settings=GAME_OPTION_SETTINGS, **settings)


game_argument = click.argument("game", metavar="GAME")
seed_option = click.option("--seed", type=int, default=None, help="Seed for dice and bots.")
jobs_option = click.option(
    "--jobs",
    type=click.IntRange(1),
    default=1,
    show_default=True,
    help="Worker processes; the results do not depend on it.",
)
