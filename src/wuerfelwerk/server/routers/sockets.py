"""``/ws/tables/{id}?token=T``: play or watch a table (no token: a spectator).

The server sends a ``state`` frame at once and after every change, and notices (the
clock, who is here, chat lines); the client sends ``{"type": "action", "version",
"action"}``, ``{"type": "sync"}`` or ``{"type": "chat", "text"}``. Every refusal is an
``error`` frame to that connection only. In a cluster, a table another process runs is
played through it (``server/relay.py``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

from fastapi import APIRouter, WebSocket

from ..connection import (
    CLOSE_MOVED,
    CLOSE_NAME_NEEDED,
    CLOSE_REFUSED,
    CLOSE_UNKNOWN,
    Connection,
)
from ..deps import HubDep, PlayerDep, RelayDep, SettingsDep
from ..errors import TableError
from ..messages import handle, read_message
from ..relay import Relay
from ..table import Table

router = APIRouter(tags=["play"])

#: How a refused connection is closed, by the refusal's HTTP status (503: the process
#: that ran the table is gone, and the page connects again).
CLOSE_CODES = {401: CLOSE_NAME_NEEDED, 404: CLOSE_UNKNOWN, 503: CLOSE_MOVED}


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


@router.websocket("/ws/tables/{table_id}")
async def table_socket(
    websocket: WebSocket,
    table_id: str,
    hub: HubDep,
    relay: RelayDep,
    settings: SettingsDep,
    player: PlayerDep,
    token: str | None = None,
) -> None:
    await websocket.accept()
    connection = Connection(websocket, settings.max_pending_frames)
    who = None if player is None else {"id": player.id, "name": player.name}
    try:
        found = await hub.find(table_id)
    except TableError as error:
        await refuse(connection, error)
        return
    if isinstance(found, Table):
        await play_here(websocket, found, connection, hub, settings.max_message_bytes, token, who)
    else:
        assert relay is not None  # only a cluster's tables run elsewhere
        await play_through(websocket, found, table_id, connection, relay, token, who)


async def play_here(
    websocket: WebSocket,
    table: Table,
    connection: Connection,
    hub: HubDep,
    limit: int,
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
                await handle(table, chat, connection, read_message(raw, limit))
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
                read_message(raw, relay.max_message_bytes)
            except TableError as error:
                connection.send_error(error)
            else:  # a message that reads is JSON, so UTF-8
                relay.forward(conn, raw if isinstance(raw, str) else raw.decode())
    finally:
        relay.close(conn)
        await connection.close()
