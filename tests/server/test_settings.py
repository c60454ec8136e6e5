"""Settings come from ``WUERFELWERK_<NAME>``; a refused value names its variable; database
URLs get their async driver; docs/server.md lists every setting with its default."""

from __future__ import annotations

import re
from pathlib import Path

import platformdirs
import pytest

from wuerfelwerk.server.settings import ENV_PREFIX, Settings, SettingsError, async_database_url

DOCS = Path(__file__).resolve().parents[2] / "docs" / "server.md"

#: A value for each setting other than its default, as the environment gives it.
OTHER_VALUES = {
    "database_url": ("postgresql://u@db:5432/games", "postgresql+asyncpg://u@db:5432/games"),
    "max_message_bytes": ("1000", 1000),
    "bot_deadline": ("2.5", 2.5),
    "bot_threads": ("4", 4),
    "max_pending_frames": ("50", 50),
    "secret_key": ("a key of our own", "a key of our own"),
    "cluster": ("true", True),
    "lease_seconds": ("3", 3.0),
    "forwarded_allow_ips": ("10.0.0.5,10.0.0.6", "10.0.0.5,10.0.0.6"),
    "hsts_seconds": ("0", 0),
    "allowed_origins": ("https://games.example", "https://games.example"),
    "chat_rate": ("3 per minute", "3 per minute"),
    "message_rate": ("5 per second", "5 per second"),
    "sign_in_name_rate": ("3 per hour", "3 per hour"),
    "password_rate": ("4 per hour", "4 per hour"),
    "new_player_rate": ("2 per day", "2 per day"),
    "new_table_rate": ("2 per minute", "2 per minute"),
    "export_rate": ("1 per day", "1 per day"),
    "analysis_rate": ("2 per day", "2 per day"),
    "hint_rate": ("5 per hour", "5 per hour"),
    "analysis_workers": ("3", 3),
    "analysis_queue": ("4", 4),
    "analysis_budget": ("0", 0),
    "open_tables_per_address": ("3", 3),
    "open_tables_per_player": ("2", 2),
    "open_table_hours": ("2.5", 2.5),
    "connections_per_address": ("7", 7),
    "any_bot": ("true", True),
    "limits_exempt": ("10.0.0.0/8, ::1", "10.0.0.0/8, ::1"),
}


def test_default_database_is_sqlite_in_the_users_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("WUERFELWERK_DATABASE_URL", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    url = Settings.from_env().database_url
    folder = Path(platformdirs.user_data_dir("wuerfelwerk"))
    assert url == f"sqlite+aiosqlite:///{folder / 'wuerfelwerk.db'}"
    assert folder.is_dir()


@pytest.mark.parametrize("name", list(Settings.model_fields))
def test_every_setting_is_read_from_its_variable(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    given, read = OTHER_VALUES[name]
    # A cluster runs on PostgreSQL only.
    monkeypatch.setenv("WUERFELWERK_DATABASE_URL", "postgresql://u@db:5432/games")
    assert read != Settings.model_fields[name].get_default(call_default_factory=True)
    monkeypatch.setenv(ENV_PREFIX + name.upper(), given)
    assert getattr(Settings.from_env(), name) == read


def test_the_command_line_overrides_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WUERFELWERK_DATABASE_URL", "postgresql://u@db:5432/games")
    chosen = Settings.from_env(database_url="sqlite:///here.db")
    assert chosen.database_url == "sqlite+aiosqlite:///here.db"
    assert Settings.from_env(database_url=None).database_url.startswith("postgresql+asyncpg:")


@pytest.mark.parametrize(
    ("variable", "value", "message"),
    [
        ("BOT_THREADS", "two", "WUERFELWERK_BOT_THREADS='two': Input should be a valid integer"),
        ("BOT_THREADS", "0", "WUERFELWERK_BOT_THREADS='0': Input should be greater than 0"),
        ("BOT_DEADLINE", "soon", "WUERFELWERK_BOT_DEADLINE='soon': Input should be a valid"),
        ("MAX_PENDING_FRAMES", "-5", "WUERFELWERK_MAX_PENDING_FRAMES='-5': Input should be"),
        ("LEASE_SECONDS", "0", "WUERFELWERK_LEASE_SECONDS='0': Input should be greater than 0"),
        ("CLUSTER", "maybe", "WUERFELWERK_CLUSTER='maybe': Input should be a valid boolean"),
        (
            "CLUSTER",
            "true",
            "a cluster (serve --workers above 1, or WUERFELWERK_CLUSTER) shares a PostgreSQL "
            "database, not SQLite",
        ),
        (
            "DATABASE_URL",
            "mysql://me:secret@host/games",
            "WUERFELWERK_DATABASE_URL: the database URL 'mysql://me:***@host/games' is "
            "neither SQLite",
        ),
        ("DATABASE_URL", "games.db", "the database URL 'games.db' is neither SQLite"),
        ("DATABASE_URL", "postgresql://h:port/db", "cannot be read"),
        ("CHAT_RATE", "often", "WUERFELWERK_CHAT_RATE: 'often' is no rate"),
        ("LIMITS_EXEMPT", "10.0.0.0/8,home", "WUERFELWERK_LIMITS_EXEMPT: 'home' is no address"),
        ("ALLOWED_ORIGINS", "games.example", "WUERFELWERK_ALLOWED_ORIGINS: 'games.example' is no"),
        ("OPEN_TABLES_PER_PLAYER", "0", "WUERFELWERK_OPEN_TABLES_PER_PLAYER='0': Input should be"),
    ],
)
def test_a_refused_value_names_its_variable_in_one_line(
    monkeypatch: pytest.MonkeyPatch, variable: str, value: str, message: str
) -> None:
    monkeypatch.setenv(ENV_PREFIX + variable, value)
    with pytest.raises(SettingsError) as refused:
        Settings.from_env()
    assert message in str(refused.value) and "\n" not in str(refused.value)
    assert "secret" not in str(refused.value)


def test_docs_list_every_setting_with_its_default() -> None:
    rows = {
        match[1]: match[2]
        for match in re.finditer(r"`WUERFELWERK_([A-Z_]+)` \| ([^|\n]+)", DOCS.read_text())
    }
    assert set(rows) == {name.upper() for name in Settings.model_fields}
    for name, field in Settings.model_fields.items():
        # A default made at run time (a factory, or an empty value) is said in words.
        if field.default_factory is None and field.default not in ("", None):
            assert rows[name.upper()].strip() == str(field.default)


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


@pytest.mark.parametrize(
    "url", ["mysql://x/y", "sqlite+pysqlite:///a.db", "postgresql+psycopg://h/d"]
)
def test_other_databases_and_drivers_are_refused(url: str) -> None:
    with pytest.raises(ValueError, match="neither SQLite"):
        async_database_url(url)
