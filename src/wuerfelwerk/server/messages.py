"""What a client sends over its WebSocket: read and checked, then done at the table."""

from __future__ import annotations

from typing import Any

import orjson
from pydantic import BaseModel, ValidationError

from .chat import TableChat
from .connection import Viewer
from .errors import TableError
from .schemas import ActionMessage, ChatMessage, SyncMessage
from .table import Table

MESSAGES: dict[str, type[BaseModel]] = {
    "action": ActionMessage,
    "sync": SyncMessage,
    "chat": ChatMessage,
}


def read_message(raw: str | bytes, limit: int) -> BaseModel:
    """The client's message, checked; ``TableError`` says what is wrong with it."""
    if len(raw.encode() if isinstance(raw, str) else raw) > limit:
        raise TableError("too_large", f"a message may hold at most {limit} bytes")
    try:
        data: Any = orjson.loads(raw)
    except orjson.JSONDecodeError:
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


async def handle(table: Table, chat: TableChat, viewer: Viewer, message: BaseModel) -> None:
    if isinstance(message, ActionMessage):
        await table.act(viewer.seat, message.version, message.action)
    elif isinstance(message, ChatMessage):
        seat = viewer.seat
        player = table.row.players[seat] if table.row.players and seat is not None else None
        await chat.post(seat, player["name"] if player else None, message.text)
    else:
        await table.join(viewer)
