"""``/ws/tables/{id}?token=T``: play or watch a table (no token: a spectator).

The server sends a ``state`` frame at once and after every change, and notices (the
clock, who is here, chat lines); the client sends ``{"type": "action", "version",
"action"}``, ``{"type": "sync"}`` or ``{"type": "chat", "text"}``. Every refusal is an
``error`` frame to that connection only. In a cluster, a table another process runs is
played through it (``server/relay.py``). The limits (``server/guard``) are kept here,
where the page is connected: its address's connections, its messages, its chat lines.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

from fastapi import APIRouter, WebSocket
from pydantic import BaseModel

from ..connection import (
    CLOSE_MOVED,
    CLOSE_NAME_NEEDED,
    CLOSE_REFUSED,
    CLOSE_UNKNOWN,
    Connection,
)
from ..deps import ClientDep, GuardDep, HubDep, PlayerDep, RelayDep, SettingsDep
from ..errors import TableError
from ..guard import Client, Guard, LimitError, MessageGate
from ..messages import handle, read_message
from ..relay import Relay
from ..schemas import ChatMessage
from ..table import Table

router = APIRouter(tags=["play"])

#: Too many connections from the page's address: the page tries again later.
CLOSE_LIMIT = 4429
#: How a refused connection is closed, by the refusal's HTTP status (503: the process
#: that ran the table is gone, and the page connects again).
CLOSE_CODES = {401: CLOSE_NAME_NEEDED, 404: CLOSE_UNKNOWN, 429: CLOSE_LIMIT, 503: CLOSE_MOVED}


async def received(websocket: WebSocket) -> AsyncIterator[str | bytes]:
    """The client's messages, until it disconnects."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        text: str | None = message.get("text")
        yield message.get("bytes") or b"" if text is None else text


async def refuse(connection: Connection, error: TableError) -> None:
    connection.send_error(error)
    await connection.close(CLOSE_CODES.get(error.status, CLOSE_REFUSED))


class Door:
    """What a page's messages pass before they reach the table: the connection's rate,
    the message's shape, and a chat line's rate."""

    def __init__(self, guard: Guard, client: Client, table_id: str, limit: int) -> None:
        self.guard = guard
        self.client = client
        self.table_id = table_id
        self.limit = limit
        self.gate: MessageGate = guard.message_gate(client)

    async def admit(self, raw: str | bytes, seat: int | None) -> BaseModel:
        """The message, checked; ``TableError`` says why it does not pass."""
        await self.gate.let_through()
        message = read_message(raw, self.limit)
        if isinstance(message, ChatMessage):
            await self.guard.chat_line(self.client, self.table_id, seat)
        return message


@router.websocket("/ws/tables/{table_id}")
async def table_socket(
    websocket: WebSocket,
    table_id: str,
    hub: HubDep,
    relay: RelayDep,
    settings: SettingsDep,
    player: PlayerDep,
    guard: GuardDep,
    client: ClientDep,
    token: str | None = None,
) -> None:
    await websocket.accept()
    connection = Connection(websocket, settings.max_pending_frames)
    who = None if player is None else {"id": player.id, "name": player.name}
    door = Door(guard, client, table_id, settings.max_message_bytes)
    try:
        async with guard.connection(client):
            try:
                found = await hub.find(table_id)
            except TableError as error:
                await refuse(connection, error)
                return
            if isinstance(found, Table):
                await play_here(websocket, found, connection, hub, door, token, who)
            else:
                assert relay is not None  # only a cluster's tables run elsewhere
                await play_through(websocket, found, table_id, connection, relay, door, token, who)
    except LimitError as error:
        await refuse(connection, error)


async def play_here(
    websocket: WebSocket,
    table: Table,
    connection: Connection,
    hub: HubDep,
    door: Door,
    token: str | None,
    who: dict[str, str] | None,
) -> None:
    try:
        connection.seat = None if token is None else table.seat_of(token)
        if connection.seat is not None:
            await table.take_seat(connection.seat, who)
    except TableError as error:
        await refuse(connection, error)
        hub.release(table)
        return
    await table.join(connection)
    chat = hub.chat(table)
    await chat.listen(connection)
    try:
        async for raw in received(websocket):
            try:
                await handle(table, chat, connection, await door.admit(raw, connection.seat))
            except TableError as error:
                connection.send_error(error)
    finally:
        chat.leave(connection)
        table.leave(connection)
        await connection.close()
        hub.release(table)


async def play_through(
    websocket: WebSocket,
    owner: str,
    table_id: str,
    connection: Connection,
    relay: Relay,
    door: Door,
    token: str | None,
    who: dict[str, str] | None,
) -> None:
    """The table runs in process ``owner``: the messages go there, checked here first."""
    try:
        conn = await relay.open(owner, table_id, connection, token, who)
    except TableError as error:
        await refuse(connection, error)
        return
    try:
        async for raw in received(websocket):
            try:
                await door.admit(raw, connection.seat)
            except TableError as error:
                connection.send_error(error)
            else:  # a message that reads is JSON, so UTF-8
                relay.forward(conn, raw if isinstance(raw, str) else raw.decode())
    finally:
        relay.close(conn)
        await connection.close()
