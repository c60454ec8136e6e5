"""The schema: one row per table, one row per action (chance included), in order."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Integer, String, func
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """A table: the game, its seats, and the seed whose SHA-256 was published at creation."""

    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: One spec per seat: ``human`` or ``bot:<agent spec>``.
    seats: Mapped[list[str]] = mapped_column(JSON)
    #: SHA-256 of each seat's token; the tokens themselves are never stored.
    token_hashes: Mapped[list[str | None]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    seed_commitment: Mapped[str] = mapped_column(String(64))
    undo: Mapped[bool]
    bot_delay: Mapped[float]
    finished: Mapped[bool] = mapped_column(default=False, index=True)
    #: The time control (``None``: no clock) and the clock's state (``server/clock.py``).
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    clock_state: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    #: The table a rematch opened, once one is asked for.
    rematch: Mapped[str | None] = mapped_column(String(32), default=None)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class ActionRow(Base):
    """Action number ``number`` of a table, as text, with the seat that took it (-1: chance)."""

    __tablename__ = "table_actions"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(200))
