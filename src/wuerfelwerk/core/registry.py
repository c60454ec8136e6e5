"""The registry of games: each game package registers its ``Game`` class here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from .errors import InvalidOptionError, UnknownGameError
from .game import Game
from .options import make_options

_GAMES: dict[str, type[Game]] = {}
_ALIASES: dict[str, str] = {}

GameT = TypeVar("GameT", bound=type[Game])


def register(*aliases: str) -> Callable[[GameT], GameT]:
    """Class decorator: make a game loadable by its ``name`` and any ``aliases``."""

    def decorate(cls: GameT) -> GameT:
        _GAMES[cls.name] = cls
        for alias in aliases:
            _ALIASES[alias] = cls.name
        return cls

    return decorate


def game_names() -> list[str]:
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    key = _ALIASES.get(name.lower(), name.lower())
    try:
        return _GAMES[key]
    except KeyError:
        known = ", ".join(game_names()) or "none"
        raise UnknownGameError(f"unknown game {name!r} (games: {known})") from None


def create(name: str, options: dict[str, Any]) -> Game:
    """The game ``name`` with ``options`` checked and coerced."""
    cls = game_class(name)
    game_options = make_options(cls.Options, options)
    players = getattr(game_options, "players", cls.min_players)
    if not cls.min_players <= players <= cls.max_players:
        raise InvalidOptionError(
            f"{cls.name} is for {cls.min_players}-{cls.max_players} players, not {players}"
        )
    return cls(game_options)
