"""``Hub``: the tables this server runs, their creation, and their restore after a restart."""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import json
import logging
from typing import Any

import wuerfelwerk

from ..agents import HUMAN
from ..agents.levels import level_names
from ..core import (
    Game,
    InvalidAgentSpecError,
    InvalidOptionError,
    UnknownGameError,
    WuerfelwerkError,
)
from .bots import BotSeats, SearchThreads, bot_spec
from .chat import TableChat
from .clock import ClockState, TableClock, TimeControl
from .cluster import Cluster
from .db import Journal, StoredTable, TableRow
from .db.chat import ChatLog
from .db.players import Players
from .errors import TableError
from .frames import rematch_notice
from .ratings import bot_rating
from .results import record as record_results
from .settings import Settings
from .table import Table, human_seats_of
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


def checked_clock(game: Game, clock: TimeControl) -> TimeControl:
    """A clock is for games played turn by turn; its bot is one of the game's levels (no
    level given: the easiest)."""
    if game.simultaneous:
        raise TableError("invalid_clock", f"{game.title} is played in real time: no turn clock")
    levels = level_names(game)
    if not clock.level:
        return dataclasses.replace(clock, level=levels[0])
    if clock.level not in levels:
        raise TableError(
            "invalid_clock",
            f"no bot level {clock.level!r} in {game.title} (levels: {', '.join(levels)})",
        )
    return clock


def check_rated(game: Game, seats: list[str], undo: bool | None) -> None:
    """A rated game is between people and bot levels (which have the arena's ratings),
    and takes no moves back."""
    if undo:
        raise TableError("not_rateable", "a rated game cannot take moves back")
    if HUMAN not in seats:
        raise TableError("not_rateable", "a rated game needs at least one person")
    for spec in seats:
        if spec != HUMAN and bot_rating(game.name, spec, game.num_players) is None:
            raise TableError(
                "not_rateable",
                f"{spec} has no rating: a rated game is between people and bot levels "
                f"({', '.join(f'bot:{level}' for level in level_names(game))})",
            )


class Hub:
    def __init__(
        self,
        settings: Settings,
        journal: Journal,
        players: Players,
        chat_log: ChatLog,
        cluster: Cluster | None = None,
    ) -> None:
        self.settings = settings
        #: In a cluster, the other processes; this hub runs the tables it holds the lease of.
        self.cluster = cluster
        self.journal = journal
        self.players = players
        self.chat_log = chat_log
        self.tables: dict[str, Table] = {}
        self.chats: dict[str, TableChat] = {}
        self.bot_pool = SearchThreads(settings.bot_threads)
        #: One game's ratings at a time: a player may finish two games at once.
        self._recording = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()

    def _table(self, row: TableRow, game: Game) -> Table:
        try:
            bots = BotSeats(game, row.seats, row.seed, self.bot_pool, self.settings.bot_deadline)
        except InvalidAgentSpecError as error:
            raise TableError("invalid_seats", str(error)) from None
        clock = None
        if row.clock is not None:
            control = TimeControl.from_json(row.clock)
            humans = human_seats_of(row.seats)
            if row.clock_state is None:
                clock = TableClock.new(control, game.num_players, humans)
            else:
                clock = TableClock(control, humans, ClockState.from_json(row.clock_state))
            for seat in clock.state.handed:
                bots.stand_in(seat, f"bot:{control.level}")
        table = Table(row, game, self.journal, bots, clock)
        table.on_finished = self._finished
        return table

    def _finished(self, table: Table) -> None:
        self.release(table)
        task = asyncio.create_task(self._record(table))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _record(self, table: Table) -> None:
        """Store the results (and new ratings) of a finished game, and tell its pages."""
        async with self._recording:
            try:
                notice = await record_results(table, self.players)
            except Exception:
                log.exception("table %s: storing the results failed", table.id)
                return
        if notice is not None:
            table.notify(notice)

    def _rebuild(self, stored: StoredTable) -> Table:
        """The table as stored, replayed. A table that no longer replays is logged with
        the reason; its players learn only that it cannot be replayed (the reason may
        name what they must not see)."""
        row = stored.row
        try:
            table = self._table(row, shared_game(row.game, row.options))
            # Every stored step ends past its dice (they are written with the action that
            # called for them), so the replayed table is ready to play on.
            table.replay(stored.actions, stored.times)
        except (WuerfelwerkError, TableError) as error:
            log.exception("table %s cannot be restored: %s", row.id, error)
            raise TableError(
                "unreplayable_table",
                f"table {row.id!r} is stored with actions that no longer replay; "
                "the server's log says why",
                500,
            ) from None
        table.timer.settle()
        return table

    async def restore(self, only: list[str] | None = None) -> int:
        """Bring back every unfinished table (in a cluster: of the tables ``only``, the ones
        just taken over) by replaying its stored actions; bots resume."""
        restored = 0
        for stored in await self.journal.load_unfinished(only):
            try:
                table = self._rebuild(stored)
            except TableError:  # logged
                continue
            self._run(table)
            restored += 1
        log.info("restored %d unfinished tables", restored)
        # Games that ended just before the server stopped get their results now.
        for table_id in await self.players.unrecorded():
            if only is not None and table_id not in only:
                continue
            ended = await self.journal.load(table_id)
            if ended is not None:
                await self._record(self._rebuild(ended))
        return restored

    def _run(self, table: Table) -> Table:
        """Keep ``table`` here (unless a request got it here first): its bots and clock run."""
        running = self.tables.setdefault(table.id, table)
        if running is table:
            table.wake_bots()
            table.timer.arm()
        return running

    def drop_all(self) -> None:
        """Let go of every table (another process of the cluster runs them now); their
        connections close, and their pages connect again."""
        for table in self.tables.values():
            table.stop_bots()
            table.disconnect_all()
        self.tables.clear()
        self.chats.clear()

    async def create(
        self,
        game_name: str,
        options: dict[str, Any],
        seats: list[str],
        undo: bool | None = None,
        bot_delay: float = 0.0,
        token_hashes: list[str | None] | None = None,
        clock: TimeControl | None = None,
        rated: bool = False,
        players: list[dict[str, str] | None] | None = None,
    ) -> tuple[Table, list[str | None]]:
        """A new table, stored with its first dice; the seats' tokens (``None`` for bots).

        ``token_hashes`` and ``players`` keep the seats of an earlier table (a rematch)."""
        for spec in seats:
            if spec != HUMAN and bot_spec(spec) is None:
                raise TableError(
                    "invalid_seats", f"a seat is 'human' or 'bot:<agent>', not {spec!r}"
                )
        game = load_game(game_name, options, len(seats))
        if clock is not None:
            clock = checked_clock(game, clock)
        if rated:
            check_rated(game, seats, undo)
            undo = False
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
            clock=None if clock is None else clock.to_json(),
            players=players,
            rated=rated,
            recorded=False,
            owner=None if self.cluster is None else self.cluster.me,
        )
        table = self._table(row, game)
        table.roll_dice()
        table.timer.settle()
        if table.timer.clock is not None:
            row.clock_state = table.timer.clock.state.to_json()
        taken = list(zip(table.actors, table.actions, strict=True))
        await self.journal.create_table(row, taken, [t or 0.0 for t in table.times])
        self.tables[table.id] = table
        table.wake_bots()
        return table, tokens

    async def rematch(self, table: Table, seat: int) -> Table:
        """The same game, options and seats again, with a new seed; seat tokens carry over."""
        if seat not in table.human_seats:
            raise TableError("rematch_refused", "only a human seat can ask for a rematch", 403)
        if not table.finished:
            raise TableError("not_finished", "a rematch is for finished games", 409)
        async with table.lock:  # two players asking at once get one rematch
            row = table.row
            if row.rematch is not None:
                return await self.get(row.rematch)
            clock = None if row.clock is None else TimeControl.from_json(row.clock)
            new, _ = await self.create(
                row.game,
                row.options,
                row.seats,
                row.undo,
                row.bot_delay,
                row.token_hashes,
                clock,
                rated=row.rated,
                players=row.players,
            )
            await self.journal.update(row.id, {"rematch": new.id})
            row.rematch = new.id
            table.notify(rematch_notice(new.id))
        return new

    async def get(self, table_id: str) -> Table:
        """A running table, or a finished one loaded from the database. In a cluster, a
        table another process runs is given as stored: to look at, not to change."""
        found = await self.find(table_id)
        if isinstance(found, Table):
            return found
        return self._rebuild(await self._load(table_id))

    async def find(self, table_id: str) -> Table | str:
        """The table, if this process runs it; in a cluster, else the process that does
        (a table whose process died is taken over here)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if self.cluster is not None:
            leases = self.cluster.leases
            exists, owner = await leases.owner(table_id)
            if not exists:
                raise TableError("unknown_table", f"there is no table {table_id!r}", 404)
            if owner is None and not await leases.claim(table_id):
                _, owner = await leases.owner(table_id)
            if owner is not None and owner != self.cluster.me:
                return owner
        # A finished table is kept only while someone uses it (see ``release``).
        return self._run(self._rebuild(await self._load(table_id)))

    async def _load(self, table_id: str) -> StoredTable:
        stored = await self.journal.load(table_id)
        if stored is None:
            raise TableError("unknown_table", f"there is no table {table_id!r}", 404)
        return stored

    def chat(self, table: Table) -> TableChat:
        """The chat of ``table``."""
        return self.chats.setdefault(table.id, TableChat(table.id, self.chat_log))

    def release(self, table: Table) -> None:
        """Forget a finished table nobody watches (the database keeps it)."""
        if table.finished and not table.connections and self.tables.get(table.id) is table:
            self.tables.pop(table.id, None)
            self.chats.pop(table.id, None)

    async def close(self) -> None:
        for table in self.tables.values():
            table.stop_bots()
        for task in self._tasks:
            task.cancel()
        await asyncio.sleep(0)
        self.bot_pool.shutdown(wait=False)
