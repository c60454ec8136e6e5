"""Leases on a real PostgreSQL: a live process keeps its tables; a dead one's are taken
over, and its late writes are refused, so the new owner has replayed every stored
action; the dead process learns it at its next heartbeat."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

import pytest
from sqlalchemy import update

from wuerfelwerk.server.db import Journal, open_database
from wuerfelwerk.server.db.journal import LeaseLostError
from wuerfelwerk.server.db.leases import Leases
from wuerfelwerk.server.db.models import MemberRow
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
