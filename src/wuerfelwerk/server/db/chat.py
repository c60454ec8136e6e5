"""The tables' chat lines: stored as written, read back newest last."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker

from .models import ChatRow


class ChatLog:
    def __init__(self, engine: AsyncEngine) -> None:
        self.sessions = async_sessionmaker(engine, expire_on_commit=False)

    async def add(self, table_id: str, seat: int, name: str | None, text: str) -> ChatRow:
        async with self.sessions() as session:
            row = ChatRow(table_id=table_id, seat=seat, name=name, text=text)
            session.add(row)
            await session.commit()
            await session.refresh(row)
            return row

    async def recent(self, table_id: str, limit: int) -> list[ChatRow]:
        """The last ``limit`` lines of the table, oldest first."""
        async with self.sessions() as session:
            rows = await session.scalars(
                select(ChatRow)
                .where(ChatRow.table_id == table_id)
                .order_by(ChatRow.id.desc())
                .limit(limit)
            )
            return list(reversed(rows.all()))

    async def of_seat(self, table_id: str, seat: int) -> list[ChatRow]:
        """Every line the seat wrote at the table, oldest first."""
        async with self.sessions() as session:
            rows = await session.scalars(
                select(ChatRow)
                .where(ChatRow.table_id == table_id, ChatRow.seat == seat)
                .order_by(ChatRow.id)
            )
            return list(rows)
