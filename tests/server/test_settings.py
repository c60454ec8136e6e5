"""Settings come from the environment; database URLs get their async driver."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from wuerfelwerk.server.settings import Settings, async_database_url


def test_default_database_is_sqlite_in_the_users_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("WUERFELWERK_DATABASE_URL", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    url = Settings.from_env().database_url
    folder = Path(platformdirs.user_data_dir("wuerfelwerk"))
    assert url == f"sqlite+aiosqlite:///{folder / 'wuerfelwerk.db'}"
    assert folder.is_dir()


def test_environment_and_command_line_choose_the_database(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WUERFELWERK_DATABASE_URL", "postgresql://u@db:5432/games")
    monkeypatch.setenv("WUERFELWERK_MAX_MESSAGE_BYTES", "1000")
    monkeypatch.setenv("WUERFELWERK_SECRET_KEY", "a key of our own")
    settings = Settings.from_env()
    assert settings.database_url == "postgresql+asyncpg://u@db:5432/games"
    assert settings.max_message_bytes == 1000
    assert settings.secret_key == "a key of our own"
    chosen = Settings.from_env(database_url="sqlite:///here.db")
    assert chosen.database_url == "sqlite+aiosqlite:///here.db"


@pytest.mark.parametrize(
    ("given", "used"),
    [
        ("sqlite:///a.db", "sqlite+aiosqlite:///a.db"),
        ("sqlite+aiosqlite:///a.db", "sqlite+aiosqlite:///a.db"),
        ("postgres://h/db", "postgresql+asyncpg://h/db"),
        ("postgresql+asyncpg://h/db", "postgresql+asyncpg://h/db"),
    ],
)
def test_async_drivers(given: str, used: str) -> None:
    assert async_database_url(given) == used
