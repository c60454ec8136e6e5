"""``Cluster``: the server processes that share one PostgreSQL database, and the
messages between them over PostgreSQL's LISTEN/NOTIFY.

Each process listens on a channel of its own (``wuerfelwerk_<id>``). A message is a JSON
object; a request that wants an answer carries an ``id`` and gets ``{"op": "reply"}``.
Notifications from one process arrive in the order they were sent; a message larger
than a notification may hold is sent in pieces, each but the last marked as continued.
All of one process's notifications go out through one connection, many in one
statement when they pile up.

Every third of the lease the process beats its heart and takes over the tables of the
members whose heartbeat is older than the lease (``db/leases.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from .batches import next_batch
from .db.leases import Leases, TakeOver
from .errors import TableError

log = logging.getLogger("uvicorn.error")

#: Characters of a message one notification carries (PostgreSQL takes below 8000 bytes;
#: messages are ASCII JSON).
PIECE = 7900
#: The notifications one statement sends.
BATCH = 500

Message = dict[str, Any]


def channel(member: str) -> str:
    return f"wuerfelwerk_{member}"


def pieces(text: str) -> list[str]:
    """``text`` as notification payloads: ``"+"`` before each piece another follows, ``"."``
    before the last."""
    parts = [text[start : start + PIECE] for start in range(0, len(text), PIECE)] or [""]
    return [f"+{part}" for part in parts[:-1]] + [f".{parts[-1]}"]


class Cluster:
    def __init__(self, engine: AsyncEngine, database_url: str, lease: float) -> None:
        self.me = uuid.uuid4().hex
        self.lease = lease
        self.leases = Leases(engine, self.me, lease)
        self.dsn = make_url(database_url).set(drivername="postgresql").render_as_string(False)
        #: Called with every message that is not a reply.
        self.on_message: Callable[[Message], None] = lambda message: None
        self._connection: asyncpg.Connection | None = None
        self._outbox: asyncio.Queue[tuple[str, str] | None] = asyncio.Queue()
        self._sender: asyncio.Task[None] | None = None
        self._watcher: asyncio.Task[None] | None = None
        #: Pieces received so far of a message in pieces, by the sending connection.
        self._partial: dict[int, list[str]] = {}
        self._calls: dict[str, asyncio.Future[Message]] = {}
        self._numbers = itertools.count()

    async def start(self) -> None:
        """Listen, and enter the cluster."""
        connection = await asyncpg.connect(self.dsn)
        await connection.add_listener(channel(self.me), self._received)
        self._connection = connection
        self._sender = asyncio.create_task(self._send_batches(connection))
        await self.leases.join()

    def watch(
        self, on_round: Callable[[TakeOver], Awaitable[None]], on_lost: Callable[[], None]
    ) -> None:
        """Every third of the lease: beat the heart (``on_lost`` first, should another
        process have taken this one for dead) and take over the dead members' tables."""
        self._watcher = asyncio.create_task(self._watch(on_round, on_lost))

    async def _watch(
        self, on_round: Callable[[TakeOver], Awaitable[None]], on_lost: Callable[[], None]
    ) -> None:
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                if not await self.leases.renew():
                    log.warning("this server was taken for dead: its tables run elsewhere now")
                    on_lost()
                    await self.leases.join()
                await on_round(await self.leases.take_over())
            except Exception:
                log.exception("the cluster's heartbeat failed; trying again")

    async def stop(self) -> None:
        """Leave the cluster (the others take the tables over at once) and stop."""
        if self._watcher is not None:
            self._watcher.cancel()
        with contextlib.suppress(Exception):
            await self.leases.leave()
        if self._sender is not None:
            self._outbox.put_nowait(None)
            with contextlib.suppress(Exception):
                await self._sender
        if self._connection is not None:
            await self._connection.close()

    # -- sending ---------------------------------------------------------------------------

    def send(self, member: str, message: Message) -> None:
        """Send ``message`` to ``member``; messages to one member arrive in this order."""
        # Numbered: PostgreSQL drops a notification that repeats another of the same
        # transaction, and two messages may well say the same.
        numbered = {**message, "from": self.me, "n": next(self._numbers)}
        for payload in pieces(json.dumps(numbered)):
            self._outbox.put_nowait((channel(member), payload))

    async def call(self, member: str, message: Message) -> Message:
        """Send a request and wait for its reply's result; the reply's error is raised as
        a ``TableError``, and a member that does not answer within the lease is one."""
        request = uuid.uuid4().hex
        future: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        self._calls[request] = future
        self.send(member, {**message, "id": request})
        try:
            reply = await asyncio.wait_for(future, self.lease)
        except TimeoutError:
            raise TableError(
                "server_unavailable",
                "the server process that runs this table does not answer; try again",
                503,
            ) from None
        finally:
            self._calls.pop(request, None)
        error = reply.get("error")
        if error is not None:
            raise TableError(error["code"], error["message"], error["status"])
        result: Message = reply["result"]
        return result

    def reply(
        self, request: Message, result: Message | None = None, error: TableError | None = None
    ) -> None:
        answer: Message = {"op": "reply", "id": request["id"], "result": result}
        if error is not None:
            answer["error"] = {"code": error.code, "message": error.message, "status": error.status}
        self.send(request["from"], answer)

    async def _send_batches(self, connection: asyncpg.Connection) -> None:
        while batch := await next_batch(self._outbox, BATCH):
            channels, payloads = zip(*batch, strict=True)
            try:
                await connection.execute(
                    "SELECT pg_notify(c, p) FROM unnest($1::text[], $2::text[]) "
                    "WITH ORDINALITY AS m(c, p, n) ORDER BY n",
                    list(channels),
                    list(payloads),
                )
            except Exception:
                log.exception("sending %d messages to the cluster failed", len(batch))

    # -- receiving -------------------------------------------------------------------------

    def _received(self, _connection: object, sender: int, _channel: str, payload: object) -> None:
        assert isinstance(payload, str)
        parts = self._partial.setdefault(sender, [])
        parts.append(payload[1:])
        if payload.startswith("+"):
            return
        del self._partial[sender]
        message: Message = json.loads("".join(parts))
        if message.get("op") == "reply":
            future = self._calls.get(message["id"])
            if future is not None and not future.done():
                future.set_result(message)
            return
        try:
            self.on_message(message)
        except Exception:
            log.exception("a message from the cluster could not be handled: %s", message.get("op"))
