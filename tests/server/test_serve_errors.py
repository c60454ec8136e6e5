"""``wuerfelwerk serve`` with a setting or a database it cannot use stops before it
listens: one line on stderr that names the problem, exit status 2, no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from wuerfelwerk.server.launch import free_port

from .conftest import PostgresCluster

COMMAND = [sys.executable, "-m", "wuerfelwerk.cli", "serve", "--port", "0"]


def serve(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
    )


def assert_one_line(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 2, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert result.stderr.startswith("error: ")
    for word in words:
        assert word in result.stderr


def test_an_unknown_database_scheme() -> None:
    result = serve("--db", "mysql://games:secret@db.example/games")
    assert_one_line(result, "'mysql://games:***@db.example/games' is neither SQLite")
    assert "secret" not in result.stderr


def test_several_workers_on_sqlite(tmp_path: Path) -> None:
    result = serve("--workers", "2", "--db", f"sqlite:///{tmp_path / 'games.db'}")
    assert_one_line(result, "a cluster (serve --workers above 1", "PostgreSQL database, not SQLite")


def test_an_unreachable_postgresql() -> None:
    port = free_port()  # nothing listens there
    result = serve("--db", f"postgresql://postgres@127.0.0.1:{port}/games")
    assert_one_line(result, f"127.0.0.1:{port}/games", "connection refused")


@pytest.mark.parametrize("where", ["file", "/proc"])
def test_an_sqlite_file_that_cannot_be_written(tmp_path: Path, where: str) -> None:
    # A folder the server cannot create a file in, even as root: below a plain file,
    # or in /proc.
    if where == "file":
        (tmp_path / "notes.txt").write_text("a file, not a folder")
        path = tmp_path / "notes.txt" / "games.db"
    else:
        path = Path("/proc/wuerfelwerk-games.db")
    result = serve("--db", f"sqlite:///{path}")
    assert_one_line(result, f"cannot open the database sqlite+aiosqlite:///{path}")
    assert "unable to open database file" in result.stderr


def test_a_setting_that_is_not_a_number(tmp_path: Path) -> None:
    result = serve(
        "--db", f"sqlite:///{tmp_path / 'games.db'}", env={"WUERFELWERK_BOT_THREADS": "two"}
    )
    assert_one_line(result, "WUERFELWERK_BOT_THREADS='two'", "valid integer")


def test_a_postgresql_database_that_does_not_exist(postgres_cluster: PostgresCluster) -> None:
    url = f"postgresql://postgres@127.0.0.1:{postgres_cluster.port}/no_such_games"
    result = serve("--db", url)
    assert_one_line(result, 'database "no_such_games" does not exist')
