"""The analyses of finished games: stored once made, read back as stored."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker

from .models import AnalysisRow


class AnalysisStore:
    def __init__(self, engine: AsyncEngine) -> None:
        self.sessions = async_sessionmaker(engine, expire_on_commit=False)

    async def load(self, table_id: str, budget: int) -> dict[str, Any] | None:
        """The analysis of the table made with ``budget``, if there is one."""
        async with self.sessions() as session:
            found = await session.scalar(
                select(AnalysisRow.result).where(
                    AnalysisRow.table_id == table_id, AnalysisRow.budget == budget
                )
            )
            return None if found is None else dict(found)

    async def save(self, table_id: str, budget: int, result: dict[str, Any]) -> None:
        """Keep ``result``; one made meanwhile by another process of a cluster stays (the
        same record and budget give the same analysis)."""
        async with self.sessions() as session:
            session.add(AnalysisRow(table_id=table_id, budget=budget, result=result))
            try:
                await session.commit()
            except IntegrityError:
                await session.rollback()
