"""The async engine, and the Alembic migrations applied at start."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from ..settings import shown_url

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"


class DatabaseUnavailableError(RuntimeError):
    """The database cannot be opened or brought up to date; one line that says why."""


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL with synchronous=NORMAL survives a killed process (only a power cut can lose
    # the last commits) and lets readers run beside the writer.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def make_engine(url: str) -> AsyncEngine:
    engine = create_async_engine(url)
    if engine.dialect.name == "sqlite":
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    return engine


def sqlite_file_engine(engine: AsyncEngine) -> Engine | None:
    """A synchronous engine on the same SQLite file as ``engine`` (``None`` for any other
    database, and for SQLite in memory, which a second engine would not share), for the
    journal's writer: a connection for its thread and one for the event loop."""
    url = engine.url
    if engine.dialect.name != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    file_engine = create_engine(url.set(drivername="sqlite"), pool_size=2, max_overflow=0)
    event.listen(file_engine, "connect", _sqlite_pragmas)
    return file_engine


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def _upgrade(connection: Connection) -> None:
    command.upgrade(alembic_config(connection), "head")


#: The advisory lock that several processes starting at once on one PostgreSQL take
#: in turn to migrate: the first brings the schema up, the others find it done.
MIGRATION_LOCK = 0x77_7765_7266


async def migrate(engine: AsyncEngine) -> None:
    """Bring the database schema up to the newest migration."""
    async with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            await connection.execute(
                text("SELECT pg_advisory_xact_lock(:lock)"), {"lock": MIGRATION_LOCK}
            )
        await connection.run_sync(_upgrade)


async def open_database(url: str) -> AsyncEngine:
    """The engine of ``url`` with its schema up to date. ``DatabaseUnavailableError``
    names the database and the reason where it cannot be reached, opened or written."""
    try:
        engine = make_engine(url)
    except (SQLAlchemyError, ValueError) as error:
        raise DatabaseUnavailableError(f"the database URL {shown_url(url)!r}: {error}") from None
    try:
        if engine.dialect.name == "sqlite":
            _open_sqlite_file(url)
        await migrate(engine)
    except (OSError, SQLAlchemyError, sqlite3.Error, ValueError) as error:
        await engine.dispose()
        raise DatabaseUnavailableError(
            f"cannot open the database {shown_url(url)}: {_reason(error)}"
        ) from None
    return engine


async def check_database(url: str) -> None:
    """Open the database, bring its schema up to date and close it again: a server
    start that would fail on its database fails here first, with one line."""
    engine = await open_database(url)
    await engine.dispose()


def _open_sqlite_file(url: str) -> None:
    """Open (or create) the SQLite file with the standard library first: aiosqlite, when
    it cannot open a file, stops its worker thread without waiting for it, and the thread
    then reports to an event loop that may be closed already."""
    database = make_url(url).database
    if database and database != ":memory:":
        sqlite3.connect(database).close()


def _reason(error: BaseException) -> str:
    """What the driver says went wrong, in one line and without SQLAlchemy's wrapping."""
    if isinstance(error, DBAPIError) and error.orig is not None:
        error = error.orig.__cause__ or error.orig
    if isinstance(error, ConnectionRefusedError):
        return "connection refused (is the database server running, on that port?)"
    text = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    return " ".join(text.split()) or type(error).__name__
