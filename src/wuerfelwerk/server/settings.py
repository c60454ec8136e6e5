"""Server settings: every field is read from ``WUERFELWERK_<NAME>`` (``bot_threads`` from
``WUERFELWERK_BOT_THREADS``), and the value written here is its default.

A new setting is one more field: its type (pydantic checks the value against it), its
default, and a comment that says what it does; ``docs/server.md`` lists it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import platformdirs
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
