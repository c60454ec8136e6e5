"""The database storage of the limits speaks the ``limits`` library's storage API: its
strategies count, refuse and forget with it as with the library's own storages. And the
migrations make the schema the models describe, the limits' tables included."""

from __future__ import annotations

import asyncio
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from limits import parse
from limits.aio.strategies import FixedWindowRateLimiter, MovingWindowRateLimiter
from sqlalchemy import func, select, update

from wuerfelwerk.server.db.engine import open_database
from wuerfelwerk.server.db.guard import DatabaseStorage
from wuerfelwerk.server.db.models import Base, RateHitRow


def test_the_strategies_count_refuse_and_forget_with_the_database(tmp_path: Path) -> None:
    async def run() -> None:
        engine = await open_database(f"sqlite+aiosqlite:///{tmp_path / 'limits.db'}")
        storage = DatabaseStorage(engine)
        assert await storage.check()
        three = parse("3 per hour")
        for strategy in (MovingWindowRateLimiter(storage), FixedWindowRateLimiter(storage)):
            name = type(strategy).__name__
            assert [await strategy.hit(three, name) for _ in range(4)] == [True] * 3 + [False]
            assert not await strategy.test(three, name)
            assert await strategy.hit(three, name, "someone else")
            stats = await strategy.get_window_stats(three, name)
            assert stats.remaining == 0 and stats.reset_time > 0
            await strategy.clear(three, name)
            assert await strategy.hit(three, name)
        assert not await MovingWindowRateLimiter(storage).hit(three, "x", cost=4)
        # Hits past their window are swept away; the others stay.
        async with engine.begin() as connection:
            await connection.execute(
                update(RateHitRow).where(RateHitRow.key.contains("someone")).values(expires_at=0)
            )
        await storage.sweep()
        async with engine.connect() as connection:
            left = await connection.scalar(select(func.count()).select_from(RateHitRow))
            swept = await connection.scalar(
                select(func.count()).where(RateHitRow.key.contains("someone"))
            )
        assert left == 2 and swept == 0
        assert await storage.reset() == 2
        await engine.dispose()

    asyncio.run(run())


#: The tables of the limits (migration 0006).
LIMITS_TABLES = {"rate_hits", "live_connections", "table_openers"}


def named_table(difference: object) -> str:
    """The table an Alembic difference is about."""
    first = difference[0] if isinstance(difference, list) else difference
    assert isinstance(first, tuple)
    for part in first[1:]:
        name = getattr(part, "name", None) if not isinstance(part, str) else part
        table = getattr(part, "table", None)
        if table is not None:
            return str(table.name)
        if isinstance(name, str):
            return name
    return ""


def test_the_migrations_make_the_limits_tables_of_the_models(tmp_path: Path) -> None:
    async def differences() -> list[object]:
        engine = await open_database(f"sqlite+aiosqlite:///{tmp_path / 'schema.db'}")
        async with engine.connect() as connection:
            found = await connection.run_sync(
                lambda sync: compare_metadata(MigrationContext.configure(sync), Base.metadata)
            )
        await engine.dispose()
        return list(found)

    found = [d for d in asyncio.run(differences()) if named_table(d) in LIMITS_TABLES]
    assert found == []
