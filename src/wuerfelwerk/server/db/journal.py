"""The journal: every write goes through one writer that commits in groups.

A table waits for its write to be committed before it broadcasts anything, so an action
a client has seen is always in the database. Many tables' writes that arrive together
share one transaction (group commit), which keeps a busy server off the disk's latency.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from .models import ActionRow, TableRow

log = logging.getLogger(__name__)

Write = Callable[[AsyncSession], Awaitable[None]]
#: The writes one transaction may hold.
MAX_GROUP = 500


@dataclass
class StoredTable:
    """A table as stored: its row and its actions as ``(seat, text)`` in order."""

    row: TableRow
    actions: list[tuple[int, str]] = field(default_factory=list)


class Journal:
    def __init__(self, engine: AsyncEngine) -> None:
        self.sessions = async_sessionmaker(engine, expire_on_commit=False)
        self._queue: asyncio.Queue[tuple[Write, asyncio.Future[None]] | None] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._writer = asyncio.create_task(self._write_groups())

    async def stop(self) -> None:
        """Commit what is queued, then stop the writer."""
        if self._writer is not None:
            self._queue.put_nowait(None)
            await self._writer
            self._writer = None

    async def _write(self, write: Write) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((write, future))
        await future

    async def _write_groups(self) -> None:
        while True:
            first = await self._queue.get()
            if first is None:
                return
            group = [first]
            while len(group) < MAX_GROUP and not self._queue.empty():
                item = self._queue.get_nowait()
                if item is None:
                    self._queue.put_nowait(None)
                    break
                group.append(item)
            try:
                await self._commit([write for write, _ in group])
            except Exception:
                # One bad write must not fail its neighbours: retry each on its own.
                for write, future in group:
                    try:
                        await self._commit([write])
                    except Exception as error:
                        log.exception("a database write failed")
                        future.set_exception(error)
                    else:
                        future.set_result(None)
            else:
                for _, future in group:
                    future.set_result(None)

    async def _commit(self, writes: Sequence[Write]) -> None:
        async with self.sessions() as session, session.begin():
            for write in writes:
                await write(session)

    # -- writes ----------------------------------------------------------------------------

    async def create_table(self, row: TableRow, actions: Sequence[tuple[int, str]]) -> None:
        async def write(session: AsyncSession) -> None:
            session.add(row)
            await session.flush()
            session.add_all(_rows(row.id, 0, actions))

        await self._write(write)

    async def append(
        self, table_id: str, first: int, actions: Sequence[tuple[int, str]], finished: bool
    ) -> None:
        """Store ``actions`` as numbers ``first, first + 1, ...``; mark the end of the game."""

        async def write(session: AsyncSession) -> None:
            session.add_all(_rows(table_id, first, actions))
            if finished:
                await session.execute(
                    update(TableRow).where(TableRow.id == table_id).values(finished=True)
                )

        await self._write(write)

    async def truncate(self, table_id: str, keep: int) -> None:
        """Forget every action from number ``keep`` on (undo)."""

        async def write(session: AsyncSession) -> None:
            await session.execute(
                delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.number >= keep)
            )

        await self._write(write)

    # -- reads -----------------------------------------------------------------------------

    async def load(self, table_id: str) -> StoredTable | None:
        async with self.sessions() as session:
            row = await session.get(TableRow, table_id)
            if row is None:
                return None
            actions = await session.execute(
                select(ActionRow.seat, ActionRow.text)
                .where(ActionRow.table_id == table_id)
                .order_by(ActionRow.number)
            )
            return StoredTable(row, [(seat, text) for seat, text in actions])

    async def load_unfinished(self) -> list[StoredTable]:
        async with self.sessions() as session:
            rows = (
                await session.scalars(select(TableRow).where(TableRow.finished.is_(False)))
            ).all()
            tables = {row.id: StoredTable(row) for row in rows}
            actions = await session.execute(
                select(ActionRow.table_id, ActionRow.seat, ActionRow.text)
                .join(TableRow)
                .where(TableRow.finished.is_(False))
                .order_by(ActionRow.table_id, ActionRow.number)
            )
            for table_id, seat, text in actions:
                tables[table_id].actions.append((seat, text))
            return list(tables.values())


def _rows(table_id: str, first: int, actions: Sequence[tuple[int, str]]) -> list[ActionRow]:
    return [
        ActionRow(table_id=table_id, number=first + offset, seat=seat, text=text)
        for offset, (seat, text) in enumerate(actions)
    ]
