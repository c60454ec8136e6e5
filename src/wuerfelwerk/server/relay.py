"""``Relay``: WebSocket connections to tables that another process of the cluster runs.

A page may connect to any process. Where another process (the owner) runs the table,
this one opens the seat there (``open``), forwards every message the page sends
(``message``) and, at the end, ``close``. The owner treats the connection like one of
its own (``RemoteViewer``): it checks the message, acts, and sends every frame the
connection is to get back through the cluster (``frame``), so the page sees exactly
what it would see connected to the owner. Undo and rematch requests are run by the
owner too. A page whose table's owner dies is disconnected (``CLOSE_MOVED``) and
connects again, to the process that has taken the table over.

A seat's token never leaves the process the page gave it to: the messages carry its
SHA-256, which is what the table's row stores and what the owner checks it against.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Coroutine
from typing import Any

from .cluster import Cluster, Message
from .connection import CLOSE_MOVED, Connection
from .errors import TableError
from .frames import encode
from .hub import Hub
from .messages import handle, read_message
from .own_data import forget_here
from .table import Table
from .tokens import token_hash

log = logging.getLogger("uvicorn.error")


class RemoteViewer:
    """A connection another process holds, as the table's own process sees it."""

    def __init__(self, cluster: Cluster, member: str, conn: str, seat: int | None) -> None:
        self.cluster = cluster
        self.member = member
        self.conn = conn
        self.seat = seat

    def send(self, text: str) -> None:
        self.cluster.send(self.member, {"op": "frame", "conn": self.conn, "text": text})

    def end(self, code: int) -> None:
        self.cluster.send(self.member, {"op": "end", "conn": self.conn, "code": code})


class Relay:
    def __init__(self, hub: Hub, cluster: Cluster, max_message_bytes: int) -> None:
        self.hub = hub
        self.cluster = cluster
        self.max_message_bytes = max_message_bytes
        #: Connections here to tables run elsewhere: their owner and the connection.
        self.local: dict[str, tuple[str, Connection]] = {}
        #: Connections elsewhere to tables run here, by process and connection.
        self.remote: dict[tuple[str, str], tuple[Table, RemoteViewer]] = {}
        #: Each connection's requests, done one after the other.
        self._chains: dict[tuple[str, str], asyncio.Task[None]] = {}
        cluster.on_message = self.received

    # -- this process's connections to tables run elsewhere -----------------------------

    async def open(
        self, owner: str, table_id: str, connection: Connection, token: str | None, player: Any
    ) -> str:
        """Seat ``connection`` at the table ``owner`` runs; its id for ``forward``.
        ``TableError`` if the owner refuses."""
        conn = uuid.uuid4().hex
        self.local[conn] = (owner, connection)
        request = {
            "op": "open",
            "table": table_id,
            "conn": conn,
            "token_hash": None if token is None else token_hash(token),
            "player": player,
        }
        try:
            reply = await self.cluster.call(owner, request)
        except TableError:
            # Should the owner seat it late all the same, it lets go of it again.
            self.close(conn)
            raise
        connection.seat = reply["seat"]
        return conn

    def forward(self, conn: str, raw: str) -> None:
        owner, _ = self.local[conn]
        self.cluster.send(owner, {"op": "message", "conn": conn, "raw": raw})

    def close(self, conn: str) -> None:
        owner, _ = self.local.pop(conn)
        self.cluster.send(owner, {"op": "close", "conn": conn})

    async def undo(self, owner: str, table_id: str, token: str) -> int:
        request = {"op": "undo", "table": table_id, "token_hash": token_hash(token)}
        reply = await self.cluster.call(owner, request)
        version: int = reply["version"]
        return version

    async def rematch(self, owner: str, table_id: str, token: str) -> Message:
        request = {"op": "rematch", "table": table_id, "token_hash": token_hash(token)}
        return await self.cluster.call(owner, request)

    async def forget_player(self, player_id: str) -> None:
        """Every process forgets the deleted player at the tables it runs."""
        await forget_here(self.hub, player_id)
        for member in await self.cluster.leases.members():
            if member != self.cluster.me:
                self.cluster.send(member, {"op": "forget_player", "player": player_id})

    # -- requests from the other processes -----------------------------------------------

    def received(self, message: Message) -> None:
        op = message["op"]
        if op in ("frame", "end"):
            here = self.local.get(message["conn"])
            if here is not None:
                connection = here[1]
                if op == "frame":
                    connection.send(message["text"])
                else:
                    connection.end(message["code"])
        elif op in ("open", "message", "close"):
            self._in_order((message["from"], message["conn"]), self._connection_request(message))
        elif op in ("undo", "rematch"):
            self._in_order((message["from"], message["id"]), self._table_request(message))
        elif op == "forget_player":
            self._in_order((message["from"], op), forget_here(self.hub, message["player"]))
        else:
            log.warning("unknown message from the cluster: %s", op)

    def _in_order(self, key: tuple[str, str], work: Coroutine[Any, Any, None]) -> None:
        previous = self._chains.get(key)
        task = asyncio.create_task(_after(previous, work))
        self._chains[key] = task

        def done(finished: asyncio.Task[None]) -> None:
            if self._chains.get(key) is finished:
                del self._chains[key]

        task.add_done_callback(done)

    async def _held(self, table_id: str) -> Table:
        found = await self.hub.find(table_id)
        if isinstance(found, str):
            raise TableError("table_moved", "another server process runs this table now", 503)
        return found

    async def _connection_request(self, message: Message) -> None:
        key = (message["from"], message["conn"])
        op = message["op"]
        if op == "open":
            try:
                await self._open(key, message)
            except TableError as error:
                self.cluster.reply(message, error=error)
            return
        here = self.remote.get(key)
        if here is None:
            return
        table, viewer = here
        chat = self.hub.chat(table)
        if op == "message":
            try:
                raw = message["raw"]
                await handle(table, chat, viewer, read_message(raw, self.max_message_bytes))
            except TableError as error:
                viewer.send(encode(error.to_json()))
        else:
            del self.remote[key]
            chat.leave(viewer)
            table.leave(viewer)
            self.hub.release(table)

    async def _open(self, key: tuple[str, str], message: Message) -> None:
        table = await self._held(message["table"])
        hashed = message["token_hash"]
        seat = None if hashed is None else table.seat_of_hash(hashed)
        try:
            if seat is not None:
                await table.take_seat(seat, message["player"])
        except TableError:
            self.hub.release(table)
            raise
        viewer = RemoteViewer(self.cluster, key[0], key[1], seat)
        self.remote[key] = (table, viewer)
        await table.join(viewer)
        await self.hub.chat(table).listen(viewer)
        self.cluster.reply(message, {"seat": seat})

    async def _table_request(self, message: Message) -> None:
        try:
            table = await self._held(message["table"])
            try:
                seat = table.seat_of_hash(message["token_hash"])
                if message["op"] == "undo":
                    await table.undo(seat)
                    result: Message = {"version": table.version}
                else:
                    new = await self.hub.rematch(table, seat)
                    result = {"id": new.id, "seed_commitment": new.row.seed_commitment}
            finally:
                self.hub.release(table)
        except TableError as error:
            self.cluster.reply(message, error=error)
        else:
            self.cluster.reply(message, result)

    # -- processes that died --------------------------------------------------------------

    def forget(self, alive: set[str]) -> None:
        """Let go of the connections of processes no longer alive, and disconnect the
        pages here whose table's owner died (they connect again, to the new owner)."""
        for key, (table, viewer) in list(self.remote.items()):
            if key[0] not in alive:
                del self.remote[key]
                self.hub.chat(table).leave(viewer)
                table.leave(viewer)
                self.hub.release(table)
        for owner, connection in list(self.local.values()):
            if owner not in alive:
                connection.end(CLOSE_MOVED)


async def _after(previous: asyncio.Task[None] | None, work: Coroutine[Any, Any, None]) -> None:
    if previous is not None:
        await asyncio.wait([previous])
    try:
        await work
    except Exception:
        log.exception("a request from the cluster failed")
