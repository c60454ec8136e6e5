"""Server settings, read from the environment (``WUERFELWERK_*``) with sensible defaults."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

ENV_PREFIX = "WUERFELWERK_"


def default_database_url() -> str:
    """An SQLite file in the user's data folder (created on first use)."""
    folder = Path(platformdirs.user_data_dir("wuerfelwerk"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite+aiosqlite:///{folder / 'wuerfelwerk.db'}"


def async_database_url(url: str) -> str:
    """Accept plain ``sqlite:///`` and ``postgresql://`` URLs and pick the async driver."""
    for plain, driver in (
        ("sqlite://", "sqlite+aiosqlite://"),
        ("postgresql://", "postgresql+asyncpg://"),
        ("postgres://", "postgresql+asyncpg://"),
    ):
        if url.startswith(plain):
            return driver + url[len(plain) :]
    return url


def _env(name: str, default: str) -> str:
    return os.environ.get(ENV_PREFIX + name, default)


@dataclass(frozen=True)
class Settings:
    """Everything the server can be told; ``from_env`` reads ``WUERFELWERK_<NAME>``."""

    #: SQLAlchemy URL: SQLite (aiosqlite) or PostgreSQL (asyncpg).
    database_url: str = field(default_factory=default_database_url)
    #: Inbound WebSocket messages above this size are refused with an error.
    max_message_bytes: int = 4096
    #: A bot that has not chosen after this many seconds plays a random legal action
    #: (above the time caps of the bot levels, 10 s at expert: a safety net, not a budget).
    bot_deadline: float = 15.0
    #: Threads that run bot searches off the event loop.
    bot_threads: int = 2
    #: Frames a connection may have waiting before it counts as dead and is closed.
    max_pending_frames: int = 1000
    #: The key that signs the players' cookies; empty: one the server makes and keeps in
    #: its database.
    secret_key: str = ""

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        values: dict[str, object] = {
            "database_url": _env("DATABASE_URL", "") or default_database_url(),
            "max_message_bytes": int(_env("MAX_MESSAGE_BYTES", "4096")),
            "bot_deadline": float(_env("BOT_DEADLINE", "15.0")),
            "bot_threads": int(_env("BOT_THREADS", "2")),
            "secret_key": _env("SECRET_KEY", ""),
        }
        values.update({k: v for k, v in overrides.items() if v is not None})
        values["database_url"] = async_database_url(str(values["database_url"]))
        return cls(**values)  # type: ignore[arg-type]
