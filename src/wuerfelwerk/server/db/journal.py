"""The journal: every write goes through one writer that commits in groups.

A table waits for its write to be committed before it broadcasts anything, so an action
a client has seen is always in the database. Many tables' writes that arrive together
share one transaction (group commit), which keeps a busy server off the disk's latency.

On SQLite a group is written on the event loop where the file's write lock is free,
else by a thread of its own (``FileWriter``), and the actions, nearly every write, go
straight to the driver. PostgreSQL's driver is asynchronous itself, and a group is
written on the event loop; in a cluster, its actions go only to tables this process
holds, checked in the statement that inserts them.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    Float,
    Integer,
    String,
    bindparam,
    delete,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker

from ..batches import next_batch
from .engine import sqlite_file_engine
from .models import ActionRow, TableRow
from .writer import FileWriter

log = logging.getLogger(__name__)

#: The writes one transaction may hold.
MAX_GROUP = 500

#: An action's row as ``_rows`` makes it, and SQLite's statement that stores it.
ACTION_COLUMNS = ("table_id", "number", "seat", "text", "at")
INSERT_ACTION = (
    f"INSERT INTO {ActionRow.__tablename__} ({', '.join(ACTION_COLUMNS)}) "
    f"VALUES ({', '.join('?' for _ in ACTION_COLUMNS)})"
)

#: A cluster's insert of actions (PostgreSQL): only to tables ``owner`` holds, whose rows
#: it locks as ``_check_held`` does, in the same statement. The rows come as one array
#: per column, so the statement's text is the same for any number of them; each looks its
#: table up by its key (a join would let the planner read every table's row).
INSERT_HELD_ACTIONS = text(
    f"INSERT INTO {ActionRow.__tablename__} ({', '.join(ACTION_COLUMNS)}) "
    f"SELECT {', '.join('v.' + key for key in ACTION_COLUMNS)} "
    f"FROM unnest(:table_id, :number, :seat, :text, :at) AS v({', '.join(ACTION_COLUMNS)}) "
    f"CROSS JOIN LATERAL (SELECT FROM {TableRow.__tablename__} AS held "
    "WHERE held.id = v.table_id AND held.owner = :owner FOR SHARE) AS held"
).bindparams(
    bindparam("table_id", type_=ARRAY(String)),
    bindparam("number", type_=ARRAY(Integer)),
    bindparam("seat", type_=ARRAY(Integer)),
    bindparam("text", type_=ARRAY(String)),
    bindparam("at", type_=ARRAY(Float)),
)


@dataclass
class StoredTable:
    """A table as stored: its row, its actions as ``(seat, text)`` in order, and when
    each was taken (seconds since the epoch, ``None`` where not stored)."""

    row: TableRow
    actions: list[tuple[int, str]] = field(default_factory=list)
    times: list[float | None] = field(default_factory=list)


@dataclass
class Change:
    """One write: new tables, new actions, tables that ended, changed columns of tables
    (a clock, a rematch), or an undo's truncation."""

    tables: list[dict[str, Any]] = field(default_factory=list)
    actions: list[dict[str, Any]] = field(default_factory=list)
    finished: list[str] = field(default_factory=list)
    updates: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    truncate: tuple[str, int] | None = None


class LeaseLostError(RuntimeError):
    """A write to a table this process no longer holds (a cluster took it over)."""


class Journal:
    def __init__(self, engine: AsyncEngine, owner: str | None = None) -> None:
        self.engine = engine
        #: In a cluster, this process: a write goes through only to tables it holds.
        self.owner = owner
        self.sessions = async_sessionmaker(engine, expire_on_commit=False)
        self._queue: asyncio.Queue[tuple[Change, asyncio.Future[None]] | None] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None
        #: SQLite (a file): the thread that writes on a connection of its own.
        file_engine = sqlite_file_engine(engine)
        self._file = None if file_engine is None else FileWriter(file_engine)

    def start(self) -> None:
        self._writer = asyncio.create_task(self._write_groups())

    async def stop(self) -> None:
        """Commit what is queued, then stop the writer."""
        if self._writer is not None:
            self._queue.put_nowait(None)
            await self._writer
            self._writer = None
        if self._file is not None:
            await self._file.stop()

    async def _write(self, change: Change) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((change, future))
        await future

    async def _write_groups(self) -> None:
        while group := await next_batch(self._queue, MAX_GROUP):
            try:
                await self._commit([change for change, _ in group])
            except Exception:
                # One bad write must not fail its neighbours: retry each on its own.
                for change, future in group:
                    try:
                        await self._commit([change])
                    except Exception as error:
                        log.exception("a database write failed")
                        if not future.done():
                            future.set_exception(error)
                    else:
                        if not future.done():
                            future.set_result(None)
            else:
                for _, future in group:
                    if not future.done():  # its waiter was cancelled
                        future.set_result(None)

    async def _commit(self, changes: Sequence[Change]) -> None:
        """Write ``changes`` in order in one transaction."""
        if self._file is not None:
            await self._file.run(lambda connection: self._write_changes(connection, changes))
            return
        async with self.engine.begin() as connection:
            await connection.run_sync(self._write_changes, changes)

    def _write_changes(self, connection: Connection, changes: Sequence[Change]) -> None:
        """Write ``changes`` in order, with as few statements as may be."""
        if self.owner is not None:
            self._check_held(connection, changes)
        tables: list[dict[str, Any]] = []
        actions: list[dict[str, Any]] = []
        finished: list[str] = []
        updates: list[tuple[str, dict[str, Any]]] = []
        for change in changes:
            if change.truncate is not None:
                self._insert(connection, tables, actions)
                tables, actions = [], []
                table_id, keep = change.truncate
                connection.execute(
                    delete(ActionRow).where(
                        ActionRow.table_id == table_id, ActionRow.number >= keep
                    )
                )
            tables += change.tables
            actions += change.actions
            finished += change.finished
            updates += change.updates
        self._insert(connection, tables, actions)
        if finished:
            connection.execute(
                update(TableRow).where(TableRow.id.in_(finished)).values(finished=True)
            )
        for table_id, values in updates:
            connection.execute(update(TableRow).where(TableRow.id == table_id).values(**values))

    def _check_held(self, connection: Connection, changes: Sequence[Change]) -> None:
        """Lock the rows of the tables ``changes`` write to, and refuse the whole group if
        one of them is held by another process now: a takeover waits for this transaction,
        and a write after it fails, so the new owner has replayed every stored action.

        A table with actions in this group is checked by their insert (``_insert``), which
        comes before the table's end and changed columns are written; an undo's table is
        checked here first. A table new in this group is this process's own."""
        new = {values["id"] for change in changes for values in change.tables}
        inserted = {row["table_id"] for change in changes for row in change.actions}
        touched: set[str] = set()
        for change in changes:
            touched.update(change.finished)
            touched.update(table_id for table_id, _ in change.updates)
        touched -= inserted
        touched.update(change.truncate[0] for change in changes if change.truncate is not None)
        touched -= new
        if touched:
            held = connection.scalars(
                select(TableRow.id)
                .where(TableRow.id.in_(touched), TableRow.owner == self.owner)
                .with_for_update(read=True)
            )
            self._refuse_lost(touched - set(held))

    @staticmethod
    def _refuse_lost(lost: set[str]) -> None:
        if lost:
            raise LeaseLostError(f"tables held by another process now: {', '.join(sorted(lost))}")

    def _insert(
        self, connection: Connection, tables: list[dict[str, Any]], actions: list[dict[str, Any]]
    ) -> None:
        if tables:
            connection.execute(insert(TableRow), tables)
        if not actions:
            return
        if self.owner is not None:
            columns = {key: [row[key] for row in actions] for key in ACTION_COLUMNS}
            stored = connection.execute(INSERT_HELD_ACTIONS, {**columns, "owner": self.owner})
            if stored.rowcount != len(actions):  # the transaction must not commit
                written = set(columns["table_id"])
                held = connection.scalars(
                    select(TableRow.id).where(
                        TableRow.id.in_(written), TableRow.owner == self.owner
                    )
                )
                self._refuse_lost(written - set(held))
                raise LeaseLostError(f"{stored.rowcount} of {len(actions)} actions stored")
            return
        driver = connection.connection.driver_connection
        if isinstance(driver, sqlite3.Connection):  # the file writer's
            # The statement of nearly every write, straight to the driver: a third of the
            # time of SQLAlchemy's insert.
            driver.executemany(
                INSERT_ACTION, [tuple(row[key] for key in ACTION_COLUMNS) for row in actions]
            )
        else:
            connection.execute(insert(ActionRow), actions)

    # -- writes ----------------------------------------------------------------------------

    async def create_table(
        self, row: TableRow, actions: Sequence[tuple[int, str]], times: Sequence[float] = ()
    ) -> None:
        values = {column.key: getattr(row, column.key) for column in TableRow.__table__.columns}
        values.pop("created_at")
        await self._write(Change(tables=[values], actions=_rows(row.id, 0, actions, times)))

    async def append(
        self,
        table_id: str,
        first: int,
        actions: Sequence[tuple[int, str]],
        finished: bool,
        values: dict[str, Any] | None = None,
        times: Sequence[float] = (),
    ) -> None:
        """Store ``actions`` as numbers ``first, first + 1, ...`` (taken at ``times``);
        mark the end of the game; set the table's columns in ``values`` (the clock) in the
        same transaction."""
        ended = [table_id] if finished else []
        updates = [(table_id, values)] if values else []
        rows = _rows(table_id, first, actions, times)
        await self._write(Change(actions=rows, finished=ended, updates=updates))

    async def update(self, table_id: str, values: dict[str, Any]) -> None:
        """Set columns of a table's row (its clock, its rematch)."""
        await self._write(Change(updates=[(table_id, values)]))

    async def truncate(self, table_id: str, keep: int) -> None:
        """Forget every action from number ``keep`` on (undo)."""
        await self._write(Change(truncate=(table_id, keep)))

    # -- reads -----------------------------------------------------------------------------

    async def load(self, table_id: str) -> StoredTable | None:
        async with self.sessions() as session:
            row = await session.get(TableRow, table_id)
            if row is None:
                return None
            actions = (
                await session.execute(
                    select(ActionRow.seat, ActionRow.text, ActionRow.at)
                    .where(ActionRow.table_id == table_id)
                    .order_by(ActionRow.number)
                )
            ).all()
            return StoredTable(
                row, [(seat, text) for seat, text, _ in actions], [at for *_, at in actions]
            )

    async def load_unfinished(self, only: Sequence[str] | None = None) -> list[StoredTable]:
        """The unfinished tables (of the ones ``only``, if given) with their actions."""
        chosen: ColumnElement[bool] = TableRow.finished.is_(False)
        if only is not None:
            chosen = chosen & TableRow.id.in_(only)
        async with self.sessions() as session:
            rows = (await session.scalars(select(TableRow).where(chosen))).all()
            tables = {row.id: StoredTable(row) for row in rows}
            actions = await session.execute(
                select(ActionRow.table_id, ActionRow.seat, ActionRow.text, ActionRow.at)
                .join(TableRow)
                .where(chosen)
                .order_by(ActionRow.table_id, ActionRow.number)
            )
            for table_id, seat, text, at in actions:
                tables[table_id].actions.append((seat, text))
                tables[table_id].times.append(at)
            return list(tables.values())


def _rows(
    table_id: str, first: int, actions: Sequence[tuple[int, str]], times: Sequence[float]
) -> list[dict[str, Any]]:
    at = list(times) if times else [None] * len(actions)
    return [
        {"table_id": table_id, "number": first + offset, "seat": seat, "text": text, "at": when}
        for offset, ((seat, text), when) in enumerate(zip(actions, at, strict=True))
    ]
