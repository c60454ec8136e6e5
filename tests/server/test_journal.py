"""The journal on SQLite, in a file (written by its own thread) and in memory (through
the async driver): what it commits is what it loads, in order, and a write it refuses
changes nothing."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError

from wuerfelwerk.server.db import Journal, open_database
from wuerfelwerk.server.settings import async_database_url

from .client import table_row


async def write_and_read(url: str) -> None:
    engine = await open_database(async_database_url(url))
    journal = Journal(engine)
    journal.start()
    try:
        await journal.create_table(table_row("t1"), [(-1, "roll 3")])
        # Writes of several tables at once share a transaction.
        await asyncio.gather(
            journal.create_table(table_row("t2"), []),
            journal.append("t1", 1, [(0, "a1-b2"), (-1, "roll 5")], False, times=[10.5, 11.25]),
            journal.append("t1", 3, [(1, "c3-d4")], True, {"clock_state": {"seat": 1}}),
        )
        # A clash with a stored action is refused (the driver's error where the file's
        # thread hands the actions to it) and leaves the rest as it was.
        with pytest.raises((IntegrityError, sqlite3.IntegrityError)):
            await journal.append("t1", 2, [(1, "again")], False)
        await journal.truncate("t1", 3)
        stored = await journal.load("t1")
        assert stored is not None
        assert stored.actions == [(-1, "roll 3"), (0, "a1-b2"), (-1, "roll 5")]
        # When each action was taken, where known: a race is judged by it (WUW).
        assert stored.times == [None, 10.5, 11.25]
        assert stored.row.finished and stored.row.clock_state == {"seat": 1}
        unfinished = await journal.load_unfinished()
        assert [table.row.id for table in unfinished] == ["t2"]
    finally:
        await journal.stop()
        await engine.dispose()


@pytest.mark.parametrize("where", ["file", "memory"])
def test_the_journal_stores_what_it_acknowledges(where: str, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}" if where == "file" else "sqlite:///:memory:"
    asyncio.run(write_and_read(url))
