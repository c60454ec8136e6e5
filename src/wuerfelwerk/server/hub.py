"""``Hub``: the tables this server runs, their creation, and their restore after a restart."""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from typing import Any

import wuerfelwerk

from ..agents import HUMAN
from ..core import (
    Game,
    InvalidAgentSpecError,
    InvalidOptionError,
    UnknownGameError,
    WuerfelwerkError,
)
from .bots import BotSeats, SearchThreads, bot_spec
from .db import Journal, StoredTable, TableRow
from .errors import TableError
from .settings import Settings
from .table import Table
from .tokens import new_seed, new_table_id, new_token, seed_commitment, token_hash

log = logging.getLogger("uvicorn.error")


@functools.lru_cache(maxsize=64)
def _shared_game(name: str, options_json: str) -> Game:
    # Games are immutable, and building one (a board's move tables) costs milliseconds.
    return wuerfelwerk.load(name, **json.loads(options_json))


def shared_game(name: str, options: dict[str, Any]) -> Game:
    return _shared_game(name, json.dumps(options, sort_keys=True))


def load_game(name: str, options: dict[str, Any], seats: int) -> Game:
    """The game for a new table; ``players`` defaults to the number of seats."""
    try:
        game = shared_game(name, {"players": seats, **options})
    except UnknownGameError as error:
        raise TableError("unknown_game", str(error), 404) from None
    except InvalidOptionError as error:
        raise TableError("invalid_options", str(error)) from None
    if game.num_players != seats:
        raise TableError(
            "invalid_seats",
            f"{game.title} with these options has {game.num_players} seats, not {seats}",
        )
    return game


class Hub:
    def __init__(self, settings: Settings, journal: Journal) -> None:
        self.settings = settings
        self.journal = journal
        self.tables: dict[str, Table] = {}
        self.bot_pool = SearchThreads(settings.bot_threads)

    def _table(self, row: TableRow, game: Game) -> Table:
        try:
            bots = BotSeats(game, row.seats, row.seed, self.bot_pool, self.settings.bot_deadline)
        except InvalidAgentSpecError as error:
            raise TableError("invalid_seats", str(error)) from None
        table = Table(row, game, self.journal, bots)
        table.on_finished = self.release
        return table

    def _rebuild(self, stored: StoredTable) -> Table:
        """The table as stored, replayed. A table that no longer replays is logged with
        the reason; its players learn only that it cannot be replayed (the reason may
        name what they must not see)."""
        row = stored.row
        try:
            table = self._table(row, shared_game(row.game, row.options))
            # Every stored step ends past its dice (they are written with the action that
            # called for them), so the replayed table is ready to play on.
            table.replay(stored.actions)
        except (WuerfelwerkError, TableError) as error:
            log.exception("table %s cannot be restored: %s", row.id, error)
            raise TableError(
                "unreplayable_table",
                f"table {row.id!r} is stored with actions that no longer replay; "
                "the server's log says why",
                500,
            ) from None
        return table

    async def restore(self) -> int:
        """Bring back every unfinished table by replaying its stored actions; bots resume."""
        restored = 0
        for stored in await self.journal.load_unfinished():
            try:
                table = self._rebuild(stored)
            except TableError:  # logged
                continue
            self.tables[table.id] = table
            table.wake_bots()
            restored += 1
        log.info("restored %d unfinished tables", restored)
        return restored

    async def create(
        self,
        game_name: str,
        options: dict[str, Any],
        seats: list[str],
        undo: bool | None = None,
        bot_delay: float = 0.0,
        token_hashes: list[str | None] | None = None,
    ) -> tuple[Table, list[str | None]]:
        """A new table, stored with its first dice; the seats' tokens (``None`` for bots).

        ``token_hashes`` keeps the seats of an earlier table (a rematch)."""
        for spec in seats:
            if spec != HUMAN and bot_spec(spec) is None:
                raise TableError(
                    "invalid_seats", f"a seat is 'human' or 'bot:<agent>', not {spec!r}"
                )
        game = load_game(game_name, options, len(seats))
        humans = seats.count(HUMAN)
        tokens = [new_token() if spec == HUMAN else None for spec in seats]
        seed = new_seed()
        row = TableRow(
            id=new_table_id(),
            game=game.name,
            options=game.options_json(),
            seats=list(seats),
            token_hashes=token_hashes
            if token_hashes is not None
            else [token_hash(t) if t else None for t in tokens],
            seed=seed,
            seed_commitment=seed_commitment(seed),
            undo=humans == 1 if undo is None else undo,
            bot_delay=bot_delay,
            finished=False,
        )
        table = self._table(row, game)
        table.roll_dice()
        await self.journal.create_table(row, list(zip(table.actors, table.actions, strict=True)))
        self.tables[table.id] = table
        table.wake_bots()
        return table, tokens

    async def rematch(self, table: Table, seat: int) -> Table:
        """The same game, options and seats again, with a new seed; seat tokens carry over."""
        if seat not in table.human_seats:
            raise TableError("rematch_refused", "only a human seat can ask for a rematch", 403)
        if not table.finished:
            raise TableError("not_finished", "a rematch is for finished games", 409)
        row = table.row
        new, _ = await self.create(
            row.game, row.options, row.seats, row.undo, row.bot_delay, row.token_hashes
        )
        table.notify({"type": "rematch", "table": new.id})
        return new

    async def get(self, table_id: str) -> Table:
        """A running table, or a finished one loaded from the database."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        stored = await self.journal.load(table_id)
        if stored is None:
            raise TableError("unknown_table", f"there is no table {table_id!r}", 404)
        # A finished table is kept only while someone uses it (see ``release``).
        return self.tables.setdefault(table_id, self._rebuild(stored))

    def release(self, table: Table) -> None:
        """Forget a finished table nobody watches (the database keeps it)."""
        if table.finished and not table.connections:
            self.tables.pop(table.id, None)

    async def close(self) -> None:
        for table in self.tables.values():
            table.stop_bots()
        await asyncio.sleep(0)
        self.bot_pool.shutdown(wait=False)
