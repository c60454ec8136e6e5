"""Players, their ratings and results, and the server's secrets: reads and writes.

These writes are few (a new name, a finished game) and go straight to the database,
beside the journal that carries the tables' moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import String, cast, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker

from .models import ChatRow, PlayerRow, RatingRow, ResultRow, SecretRow, TableRow


@dataclass(frozen=True)
class Standing:
    """A player's rating in one game."""

    player_id: str
    name: str
    game: str
    mu: float
    sigma: float
    games: int


class NameTaken(Exception):
    pass


class Players:
    def __init__(self, engine: AsyncEngine) -> None:
        self.sessions = async_sessionmaker(engine, expire_on_commit=False)

    async def secret(self, name: str, make: Any) -> str:
        """The secret ``name``, made by ``make()`` and stored the first time it is asked
        for (two servers starting at once agree on the first one stored)."""
        async with self.sessions() as session:
            row = await session.get(SecretRow, name)
            if row is not None:
                return row.value
            session.add(SecretRow(name=name, value=make()))
            try:
                await session.commit()
            except IntegrityError:
                await session.rollback()
            row = await session.get(SecretRow, name, populate_existing=True)
            assert row is not None
            return row.value

    async def create(self, player: PlayerRow) -> None:
        """Store a new player; ``NameTaken`` if the name is somebody's already."""
        async with self.sessions() as session:
            session.add(player)
            try:
                await session.commit()
            except IntegrityError:
                raise NameTaken(player.name) from None

    async def by_id(self, player_id: str) -> PlayerRow | None:
        async with self.sessions() as session:
            return await session.get(PlayerRow, player_id)

    async def by_name_key(self, key: str) -> PlayerRow | None:
        async with self.sessions() as session:
            found = await session.scalars(select(PlayerRow).where(PlayerRow.name_key == key))
            return found.first()

    async def seated(self, player_id: str) -> list[TableRow]:
        """The tables the player sat at, finished or not."""
        async with self.sessions() as session:
            rows = await session.scalars(
                select(TableRow).where(cast(TableRow.players, String).contains(player_id))
            )
            return [row for row in rows if _seats_of(row, player_id)]

    async def delete(self, player_id: str) -> list[str]:
        """Delete the player: name, password, ratings and results. At every table the
        player sat at the seat stays, anonymous, and the seat's chat lines go. The ids
        of those tables."""
        tables = await self.seated(player_id)
        async with self.sessions() as session, session.begin():
            for row in tables:
                seats = _seats_of(row, player_id)
                kept = [None if n in seats else p for n, p in enumerate(row.players or [])]
                await session.execute(
                    update(TableRow).where(TableRow.id == row.id).values(players=kept)
                )
                await session.execute(
                    delete(ChatRow).where(ChatRow.table_id == row.id, ChatRow.seat.in_(seats))
                )
            for kind in (ResultRow, RatingRow):
                await session.execute(delete(kind).where(kind.player_id == player_id))
            await session.execute(delete(PlayerRow).where(PlayerRow.id == player_id))
        return [row.id for row in tables]

    async def set_password(self, player_id: str, password_hash: str) -> None:
        async with self.sessions() as session:
            await session.execute(
                update(PlayerRow)
                .where(PlayerRow.id == player_id)
                .values(password_hash=password_hash)
            )
            await session.commit()

    # -- ratings and results -------------------------------------------------------------

    async def ratings(self, game: str, player_ids: Sequence[str]) -> dict[str, tuple[float, float]]:
        """``{player id: (mu, sigma)}`` of those of ``player_ids`` rated in ``game``."""
        async with self.sessions() as session:
            rows = await session.scalars(
                select(RatingRow).where(RatingRow.game == game, RatingRow.player_id.in_(player_ids))
            )
            return {row.player_id: (row.mu, row.sigma) for row in rows}

    async def record(
        self,
        table_id: str,
        results: list[dict[str, Any]],
        ratings: dict[str, tuple[float, float]],
        game: str,
    ) -> None:
        """Store a finished game's ``results`` (rows of ``game_results``) and the new
        ``ratings`` (``{player id: (mu, sigma)}``), and mark the table recorded, at once."""
        async with self.sessions() as session, session.begin():
            # A player who deleted the name meanwhile has no results and no rating.
            present = set(
                await session.scalars(
                    select(PlayerRow.id).where(PlayerRow.id.in_([r["player_id"] for r in results]))
                )
            )
            results = [result for result in results if result["player_id"] in present]
            ratings = {player: rating for player, rating in ratings.items() if player in present}
            if results:
                await session.execute(insert(ResultRow), results)
            for player_id, (mu, sigma) in ratings.items():
                row = await session.get(RatingRow, (player_id, game))
                if row is None:
                    session.add(
                        RatingRow(player_id=player_id, game=game, mu=mu, sigma=sigma, games=1)
                    )
                else:
                    row.mu, row.sigma, row.games = mu, sigma, row.games + 1
            await session.execute(
                update(TableRow).where(TableRow.id == table_id).values(recorded=True)
            )

    async def unrecorded(self) -> list[str]:
        """Finished tables whose results are not stored yet (the server stopped first)."""
        async with self.sessions() as session:
            found = await session.scalars(
                select(TableRow.id).where(TableRow.finished.is_(True), TableRow.recorded.is_(False))
            )
            return list(found)

    async def leaderboard(self, game: str, limit: int) -> list[Standing]:
        """The best ``limit`` players of ``game``."""
        return await self._standings(RatingRow.game == game, RatingRow.mu.desc(), limit)

    async def standings(self, player_id: str) -> list[Standing]:
        """The player's rating in every game it has one."""
        return await self._standings(RatingRow.player_id == player_id, RatingRow.game, None)

    async def _standings(self, where: Any, order: Any, limit: int | None) -> list[Standing]:
        async with self.sessions() as session:
            rows = await session.execute(
                select(RatingRow, PlayerRow.name)
                .join(PlayerRow)
                .where(where)
                .order_by(order, PlayerRow.name_key)
                .limit(limit)
            )
            return [Standing(r.player_id, name, r.game, r.mu, r.sigma, r.games) for r, name in rows]

    async def played(self, player_id: str) -> dict[str, tuple[int, int]]:
        """``{game: (games played, games won)}``, rated or not."""
        async with self.sessions() as session:
            rows = await session.execute(
                select(
                    ResultRow.game,
                    func.count(),
                    func.count().filter(ResultRow.place == 1),
                )
                .where(ResultRow.player_id == player_id)
                .group_by(ResultRow.game)
            )
            return {game: (int(games), int(won)) for game, games, won in rows}

    async def recent(self, player_id: str, limit: int | None) -> list[ResultRow]:
        """The player's results, newest first (``limit`` of them; ``None``: all)."""
        async with self.sessions() as session:
            rows = await session.scalars(
                select(ResultRow)
                .where(ResultRow.player_id == player_id)
                .order_by(ResultRow.finished_at.desc(), ResultRow.table_id)
                .limit(limit)
            )
            return list(rows)


def _seats_of(row: TableRow, player_id: str) -> list[int]:
    """The seats of ``row`` the player sat at."""
    return [n for n, player in enumerate(row.players or []) if player and player["id"] == player_id]
