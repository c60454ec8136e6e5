"""A table's chat: players write, everyone at the table reads.

A line is checked here (at most ``MAX_CHARS`` characters, no control characters, not
empty) and stored as plain text; pages show it as text, never as markup. Who wrote it
is the seat, and the name of the seat's player if it has one. A page that comes gets
the last ``HISTORY`` lines.
"""

from __future__ import annotations

import asyncio
import unicodedata
from typing import Any

from .connection import Viewer
from .db.chat import ChatLog
from .db.models import ChatRow
from .errors import TableError
from .frames import encode

MAX_CHARS = 300
HISTORY = 100


def checked_text(text: str) -> str:
    """The line as it is kept; ``TableError`` if it is empty or too long."""
    printable = "".join(ch for ch in text if ch.isspace() or unicodedata.category(ch) != "Cc")
    text = " ".join(printable.split())
    if not text:
        raise TableError("chat_empty", "a chat line needs some text")
    if len(text) > MAX_CHARS:
        raise TableError("chat_too_long", f"a chat line holds at most {MAX_CHARS} characters")
    return text


def _line(row: ChatRow) -> dict[str, Any]:
    return {"seat": row.seat, "name": row.name, "text": row.text, "at": row.at.isoformat()}


def chat_frame(lines: list[dict[str, Any]]) -> str:
    """``{"type": "chat", "lines": [{"seat", "name", "text", "at"}]}``."""
    return encode({"type": "chat", "lines": lines})


class TableChat:
    def __init__(self, table_id: str, log: ChatLog) -> None:
        self.table_id = table_id
        self.log = log
        self.listeners: set[Viewer] = set()
        self._history: list[dict[str, Any]] | None = None
        #: A page gets the history and then every new line, none twice and none missed.
        self._lock = asyncio.Lock()

    async def listen(self, connection: Viewer) -> None:
        async with self._lock:
            if self._history is None:
                rows = await self.log.recent(self.table_id, HISTORY)
                self._history = [_line(row) for row in rows]
            if self._history:
                connection.send(chat_frame(self._history))
            self.listeners.add(connection)

    def leave(self, connection: Viewer) -> None:
        self.listeners.discard(connection)

    def forget_history(self) -> None:
        """Read the history from the database again for the next page (lines were
        deleted there)."""
        self._history = None

    async def post(self, seat: int | None, name: str | None, text: str) -> None:
        """Store the line of ``seat`` (its player's ``name``), then send it to everyone."""
        if seat is None:
            raise TableError("no_seat", "spectators read the chat; the players write in it")
        text = checked_text(text)
        async with self._lock:
            line = _line(await self.log.add(self.table_id, seat, name, text))
            if self._history is not None:
                self._history = [*self._history, line][-HISTORY:]
            frame = chat_frame([line])
            for connection in list(self.listeners):
                connection.send(frame)
