"""What the abuse limits count, in the server's database, so that a limit holds across
every process of a cluster: the rate limits' hits (a storage of the ``limits`` library),
the live WebSocket connections per address, and who opened which table.

Addresses arrive here as keyed hashes (``server/guard/addresses.py``), never as written.
On PostgreSQL a check and its count run under an advisory lock on the key, so two
processes never both take the last place; SQLite serves one process, and a lock of the
process does the same.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from limits.aio.storage import MovingWindowSupport, Storage
from sqlalchemy import delete, func, insert, or_, select, text, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from .models import LiveConnectionRow, MemberRow, RateHitRow, TableOpenerRow, TableRow


class KeyLocks:
    """Transactions that hold a lock on a key until they end."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._postgresql = engine.dialect.name == "postgresql"
        self._here = asyncio.Lock()

    @asynccontextmanager
    async def locked(self, key: str) -> AsyncIterator[AsyncConnection]:
        if self._postgresql:
            async with self.engine.begin() as connection:
                await connection.execute(
                    text("SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))"), {"key": key}
                )
                yield connection
            return
        async with self._here, self.engine.begin() as connection:
            yield connection


class DatabaseStorage(Storage, MovingWindowSupport):
    """A ``limits`` storage in the server's database: one row per counted hit."""

    STORAGE_SCHEME = ["wuerfelwerk+database"]  # noqa: RUF012 (the base class types it)

    def __init__(self, engine: AsyncEngine) -> None:
        super().__init__(None)
        self.engine = engine
        self.locks = KeyLocks(engine)

    @property
    def base_exceptions(self) -> type[Exception]:
        return SQLAlchemyError

    async def _count(self, connection: AsyncConnection, key: str, since: float) -> int:
        found = await connection.scalar(
            select(func.count()).where(RateHitRow.key == key, RateHitRow.at > since)
        )
        return int(found or 0)

    async def _add(self, connection: AsyncConnection, key: str, expiry: float, amount: int) -> None:
        now = time.time()
        row = {"key": key, "at": now, "expires_at": now + expiry}
        await connection.execute(insert(RateHitRow), [row] * amount)

    async def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        """Count ``amount`` hits if fewer than ``limit - amount`` were counted in the last
        ``expiry`` seconds (the moving window)."""
        if amount > limit:
            return False
        async with self.locks.locked(key) as connection:
            now = time.time()
            await connection.execute(
                delete(RateHitRow).where(RateHitRow.key == key, RateHitRow.at <= now - expiry)
            )
            if await self._count(connection, key, now - expiry) + amount > limit:
                return False
            await self._add(connection, key, expiry, amount)
            return True

    async def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]:
        """The oldest hit of the window (now, if none) and the number of hits in it."""
        now = time.time()
        async with self.engine.connect() as connection:
            oldest, count = (
                await connection.execute(
                    select(func.min(RateHitRow.at), func.count()).where(
                        RateHitRow.key == key, RateHitRow.at > now - expiry
                    )
                )
            ).one()
        return (now if oldest is None else float(oldest)), int(count)

    async def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        """Count ``amount`` hits that count for ``expiry`` seconds; the hits counting now."""
        async with self.locks.locked(key) as connection:
            await self._add(connection, key, expiry, amount)
            return await self._counting(connection, key)

    async def get(self, key: str) -> int:
        """The hits of ``key`` counting now."""
        async with self.engine.connect() as connection:
            return await self._counting(connection, key)

    async def _counting(self, connection: AsyncConnection, key: str) -> int:
        found = await connection.scalar(
            select(func.count()).where(RateHitRow.key == key, RateHitRow.expires_at > time.time())
        )
        return int(found or 0)

    async def get_expiry(self, key: str) -> float:
        """When the last hit of ``key`` stops counting (now, if none counts)."""
        async with self.engine.connect() as connection:
            found = await connection.scalar(
                select(func.max(RateHitRow.expires_at)).where(RateHitRow.key == key)
            )
        return time.time() if found is None else max(float(found), time.time())

    async def check(self) -> bool:
        async with self.engine.connect() as connection:
            await connection.execute(select(1))
        return True

    async def clear(self, key: str) -> None:
        async with self.engine.begin() as connection:
            await connection.execute(delete(RateHitRow).where(RateHitRow.key == key))

    async def reset(self) -> int | None:
        async with self.engine.begin() as connection:
            result = await connection.execute(delete(RateHitRow))
        return int(result.rowcount)

    async def sweep(self) -> None:
        """Forget every hit that no longer counts."""
        async with self.engine.begin() as connection:
            await connection.execute(delete(RateHitRow).where(RateHitRow.expires_at <= time.time()))


class LiveConnections:
    """The open WebSocket connections per address, of this process (``member``) and of
    the live processes of its cluster."""

    def __init__(self, engine: AsyncEngine, member: str, cluster: bool) -> None:
        self.locks = KeyLocks(engine)
        self.member = member
        self.cluster = cluster

    async def forget_gone(self) -> None:
        """Forget the counts of processes gone: without a cluster, every other count
        (this is the only process); in one, those of processes no longer members."""
        async with self.locks.engine.begin() as connection:
            gone = delete(LiveConnectionRow).where(LiveConnectionRow.member != self.member)
            if self.cluster:
                gone = gone.where(LiveConnectionRow.member.not_in(select(MemberRow.id)))
            await connection.execute(gone)

    async def open(self, address: str, limit: int) -> bool:
        """Count one more connection from ``address``, unless ``limit`` are open."""
        async with self.locks.locked(address) as connection:
            counted = LiveConnectionRow.address == address
            if self.cluster:
                alive = or_(
                    LiveConnectionRow.member == self.member,
                    LiveConnectionRow.member.in_(select(MemberRow.id)),
                )
                counted = counted & alive
            open_now = await connection.scalar(
                select(func.coalesce(func.sum(LiveConnectionRow.count), 0)).where(counted)
            )
            if int(open_now or 0) >= limit:
                return False
            mine = (LiveConnectionRow.member == self.member) & (
                LiveConnectionRow.address == address
            )
            changed = await connection.execute(
                update(LiveConnectionRow).where(mine).values(count=LiveConnectionRow.count + 1)
            )
            if changed.rowcount == 0:
                await connection.execute(
                    insert(LiveConnectionRow).values(member=self.member, address=address, count=1)
                )
            return True

    async def close(self, address: str) -> None:
        """One connection from ``address`` fewer."""
        async with self.locks.locked(address) as connection:
            mine = (LiveConnectionRow.member == self.member) & (
                LiveConnectionRow.address == address
            )
            await connection.execute(
                update(LiveConnectionRow).where(mine).values(count=LiveConnectionRow.count - 1)
            )
            await connection.execute(
                delete(LiveConnectionRow).where(mine, LiveConnectionRow.count <= 0)
            )


class Openers:
    """Who opened which table, to count the unfinished tables of an address or player."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    async def count(
        self, since: float, address: str | None = None, player: str | None = None
    ) -> int:
        """Unfinished tables opened since ``since`` from ``address`` (or by ``player``)."""
        who = (
            TableOpenerRow.address == address
            if player is None
            else TableOpenerRow.player_id == player
        )
        async with self.engine.connect() as connection:
            found = await connection.scalar(
                select(func.count())
                .select_from(TableOpenerRow)
                .join(TableRow, TableRow.id == TableOpenerRow.table_id)
                .where(who, TableRow.finished.is_(False), TableOpenerRow.opened_at > since)
            )
        return int(found or 0)

    async def add(self, table_id: str, address: str | None, player_id: str | None) -> None:
        async with self.engine.begin() as connection:
            await connection.execute(
                insert(TableOpenerRow).values(
                    table_id=table_id, address=address, player_id=player_id, opened_at=time.time()
                )
            )

    async def sweep(self, before: float) -> None:
        """Forget who opened the tables opened before ``before``: they count no more."""
        async with self.engine.begin() as connection:
            await connection.execute(
                delete(TableOpenerRow).where(TableOpenerRow.opened_at <= before)
            )
