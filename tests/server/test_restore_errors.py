"""A stored table that no longer replays does not keep the server from starting: the
log names the table and keeps the traceback that says why; a player asking for it learns
that it cannot be replayed, and nothing of the reason."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from wuerfelwerk.server.launch import ServerProcess

from .client import create_table, game_under_test, get


def test_a_table_that_does_not_replay_is_logged_with_its_traceback(workdir: Path) -> None:
    database, log = workdir / "tables.db", workdir / "server.log"
    with ServerProcess(f"sqlite:///{database}", log=log) as server:
        table = create_table(server, game_under_test("malefiz"), ["human", "human"])
    with sqlite3.connect(database) as connection:
        connection.execute("UPDATE table_actions SET text = 'fly away'")
    with ServerProcess(f"sqlite:///{database}", log=log) as server:
        response = get(server, f"/api/tables/{table['id']}")
        assert response.status_code == 500
        assert response.json()["code"] == "unreplayable_table"
        assert "fly away" not in response.text
    text = log.read_text()
    assert f"table {table['id']} cannot be restored: not a Malefiz action" in text
    assert "Traceback (most recent call last)" in text
