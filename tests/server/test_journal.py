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


async def write_while_locked(path: Path) -> None:
    """Another connection holds the file's write lock: the journal's write waits for it
    off the event loop, which keeps running, and is stored once the lock is free."""
    engine = await open_database(async_database_url(f"sqlite:///{path}"))
    journal = Journal(engine)
    journal.start()
    other = sqlite3.connect(path, isolation_level=None)
    try:
        await journal.create_table(table_row("t1"), [])
        # The event loop's connection never waits for the lock, nor checkpoints.
        here = journal._file._here if journal._file is not None else None
        assert here is not None
        with here.begin():
            settings = [
                here.exec_driver_sql(f"PRAGMA {name}").scalar()
                for name in ("busy_timeout", "wal_autocheckpoint")
            ]
        assert settings == [0, 0]
        other.execute("BEGIN IMMEDIATE")
        write = asyncio.create_task(journal.append("t1", 0, [(0, "a1-b2")], False))
        for _ in range(100):  # the loop runs on: this coroutine gets its turns
            await asyncio.sleep(0)
        assert not write.done()
        other.execute("ROLLBACK")  # from the loop itself: a stopped loop could not
        await write
        stored = await journal.load("t1")
        assert stored is not None and stored.actions == [(0, "a1-b2")]
    finally:
        other.close()
        await journal.stop()
        await engine.dispose()


def test_a_write_waits_for_the_lock_off_the_event_loop(tmp_path: Path) -> None:
    asyncio.run(write_while_locked(tmp_path / "games.db"))


async def write_many(path: Path, writes: int) -> int:
    engine = await open_database(async_database_url(f"sqlite:///{path}"))
    journal = Journal(engine)
    journal.start()
    try:
        await journal.create_table(table_row("t1"), [])
        for number in range(writes):
            await journal.append("t1", number, [(0, "a1-b2")], False)
        stored = await journal.load("t1")
        assert stored is not None and len(stored.actions) == writes
        return path.with_name(path.name + "-wal").stat().st_size
    finally:
        await journal.stop()
        await engine.dispose()


def test_the_log_is_checkpointed_while_the_event_loop_writes(tmp_path: Path) -> None:
    # Each write adds a few pages of 4 KiB to the write-ahead log. Written on the event
    # loop alone, never checkpointed, 3,000 writes leave it some 25 MB long; the
    # writes the thread makes checkpoint it, and the next write starts it over.
    size = asyncio.run(write_many(tmp_path / "games.db", 3000))
    assert size < 8 * 1024 * 1024
