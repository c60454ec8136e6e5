"""``Guard``: the abuse limits of a server open to the internet (docs/server.md, Limits).

Every shared resource has a limit per address and per player: chat lines per seat,
sign-in attempts per name and passwords checked per address (answered before Argon2
runs), new names and tables per address, unfinished tables per address and per player,
WebSocket messages per connection and open connections per address, analyses and hints
per address. Each is a setting
(``server/settings.py``). What they count lives in the database (``db/guard.py``), so
in a cluster they hold across its processes; only the messages of one connection,
which one process holds, are counted in its memory. A client from an exempt network
(``WUERFELWERK_LIMITS_EXEMPT``) is never limited.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from limits.aio.storage import MemoryStorage
from sqlalchemy.ext.asyncio import AsyncEngine
from starlette.requests import HTTPConnection

from ..db.guard import DatabaseStorage, LiveConnections, Openers
from ..settings import Settings
from .addresses import Addresses, Client
from .rates import LimitError, Rate

__all__ = ["Client", "Guard", "LimitError", "MessageGate"]

log = logging.getLogger("uvicorn.error")

#: Seconds between two sweeps of what no longer counts.
SWEEP_SECONDS = 60.0


class MessageGate:
    """The messages of one WebSocket connection, counted in this process's memory."""

    def __init__(self, rate: Rate | None) -> None:
        self._rate = rate
        self._id = uuid.uuid4().hex

    async def let_through(self) -> None:
        """``LimitError`` (``too_fast``) for a message past the connection's rate."""
        if self._rate is not None:
            await self._rate.hit(self._id)


class Guard:
    def __init__(
        self, settings: Settings, engine: AsyncEngine, secret: str, member: str | None
    ) -> None:
        self.settings = settings
        self.addresses = Addresses(secret, settings.limits_exempt)
        shared = self.storage = DatabaseStorage(engine)
        self.chat = Rate("chat", settings.chat_rate, shared, "chat_too_fast", "chat lines")
        self.messages = Rate(
            "messages", settings.message_rate, MemoryStorage(), "too_fast", "messages"
        )
        self.sign_ins = Rate(
            "sign-in",
            settings.sign_in_name_rate,
            shared,
            "too_many_attempts",
            "sign-in attempts for this name",
        )
        self.passwords = Rate(
            "password",
            settings.password_rate,
            shared,
            "too_many_attempts",
            "password checks from your address",
        )
        self.new_players = Rate(
            "new-player",
            settings.new_player_rate,
            shared,
            "too_many_players",
            "new names from your address",
        )
        self.new_tables = Rate(
            "new-table", settings.new_table_rate, shared, "too_many_tables", "new tables"
        )
        self.exports = Rate(
            "export", settings.export_rate, shared, "too_many_downloads", "downloads"
        )
        self.analyses = Rate(
            "analysis", settings.analysis_rate, shared, "too_many_analyses", "analyses asked for"
        )
        self.hints = Rate("hint", settings.hint_rate, shared, "too_many_hints", "hints")
        self.live = LiveConnections(engine, member or uuid.uuid4().hex, member is not None)
        self.openers = Openers(engine)
        #: One table opening at a time, so that two never both take the last place.
        self._opening = asyncio.Lock()
        self._sweeper: asyncio.Task[None] | None = None

    # -- life -------------------------------------------------------------------------------

    async def start(self) -> None:
        await self.live.forget_gone()
        self._sweeper = asyncio.create_task(self._sweep())

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper

    async def _sweep(self) -> None:
        """Forget what counts no more: hits past their window, the openers of tables
        older than ``open_table_hours``, the connections of processes gone."""
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                await self.storage.sweep()
                await self.openers.sweep(time.time() - self.settings.open_table_hours * 3600)
                await self.live.forget_gone()
            except Exception:
                log.exception("sweeping the limits' counts failed; trying again")

    # -- who asks ---------------------------------------------------------------------------

    def client(self, connection: HTTPConnection) -> Client:
        return self.addresses.client(connection.client.host if connection.client else None)

    # -- the limits -------------------------------------------------------------------------

    async def password(self, client: Client) -> None:
        """A password is about to be hashed or checked (Argon2: 64 MiB and a core)."""
        if client.address is not None:
            await self.passwords.hit(client.address)

    async def sign_in(self, client: Client, name_key: str) -> None:
        """A sign-in to the name ``name_key``: counted per name and per address, before
        the password is checked."""
        if client.exempt:
            return
        await self.sign_ins.hit(name_key)
        await self.password(client)

    async def new_player(self, client: Client) -> None:
        if client.address is not None:
            await self.new_players.hit(client.address)

    async def export(self, client: Client, player_id: str) -> None:
        """A download of the player's games."""
        if not client.exempt:
            await self.exports.hit(player_id)

    async def analysis(self, client: Client) -> None:
        """An analysis to be made (one kept is served without counting)."""
        if client.address is not None:
            await self.analyses.hit(client.address)

    async def hint(self, client: Client) -> None:
        if client.address is not None:
            await self.hints.hit(client.address)

    async def chat_line(self, client: Client, table_id: str, seat: int | None) -> None:
        """A chat line of ``seat`` at ``table_id`` (a spectator's is refused elsewhere)."""
        if not client.exempt and seat is not None:
            await self.chat.hit(table_id, str(seat))

    def message_gate(self, client: Client) -> MessageGate:
        return MessageGate(None if client.exempt else self.messages)

    @asynccontextmanager
    async def connection(self, client: Client) -> AsyncIterator[None]:
        """Hold one of the address's connections while the block runs; ``LimitError``
        (``too_many_connections``) if all are taken."""
        address = client.address
        limit = self.settings.connections_per_address
        if address is None:
            yield
            return
        if not await self.live.open(address, limit):
            raise LimitError(
                "too_many_connections",
                f"too many connections from your address: at most {limit} at once",
                5,
            )
        try:
            yield
        finally:
            await asyncio.shield(self.live.close(address))

    @asynccontextmanager
    async def opening(
        self, client: Client, player_id: str | None
    ) -> AsyncIterator[Callable[[str], Awaitable[None]]]:
        """Open a table in the block: counted against the address and the player (new
        tables, unfinished ones); the block calls what it is given with the new table's
        id. ``LimitError`` before the block runs if a limit is reached."""
        if client.exempt:
            yield _nothing
            return
        whose = [("address", client.address)] if client.address else []
        if player_id is not None:
            whose.append(("player", player_id))
        for kind, key in whose:
            await self.new_tables.hit(kind, key)
        async with self._opening:
            since = time.time() - self.settings.open_table_hours * 3600
            if client.address is not None:
                await self._check_open(
                    await self.openers.count(since, address=client.address),
                    self.settings.open_tables_per_address,
                    "your address has",
                )
            if player_id is not None:
                await self._check_open(
                    await self.openers.count(since, player=player_id),
                    self.settings.open_tables_per_player,
                    "you have",
                )

            async def opened(table_id: str) -> None:
                await self.openers.add(table_id, client.address, player_id)

            yield opened

    async def _check_open(self, count: int, limit: int, who: str) -> None:
        if count >= limit:
            hours = self.settings.open_table_hours
            raise LimitError(
                "too_many_open_tables",
                f"{who} {count} unfinished tables opened in the last {hours:g} hours "
                f"(at most {limit}): finish one first",
                60,
            )


async def _nothing(_table_id: str) -> None:
    """What an exempt client's table opening records: nothing."""
