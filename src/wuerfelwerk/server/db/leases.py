"""Leases of a cluster: which server process runs each table, and which processes live.

Every process keeps a row in ``server_members`` with its heartbeat. A table's ``owner``
is the process that runs it; it holds the table for as long as its heartbeat is younger
than the lease. A process that finds a member's heartbeat too old deletes the member
and takes its tables over, in one transaction: the dead process, should it wake up,
finds its row gone at its next heartbeat and lets go of every table it had.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import ColumnElement, delete, insert, or_, select, update
from sqlalchemy.ext.asyncio import AsyncEngine

from .models import MemberRow, TableRow


@dataclass
class TakeOver:
    """What one round of ``Leases.take_over`` found: the tables this process took, and
    the processes alive after it."""

    tables: list[str]
    alive: set[str]


class Leases:
    def __init__(self, engine: AsyncEngine, me: str, lease: float) -> None:
        self.engine = engine
        self.me = me
        self.lease = lease

    async def join(self) -> None:
        """Enter the cluster (again, after losing the lease)."""
        async with self.engine.begin() as connection:
            await connection.execute(insert(MemberRow).values(id=self.me, heartbeat=time.time()))

    async def renew(self) -> bool:
        """Beat the heart; ``False`` if another process took this one for dead."""
        async with self.engine.begin() as connection:
            result = await connection.execute(
                update(MemberRow).where(MemberRow.id == self.me).values(heartbeat=time.time())
            )
            return result.rowcount == 1

    async def leave(self) -> None:
        """Leave the cluster: the others take the tables over at once."""
        async with self.engine.begin() as connection:
            await connection.execute(delete(MemberRow).where(MemberRow.id == self.me))

    def _orphaned(self) -> ColumnElement[bool]:
        """Tables whose owner is no member (dead and deleted, or never had one)."""
        return or_(TableRow.owner.is_(None), TableRow.owner.not_in(select(MemberRow.id)))

    async def take_over(self) -> TakeOver:
        """Delete the members whose heartbeat is older than the lease, and take every
        table no member holds that has something left to do: unfinished, or finished
        with its results not stored yet."""
        async with self.engine.begin() as connection:
            await connection.execute(
                delete(MemberRow).where(
                    MemberRow.heartbeat < time.time() - self.lease, MemberRow.id != self.me
                )
            )
            taken = await connection.scalars(
                update(TableRow)
                .where(
                    or_(TableRow.finished.is_(False), TableRow.recorded.is_(False)),
                    self._orphaned(),
                )
                .values(owner=self.me)
                .returning(TableRow.id)
            )
            tables = list(taken)
            alive = set(await connection.scalars(select(MemberRow.id)))
        return TakeOver(tables, alive)

    async def claim(self, table_id: str) -> bool:
        """Take the table if no member holds it."""
        async with self.engine.begin() as connection:
            taken = await connection.scalars(
                update(TableRow)
                .where(TableRow.id == table_id, self._orphaned())
                .values(owner=self.me)
                .returning(TableRow.id)
            )
            return taken.first() is not None

    async def members(self) -> list[str]:
        """The processes of the cluster now."""
        async with self.engine.connect() as connection:
            return list(await connection.scalars(select(MemberRow.id)))

    async def owner(self, table_id: str) -> tuple[bool, str | None]:
        """Whether the table exists, and the live member that holds it (``None``: none)."""
        async with self.engine.connect() as connection:
            found = (
                await connection.execute(
                    select(TableRow.owner, MemberRow.heartbeat)
                    .outerjoin(MemberRow, MemberRow.id == TableRow.owner)
                    .where(TableRow.id == table_id)
                )
            ).first()
        if found is None:
            return False, None
        owner, heartbeat = found
        alive = heartbeat is not None and heartbeat >= time.time() - self.lease
        return True, owner if alive else None
