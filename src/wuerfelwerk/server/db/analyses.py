"""The analyses of finished games: stored once made, read back as stored."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker

from ...analysis import default_budget
from .models import AnalysisRow, TableRow


class AnalysisStore:
    def __init__(self, engine: AsyncEngine) -> None:
        self.sessions = async_sessionmaker(engine, expire_on_commit=False)

    async def load(self, table_id: str, budget: int | None) -> dict[str, Any] | None:
        """The analysis of the table made with ``budget`` (``None``: its game's default),
        if there is one."""
        async with self.sessions() as session:
            if budget is None:
                game = await session.scalar(select(TableRow.game).where(TableRow.id == table_id))
                if game is None:
                    return None
                budget = default_budget(game)
            found = await session.scalar(
                select(AnalysisRow.result).where(
                    AnalysisRow.table_id == table_id, AnalysisRow.budget == budget
                )
            )
            return None if found is None else dict(found)

    async def save(self, table_id: str, result: dict[str, Any]) -> None:
        """Keep ``result`` (under the budget it was made with); one made meanwhile by
        another process of a cluster stays (the same record and budget give the same
        analysis)."""
        budget = int(result.get("budget", 0))
        async with self.sessions() as session:
            session.add(AnalysisRow(table_id=table_id, budget=budget, result=result))
            try:
                await session.commit()
            except IntegrityError:
                await session.rollback()
