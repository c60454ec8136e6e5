"""One WebSocket client: its seat and a queue of frames sent in order by its own task.

A table never waits for a slow client: frames are queued, and a client that lets too
many pile up is disconnected (it gets the whole state again when it reconnects).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from typing import Protocol

from starlette.websockets import WebSocket, WebSocketState

from .errors import TableError
from .frames import encode

#: Close codes: a rated table's seat without a name, a policy refusal (bad token), an
#: unknown table, a client too slow to keep up.
CLOSE_NAME_NEEDED = 4401
CLOSE_REFUSED = 4403
CLOSE_UNKNOWN = 4404
CLOSE_TOO_SLOW = 4408
#: Another process of the cluster runs the table now: connect again.
CLOSE_MOVED = 1012


class Viewer(Protocol):
    """What a table sends to: a connection here, or one to another process of a cluster."""

    seat: int | None

    def send(self, text: str) -> None: ...

    def end(self, code: int) -> None:
        """Close after the frames queued so far."""


class Connection:
    def __init__(self, websocket: WebSocket, max_pending: int) -> None:
        self.websocket = websocket
        self.seat: int | None = None
        self.max_pending = max_pending
        #: Frames to send in order; ``None``: close after the frames before it.
        self._pending: deque[str | None] = deque()
        #: Set while the sender waits for a frame.
        self._idle: asyncio.Future[None] | None = None
        self._sender = asyncio.create_task(self._send_queued())
        self._close_code = 1000

    def _put(self, item: str | None) -> None:
        self._pending.append(item)
        idle = self._idle
        if idle is not None and not idle.done():
            idle.set_result(None)

    def send(self, text: str) -> None:
        if len(self._pending) >= self.max_pending:
            self._close_code = CLOSE_TOO_SLOW
            self._put(None)
            return
        self._put(text)

    def end(self, code: int) -> None:
        self._close_code = code
        self._put(None)

    def send_error(self, error: TableError) -> None:
        self.send(encode(error.to_json()))

    async def _send_queued(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            while not self._pending:
                self._idle = loop.create_future()
                await self._idle
            text = self._pending.popleft()
            if text is None:
                break
            try:
                await self.websocket.send_text(text)
            except Exception:  # the client is gone; its receive loop ends the connection
                return
        with contextlib.suppress(Exception):
            await self.websocket.close(self._close_code)

    async def close(self, code: int = 1000) -> None:
        """Send what is queued, then close with ``code``."""
        if self._close_code == 1000:
            self._close_code = code
        self._put(None)
        if self.websocket.client_state != WebSocketState.DISCONNECTED:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._sender), 5)
        self._sender.cancel()
