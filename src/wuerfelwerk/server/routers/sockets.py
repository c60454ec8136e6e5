"""``/ws/tables/{id}?token=T``: play or watch a table (no token: a spectator).

The server sends a ``state`` frame at once and after every change, and notices (the
clock, who is here, chat lines); the client sends ``{"type": "action", "version",
"action"}``, ``{"type": "sync"}`` or ``{"type": "chat", "text"}``. Every refusal is an
``error`` frame to that connection only.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, WebSocket
from pydantic import BaseModel, ValidationError

from ..chat import TableChat
from ..connection import CLOSE_NAME_NEEDED, CLOSE_REFUSED, CLOSE_UNKNOWN, Connection
from ..deps import HubDep, PlayerDep, SettingsDep
from ..errors import TableError
from ..schemas import ActionMessage, ChatMessage, SyncMessage
from ..table import Table

router = APIRouter(tags=["play"])

MESSAGES: dict[str, type[BaseModel]] = {
    "action": ActionMessage,
    "sync": SyncMessage,
    "chat": ChatMessage,
}
#: How a refused connection is closed, by the refusal's HTTP status.
CLOSE_CODES = {401: CLOSE_NAME_NEEDED, 404: CLOSE_UNKNOWN}


def read_message(raw: str | bytes, limit: int) -> BaseModel:
    """The client's message, checked; ``TableError`` says what is wrong with it."""
    if len(raw.encode() if isinstance(raw, str) else raw) > limit:
        raise TableError("too_large", f"a message may hold at most {limit} bytes")
    try:
        data: Any = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise TableError("malformed", "a message must be a JSON object") from None
    if not isinstance(data, dict):
        raise TableError("malformed", "a message must be a JSON object")
    kind = MESSAGES.get(data["type"]) if isinstance(data.get("type"), str) else None
    if kind is None:
        known = ", ".join(MESSAGES)
        raise TableError("unknown_type", f"unknown message type {data.get('type')!r} ({known})")
    try:
        return kind.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise TableError("malformed", f"{where}: {first['msg']}") from None


async def handle(table: Table, chat: TableChat, connection: Connection, message: BaseModel) -> None:
    if isinstance(message, ActionMessage):
        await table.act(connection.seat, message.version, message.action)
    elif isinstance(message, ChatMessage):
        seat = connection.seat
        player = table.row.players[seat] if table.row.players and seat is not None else None
        await chat.post(seat, player["name"] if player else None, message.text)
    else:
        await table.join(connection)


@router.websocket("/ws/tables/{table_id}")
async def table_socket(
    websocket: WebSocket,
    table_id: str,
    hub: HubDep,
    settings: SettingsDep,
    player: PlayerDep,
    token: str | None = None,
) -> None:
    await websocket.accept()
    connection = Connection(websocket, settings.max_pending_frames)
    table = None
    try:
        table = await hub.get(table_id)
        connection.seat = None if token is None else table.seat_of(token)
        if connection.seat is not None:
            who = None if player is None else {"id": player.id, "name": player.name}
            await table.take_seat(connection.seat, who)
    except TableError as error:
        connection.send_error(error)
        await connection.close(CLOSE_CODES.get(error.status, CLOSE_REFUSED))
        if table is not None:
            hub.release(table)
        return
    await table.join(connection)
    chat = hub.chat(table)
    await chat.listen(connection)
    try:
        while True:
            received = await websocket.receive()
            if received["type"] == "websocket.disconnect":
                break
            raw = received.get("text")
            if raw is None:
                raw = received.get("bytes") or b""
            try:
                message = read_message(raw, settings.max_message_bytes)
                await handle(table, chat, connection, message)
            except TableError as error:
                connection.send_error(error)
    finally:
        chat.leave(connection)
        table.leave(connection)
        await connection.close()
        hub.release(table)
