"""The schema: one row per table, one row per action (chance included), in order; the
players with their ratings and results; the analyses of finished games; the server's own
secrets; what the abuse limits count (``server/guard/``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    func,
)
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
    #: Per seat, the player who sits there (``{"id", "name"}``) once one has come.
    players: Mapped[list[dict[str, str] | None] | None] = mapped_column(JSON, default=None)
    #: A rated game changes its players' ratings.
    rated: Mapped[bool] = mapped_column(default=False)
    #: The results (and ratings) of the finished game are stored.
    recorded: Mapped[bool] = mapped_column(default=False)
    #: The server process that runs the table (``None``: a single server runs them all).
    owner: Mapped[str | None] = mapped_column(String(32), default=None, index=True)
    #: Each time a seat was shown the best move: ``{"seat", "before"}`` (``Hint``).
    hints: Mapped[list[dict[str, int]] | None] = mapped_column(JSON, default=None)
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
    #: When the action was taken (seconds since the epoch): real-time games are decided
    #: by speed. ``None`` for actions stored before the server kept the time.
    at: Mapped[float | None] = mapped_column(Float, default=None)


class AnalysisRow(Base):
    """A finished game's analysis (``analysis.analysis_json``), made with ``budget``
    positions per decision: made once, served again as stored."""

    __tablename__ = "analyses"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    budget: Mapped[int] = mapped_column(Integer, primary_key=True)
    result: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class PlayerRow(Base):
    """A player: a name kept by a signed cookie, and a password if the player set one."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(24))
    #: The name in case-folded form: names differing only in case are the same name.
    name_key: Mapped[str] = mapped_column(String(96), unique=True)
    #: An Argon2 hash (with its salt and parameters); the password itself is never stored.
    password_hash: Mapped[str | None] = mapped_column(String(200), default=None)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class RatingRow(Base):
    """A player's rating in one game (``server/ratings.py``), from rated games only."""

    __tablename__ = "ratings"

    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)


class ResultRow(Base):
    """A finished game's place of a seat that a player held, with the rating before and
    after where the game was rated."""

    __tablename__ = "game_results"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), index=True
    )
    game: Mapped[str] = mapped_column(String(40))
    place: Mapped[int] = mapped_column(Integer)
    seats: Mapped[int] = mapped_column(Integer)
    rated: Mapped[bool]
    rating_before: Mapped[float | None] = mapped_column(Float, default=None)
    rating_after: Mapped[float | None] = mapped_column(Float, default=None)
    finished_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now()
    )


class SecretRow(Base):
    """A secret the server made for itself (the key that signs the player cookies), so
    that it outlives a restart."""

    __tablename__ = "server_secrets"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))


class MemberRow(Base):
    """A server process of a cluster and its last heartbeat (seconds since the epoch); a
    process whose heartbeat is older than the lease is dead and its tables are taken over."""

    __tablename__ = "server_members"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    heartbeat: Mapped[float] = mapped_column(Float)


class ChatRow(Base):
    """A line of a table's chat: who wrote it (seat, and name if the seat has a player)."""

    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str | None] = mapped_column(String(24), default=None)
    text: Mapped[str] = mapped_column(String(300))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class RateHitRow(Base):
    """One request a rate limit counted: its key (the limit and whose), when, and when it
    stops counting. Rows past ``expires_at`` are swept away."""

    __tablename__ = "rate_hits"
    __table_args__ = (Index("ix_rate_hits_key_at", "key", "at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(200))
    at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float, index=True)


class LiveConnectionRow(Base):
    """The WebSocket connections one server process holds from one address (its keyed
    hash); the row goes when the count falls to 0 or the process leaves the cluster."""

    __tablename__ = "live_connections"

    member: Mapped[str] = mapped_column(String(32), primary_key=True)
    address: Mapped[str] = mapped_column(String(64), primary_key=True)
    count: Mapped[int] = mapped_column(Integer)


class TableOpenerRow(Base):
    """Who opened a table: the address (its keyed hash) and the player, if named; counted
    against them while the table is unfinished and young (``open_table_hours``)."""

    __tablename__ = "table_openers"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    address: Mapped[str | None] = mapped_column(String(64), default=None, index=True)
    player_id: Mapped[str | None] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="SET NULL"), default=None, index=True
    )
    opened_at: Mapped[float] = mapped_column(Float, index=True)
