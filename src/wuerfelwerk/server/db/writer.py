"""``FileWriter``: writes to an SQLite file, on the event loop where it may, else by a
thread of its own.

A write takes the file's write lock. Where nobody else holds it, the transaction runs at
once on the event loop, on a connection that never waits for the lock (a busy timeout
of 0): handing it to a thread and hearing back costs more CPU than the transaction
(docs/speed.md). Where another connection holds the lock (the server's other writes go
through the async driver, whose transactions span awaits), waiting with the loop
stopped would stall every table, so the write goes to the thread, which waits for the
lock there. The loop's connection never checkpoints the write-ahead log (a checkpoint
copies pages and syncs the disk); every ``THREAD_EVERY``-th write goes to the thread,
whose connection checkpoints as SQLite does by default once the log is long.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import sqlite3
import threading
from collections.abc import Callable

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import OperationalError

#: Work for the writer: it runs inside a transaction on one of the writer's connections.
Work = Callable[[Connection], None]

#: Every this many writes one goes to the thread, whose commit checkpoints the log.
THREAD_EVERY = 100
#: SQLite's answers when another connection holds the lock (the primary codes, which
#: the low byte of an extended one gives).
LOCKED = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}


class FileWriter:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._jobs: queue.SimpleQueue[tuple[Work, asyncio.Future[None]] | None] = (
            queue.SimpleQueue()
        )
        self._thread = threading.Thread(target=self._run, name="journal", daemon=True)
        self._thread.start()
        #: The event loop's connection, opened at the first write.
        self._here: Connection | None = None
        #: Writes since the last one the thread made.
        self._since_thread = 0

    async def run(self, work: Work) -> None:
        """Run ``work`` in one transaction, done once it is committed (or raising its
        error, the transaction rolled back)."""
        if self._since_thread < THREAD_EVERY and self._ran_here(work):
            self._since_thread += 1
            return
        self._since_thread = 0
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._jobs.put((work, future))
        await future

    def _ran_here(self, work: Work) -> bool:
        """Run ``work`` on the event loop if the write lock is free now; ``False``, with
        nothing written, where another connection holds it."""
        if self._here is None:
            self._here = self.engine.connect()
            self._here.exec_driver_sql("PRAGMA busy_timeout=0")
            self._here.exec_driver_sql("PRAGMA wal_autocheckpoint=0")
            self._here.commit()
        try:
            with self._here.begin():
                work(self._here)
        except (sqlite3.OperationalError, OperationalError) as error:
            # The actions go straight to the driver, whose own error comes back bare.
            found = error.orig if isinstance(error, OperationalError) else error
            if getattr(found, "sqlite_errorcode", 0) & 0xFF in LOCKED:
                return False
            raise
        return True

    async def stop(self) -> None:
        """Finish the work handed over so far, then close the connections."""
        if self._here is not None:
            self._here.close()
            self._here = None
        self._jobs.put(None)
        await asyncio.to_thread(self._thread.join)

    def _run(self) -> None:
        with self.engine.connect() as connection:
            while (job := self._jobs.get()) is not None:
                work, future = job
                error: Exception | None = None
                try:
                    with connection.begin():
                        work(connection)
                except Exception as failed:  # the journal's, to retry or report
                    error = failed
                # A closed event loop has nobody waiting any more.
                with contextlib.suppress(RuntimeError):
                    future.get_loop().call_soon_threadsafe(_settle, future, error)
        self.engine.dispose()


def _settle(future: asyncio.Future[None], error: Exception | None) -> None:
    if future.done():  # its waiter was cancelled
        return
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)
