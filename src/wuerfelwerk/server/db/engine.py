"""The async engine, and the Alembic migrations applied at start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import event
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"


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


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def _upgrade(connection: Connection) -> None:
    command.upgrade(alembic_config(connection), "head")


async def migrate(engine: AsyncEngine) -> None:
    """Bring the database schema up to the newest migration."""
    async with engine.begin() as connection:
        await connection.run_sync(_upgrade)
