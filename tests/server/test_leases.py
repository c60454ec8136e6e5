"""Leases on a real PostgreSQL: a live process keeps its tables; a dead one's are taken
over, and its late writes are refused, so the new owner has replayed every stored
action; the dead process learns it at its next heartbeat."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

import pytest
from sqlalchemy import select, update
from sqlalchemy.exc import DBAPIError

from wuerfelwerk.server.db import Journal, open_database
from wuerfelwerk.server.db.journal import Change, LeaseLostError
from wuerfelwerk.server.db.leases import Leases
from wuerfelwerk.server.db.models import ActionRow, MemberRow, TableRow
from wuerfelwerk.server.settings import async_database_url

from .client import table_row
from .conftest import PostgresCluster

T = TypeVar("T")
LEASE = 30.0


def run(database: str, work: Callable[[Leases, Leases, Journal], Awaitable[T]]) -> T:
    """``work`` with the leases of processes ``a`` and ``b`` and the journal of ``a``."""

    async def main() -> T:
        engine = await open_database(async_database_url(database))
        journal = Journal(engine, owner="a")
        journal.start()
        a, b = Leases(engine, "a", LEASE), Leases(engine, "b", LEASE)
        await a.join()
        await b.join()
        try:
            return await work(a, b, journal)
        finally:
            await journal.stop()
            await engine.dispose()

    return asyncio.run(main())


async def silence(leases: Leases) -> None:
    """Make the process of ``leases`` look dead: its last heartbeat older than the lease."""
    async with leases.engine.begin() as connection:
        await connection.execute(
            update(MemberRow).where(MemberRow.id == leases.me).values(heartbeat=0.0)
        )


def test_a_live_process_keeps_its_tables(postgres_cluster: PostgresCluster) -> None:
    async def work(a: Leases, b: Leases, journal: Journal) -> None:
        await journal.create_table(table_row("t1", "a"), [(-1, "3")])
        found = await b.take_over()
        assert found.tables == [] and found.alive == {"a", "b"}
        assert await b.owner("t1") == (True, "a")
        assert not await b.claim("t1")
        await journal.append("t1", 1, [(0, "a1-b2")], finished=False)  # still a's

    run(postgres_cluster.new_database(), work)


def test_a_dead_process_loses_its_tables_and_its_late_writes(
    postgres_cluster: PostgresCluster,
) -> None:
    async def work(a: Leases, b: Leases, journal: Journal) -> None:
        await journal.create_table(table_row("t1", "a"), [(-1, "3")])
        await journal.create_table(table_row("t2", "a"), [(-1, "4")])
        await silence(a)
        assert await b.owner("t1") == (True, None)
        found = await b.take_over()
        assert sorted(found.tables) == ["t1", "t2"] and found.alive == {"b"}
        with pytest.raises(LeaseLostError, match="t1"):
            await journal.append("t1", 1, [(0, "a1-b2")], finished=False)
        assert not await a.renew()  # a learns it was taken for dead
        await a.join()
        assert await b.owner("t1") == (True, "b")

    run(postgres_cluster.new_database(), work)


async def stored(journal: Journal, table_id: str) -> list[str]:
    async with journal.engine.connect() as connection:
        found = await connection.scalars(
            select(ActionRow.text).where(ActionRow.table_id == table_id).order_by(ActionRow.number)
        )
        return list(found)


def test_every_kind_of_late_write_is_refused(postgres_cluster: PostgresCluster) -> None:
    """After a takeover the old owner can store nothing at the table: no action, no clock
    or rematch (a table's columns), no undo; the new owner's table stays as it found it."""

    async def work(a: Leases, b: Leases, journal: Journal) -> None:
        await journal.create_table(table_row("t1", "a"), [(-1, "3")])
        await silence(a)
        await b.take_over()
        with pytest.raises(LeaseLostError, match="t1"):
            await journal.append("t1", 1, [(0, "a1-b2")], finished=True, values={"undo": True})
        with pytest.raises(LeaseLostError, match="t1"):
            await journal.update("t1", {"undo": True})
        with pytest.raises(LeaseLostError, match="t1"):
            await journal.truncate("t1", 0)
        assert await stored(journal, "t1") == ["3"]
        async with journal.engine.connect() as connection:
            row = (await connection.execute(select(TableRow).where(TableRow.id == "t1"))).one()
        assert (row.finished, row.undo, row.owner) == (False, False, "b")

    run(postgres_cluster.new_database(), work)


def test_a_group_with_one_lost_table_stores_nothing(postgres_cluster: PostgresCluster) -> None:
    """One transaction writes the actions of many tables: if one of them was taken over,
    none of the group's actions is stored (the journal then writes each on its own)."""

    async def work(a: Leases, b: Leases, journal: Journal) -> None:
        await journal.create_table(table_row("kept", "a"), [(-1, "3")])
        await journal.create_table(table_row("lost", "a"), [(-1, "4")])
        async with journal.engine.begin() as connection:
            await connection.execute(
                update(TableRow).where(TableRow.id == "lost").values(owner="b")
            )
        group = [
            Change(actions=[{"table_id": "kept", "number": 1, "seat": 0, "text": "x", "at": 1.0}]),
            Change(actions=[{"table_id": "lost", "number": 1, "seat": 0, "text": "y", "at": 1.0}]),
        ]
        with pytest.raises(LeaseLostError, match="lost"):
            async with journal.engine.begin() as connection:
                await connection.run_sync(journal._write_changes, group)
        assert await stored(journal, "kept") == ["3"]
        assert await stored(journal, "lost") == ["4"]

    run(postgres_cluster.new_database(), work)


def test_a_takeover_waits_for_a_write_under_way(postgres_cluster: PostgresCluster) -> None:
    """The insert of a table's actions locks the table's row until its transaction ends:
    a takeover (which changes the row's owner) cannot slip in between the check and the
    commit, so the new owner replays every action the old one stored."""

    async def work(a: Leases, b: Leases, journal: Journal) -> None:
        await journal.create_table(table_row("t1", "a"), [(-1, "3")])
        row = {"table_id": "t1", "number": 1, "seat": 0, "text": "a1-b2", "at": 1.0}
        # The lock a takeover's update of the row's owner needs, asked for without waiting
        # (FOR NO KEY UPDATE: the key share that an action's foreign key takes lets it be).
        takeover_lock = (
            select(TableRow.id)
            .where(TableRow.id == "t1")
            .with_for_update(key_share=True, nowait=True)
        )
        async with journal.engine.begin() as writing, journal.engine.connect() as other:
            await writing.run_sync(journal._write_changes, [Change(actions=[row])])
            with pytest.raises(DBAPIError, match="could not obtain lock"):
                await other.execute(takeover_lock)
            await other.rollback()
        async with journal.engine.begin() as other:  # committed: the row is free again
            assert list(await other.scalars(takeover_lock)) == ["t1"]
        assert await stored(journal, "t1") == ["3", "a1-b2"]

    run(postgres_cluster.new_database(), work)
