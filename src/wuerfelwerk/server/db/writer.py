"""``FileWriter``: one thread that writes to an SQLite file on a connection of its own.

The event loop hands it a piece of work and hears back once, when the transaction is
committed. Through the async driver every statement, the begin and the commit would each
pass to the driver's thread and back, and the pool would hand out and reset a connection
for every transaction: most of the cost of a small write.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable

from sqlalchemy import Connection, Engine

#: Work for the writer: it runs inside a transaction on the writer's connection.
Work = Callable[[Connection], None]


class FileWriter:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._jobs: queue.SimpleQueue[tuple[Work, asyncio.Future[None]] | None] = (
            queue.SimpleQueue()
        )
        self._thread = threading.Thread(target=self._run, name="journal", daemon=True)
        self._thread.start()

    def run(self, work: Work) -> asyncio.Future[None]:
        """Run ``work`` in one transaction; the future is done once it is committed (or
        holds the error, the transaction rolled back)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._jobs.put((work, future))
        return future

    async def stop(self) -> None:
        """Finish the work handed over so far, then close the connection."""
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
