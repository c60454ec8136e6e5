"""A bare relay that speaks the server's wire protocol: the floor of ``bench server``.

It runs on the server's stack (uvicorn with the same WebSocket settings, FastAPI,
orjson) and answers the bench's clients as the server does, but does nothing else: no
game, no check beyond the version, no journal, no limits. A table's seats take turns;
an action that answers the table's version makes the next version, and every seat gets
a state frame of a given length (``bench server --floor``: the server's mean in the same
run). What the relay costs per action is what the stack itself costs to carry one: the
part of the server's CPU that no work of its own can save.

    python -m wuerfelwerk.bench.relay --port 8001 --frame-bytes 478
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import sys
from dataclasses import dataclass, field
from typing import Any

import orjson
from fastapi import FastAPI, WebSocket, WebSocketDisconnect

from ..server.frames import encode
from ..server.launch import SOCKET_OPTIONS, ServerProcess

#: What the relay names as its build in ``/api/health``.
RELAY_BUILD = "relay"


@dataclass
class RelayTable:
    players: int
    version: int = 0
    to_act: int = 0
    sockets: list[tuple[int, WebSocket]] = field(default_factory=list)


def create_relay(frame_bytes: int) -> FastAPI:
    """The relay's application; its state frames are ``frame_bytes`` long (at least
    as long as one without padding)."""
    app = FastAPI()
    tables: dict[str, RelayTable] = {}
    numbers = itertools.count()

    def frame(table: RelayTable, seat: int, pad: str) -> str:
        return encode(
            {
                "type": "state",
                "version": table.version,
                "seat": seat,
                "observation": {"pad": pad},
                "legal_actions": ["move"] if seat == table.to_act else [],
                "log": [],
                "outcome": None,
            }
        )

    padding = "." * max(0, frame_bytes - len(frame(RelayTable(1), 0, "")))
    stale = encode({"type": "error", "code": "stale_version"})

    @app.get("/api/health")
    def health() -> dict[str, str]:
        return {"status": "ok", "build": RELAY_BUILD}

    @app.get("/api/games")
    def games() -> list[str]:
        return []

    @app.post("/api/tables")
    def new_table(spec: dict[str, Any]) -> dict[str, Any]:
        players = len(spec["seats"])
        table_id = str(next(numbers))
        tables[table_id] = RelayTable(players)
        return {"id": table_id, "seats": [{"token": str(seat)} for seat in range(players)]}

    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str, token: str) -> None:
        table = tables[table_id]
        seat = int(token)
        await websocket.accept()
        table.sockets.append((seat, websocket))
        try:
            await websocket.send_text(frame(table, seat, padding))
            while True:
                message = orjson.loads(await websocket.receive_text())
                if message["version"] != table.version or seat != table.to_act:
                    await websocket.send_text(stale)
                    continue
                table.version += 1
                table.to_act = (table.to_act + 1) % table.players
                for viewer, other in list(table.sockets):
                    with contextlib.suppress(WebSocketDisconnect):  # a seat that just left
                        await other.send_text(frame(table, viewer, padding))
        except WebSocketDisconnect:
            pass
        finally:
            table.sockets.remove((seat, websocket))
            if not table.sockets:
                tables.pop(table_id, None)

    return app


class RelayProcess(ServerProcess):
    """The relay in a child process on 127.0.0.1, started and stopped as a server."""

    def __init__(self, frame_bytes: int, **kwargs: Any) -> None:
        super().__init__("", **kwargs)
        self.frame_bytes = frame_bytes

    def command(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "wuerfelwerk.bench.relay",
            "--port",
            str(self.port),
            "--frame-bytes",
            str(self.frame_bytes),
        ]


def main() -> None:
    import uvicorn

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--frame-bytes", type=int, required=True)
    args = parser.parse_args()
    uvicorn.run(
        create_relay(args.frame_bytes),
        host="127.0.0.1",
        port=args.port,
        log_level="warning",
        **SOCKET_OPTIONS,  # type: ignore[arg-type]
    )


if __name__ == "__main__":
    main()
