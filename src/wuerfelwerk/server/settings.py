"""Server settings: every field is read from ``WUERFELWERK_<NAME>`` (``bot_threads`` from
``WUERFELWERK_BOT_THREADS``), and the value written here is its default.

A new setting is one more field: its type (pydantic checks the value against it), its
default, and a comment that says what it does; ``docs/server.md`` lists it.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import platformdirs
from limits import parse_many
from pydantic import (
    Field,
    NonNegativeInt,
    PositiveFloat,
    PositiveInt,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_settings import BaseSettings, SettingsConfigDict
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

ENV_PREFIX = "WUERFELWERK_"

#: The async driver of each database the server runs on.
ASYNC_DRIVERS = {"sqlite": "aiosqlite", "postgresql": "asyncpg"}


class SettingsError(ValueError):
    """A setting that cannot take its value; one line that names the variable."""


def default_database_url() -> str:
    """An SQLite file in the user's data folder (created on first use)."""
    folder = Path(platformdirs.user_data_dir("wuerfelwerk"))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SettingsError(
            f"the data folder {folder} cannot be created ({error.strerror}): "
            f"set {ENV_PREFIX}DATABASE_URL or give --db"
        ) from None
    return f"sqlite+aiosqlite:///{folder / 'wuerfelwerk.db'}"


def shown_url(url: str) -> str:
    """``url`` as it may be shown and logged: with its password hidden."""
    return re.sub(r"(://[^/@:]*:)[^@]*@", r"\1***@", url)


def async_database_url(url: str) -> str:
    """The URL with its async driver: plain ``sqlite:///`` and ``postgresql://`` (or
    ``postgres://``) URLs get aiosqlite and asyncpg. ``ValueError`` for any other database
    or driver."""
    scheme, separator, rest = url.partition("://")
    backend, _, driver = scheme.lower().partition("+")
    backend = "postgresql" if backend == "postgres" else backend
    wanted = ASYNC_DRIVERS.get(backend)
    if not separator or wanted is None or driver not in ("", wanted):
        raise ValueError(
            f"the database URL {shown_url(url)!r} is neither SQLite (sqlite:///path/games.db) "
            "nor PostgreSQL (postgresql://user:password@host:5432/name)"
        )
    try:
        make_url(url)
    except (ArgumentError, ValueError) as error:
        raise ValueError(f"the database URL {shown_url(url)!r} cannot be read: {error}") from None
    return f"{backend}+{wanted}://{rest}"


class Settings(BaseSettings):
    """Everything the server can be told; ``from_env`` reads it."""

    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, env_ignore_empty=True, frozen=True)

    #: SQLAlchemy URL: SQLite (aiosqlite) or PostgreSQL (asyncpg); by default an SQLite
    #: file in the user's data folder.
    database_url: str = Field(default_factory=default_database_url)
    #: Inbound WebSocket messages above this size are refused with an error.
    max_message_bytes: PositiveInt = 4096
    #: A bot that has not chosen after this many seconds plays a random legal action
    #: (above the time caps of the bot levels, 10 s at expert: a safety net, not a budget).
    bot_deadline: PositiveFloat = 15.0
    #: Threads that run bot searches off the event loop.
    bot_threads: PositiveInt = 2
    #: Frames a connection may have waiting before it counts as dead and is closed.
    max_pending_frames: PositiveInt = 1000
    #: The key that signs the players' cookies; empty: one the server makes and keeps in
    #: its database.
    secret_key: str = ""
    #: Several server processes (``serve --workers``, or several hosts) share the
    #: PostgreSQL database: each table is run by one of them, the others relay.
    cluster: bool = False
    #: Seconds without a heartbeat after which a cluster's process counts as dead and
    #: the others take its tables over; a heartbeat goes out every third of it.
    lease_seconds: PositiveFloat = 10.0
    #: Processes that analyse finished games (in the background, one game each).
    analysis_workers: PositiveInt = 1
    #: Analyses that may wait or run at once; more are refused until one is done.
    analysis_queue: PositiveInt = 50
    #: Positions the analysis and the hints search per decision (``analyse --budget``);
    #: unset: each game's default.
    analysis_budget: NonNegativeInt | None = None

    # -- the public internet: proxies, browsers' protections (docs/server.md, Security)
    #: Addresses (comma-separated, ``*``: any) of the reverse proxies whose
    #: ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are believed: the client's address
    #: and whether it came over HTTPS (for the cookie's ``Secure`` and HSTS).
    forwarded_allow_ips: str = "127.0.0.1"
    #: ``Strict-Transport-Security`` max-age sent over HTTPS; 0: no such header.
    hsts_seconds: NonNegativeInt = 31536000
    #: Origins (``https://games.example``, comma-separated) allowed to open WebSockets and
    #: send POST/PUT/DELETE besides the site's own, which always is.
    allowed_origins: str = ""

    # -- abuse limits (server/guard/): rates in the ``limits`` notation, several joined
    #: by ``;``. A refusal is ``429`` (HTTP) or an error frame, and changes nothing.
    #: Chat lines per seat of a table.
    chat_rate: str = "5 per 10 seconds; 20 per minute"
    #: WebSocket messages per connection.
    message_rate: str = "20 per second; 600 per minute"
    #: Sign-in attempts per name (answered before any password is checked).
    sign_in_name_rate: str = "10 per 15 minutes"
    #: Passwords checked or hashed per address: sign-ins, new names with a password,
    #: password changes, account deletions.
    password_rate: str = "30 per 15 minutes"
    #: New names per address.
    new_player_rate: str = "10 per hour"
    #: New tables per address, and per player.
    new_table_rate: str = "30 per 10 minutes"
    #: Downloads of one's own games per player (each replays every game).
    export_rate: str = "10 per hour"
    #: Analyses asked for per address (minutes of a worker each; one kept is served free).
    analysis_rate: str = "20 per hour"
    #: Hints per address (a search each).
    hint_rate: str = "30 per 10 minutes"
    #: Unfinished tables an address (a player) opened in the last ``open_table_hours``.
    open_tables_per_address: PositiveInt = 30
    open_tables_per_player: PositiveInt = 10
    open_table_hours: PositiveFloat = 24.0
    #: Open WebSocket connections per address, across every process of a cluster.
    connections_per_address: PositiveInt = 100
    #: Accept any bot seat (``bot:mcts:time=60``); otherwise only what the lobby offers:
    #: the game's levels and its agents with their default budgets.
    any_bot: bool = False
    #: Networks (comma-separated, ``10.0.0.0/8,127.0.0.1``) no address limit applies to:
    #: neither the rates, the open tables nor the connections of a client from there.
    limits_exempt: str = ""

    @field_validator(
        "chat_rate",
        "message_rate",
        "sign_in_name_rate",
        "password_rate",
        "new_player_rate",
        "new_table_rate",
        "export_rate",
        "analysis_rate",
        "hint_rate",
    )
    @classmethod
    def _rates(cls, rate: str) -> str:
        try:
            parse_many(rate)
        except ValueError:
            raise ValueError(
                f"{rate!r} is no rate: write e.g. '5 per 10 seconds; 20 per minute'"
            ) from None
        return rate

    @field_validator("limits_exempt")
    @classmethod
    def _networks(cls, networks: str) -> str:
        for network in split_list(networks):
            try:
                ipaddress.ip_network(network, strict=False)
            except ValueError:
                raise ValueError(
                    f"{network!r} is no address or network (write 10.0.0.0/8 or 127.0.0.1)"
                ) from None
        return networks

    @field_validator("allowed_origins")
    @classmethod
    def _origins(cls, origins: str) -> str:
        for origin in split_list(origins):
            if not re.fullmatch(r"https?://[^/\s]+", origin):
                raise ValueError(
                    f"{origin!r} is no origin (write scheme and host: https://games.example)"
                )
        return origins

    @field_validator("database_url")
    @classmethod
    def _with_async_driver(cls, url: str) -> str:
        return async_database_url(url)

    @model_validator(mode="after")
    def _cluster_on_postgresql(self) -> Settings:
        if self.cluster and not self.database_url.startswith("postgresql"):
            raise ValueError(
                f"a cluster (serve --workers above 1, or {ENV_PREFIX}CLUSTER) shares a "
                "PostgreSQL database, not SQLite (postgresql://user:password@host:5432/name)"
            )
        return self

    @classmethod
    def from_env(cls, **overrides: Any) -> Settings:
        """The settings from the environment, with the ``overrides`` that are not None
        on top (the command line's). ``SettingsError`` names every value refused."""
        given = {name: value for name, value in overrides.items() if value is not None}
        try:
            return cls(**given)
        except ValidationError as error:
            raise SettingsError(describe(error, given)) from None


def split_list(text: str) -> list[str]:
    """The items of a comma-separated setting."""
    return [item.strip() for item in text.split(",") if item.strip()]


def describe(error: ValidationError, given: Mapping[str, Any]) -> str:
    """The refused values in one line, each by its variable (or by its field, where the
    value was given in code or on the command line)."""
    problems = []
    for problem in error.errors():
        field = str(problem["loc"][0]) if problem["loc"] else ""
        source = field if field in given else ENV_PREFIX + field.upper()
        message = problem["msg"]
        if not field:  # a check of several settings together words its own message
            problems.append(message.removeprefix("Value error, "))
        elif problem["type"] == "value_error":  # our own validators' words
            problems.append(f"{source}: {message.removeprefix('Value error, ')}")
        else:
            problems.append(f"{source}={problem['input']!r}: {message}")
    return "; ".join(problems)
