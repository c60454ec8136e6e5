"""A seat's token never passes through the database's notifications: a page relayed to
the table's owner, its undo and its rematch are sent on as the token's SHA-256, which
the table's row stores anyway."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import asyncpg
import httpx
from sqlalchemy import select
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection

from wuerfelwerk.server.cluster import channel
from wuerfelwerk.server.db.models import MemberRow
from wuerfelwerk.server.launch import ServerProcess
from wuerfelwerk.server.tokens import token_hash

from .client import Client, create_table, game_under_test, in_database
from .conftest import PostgresCluster

CLUSTER = {"WUERFELWERK_CLUSTER": "true", "WUERFELWERK_LEASE_SECONDS": "5"}


class Eavesdropper(threading.Thread):
    """Listens on the processes' channels and keeps every payload, until stopped."""

    def __init__(self, url: str, members: list[str]) -> None:
        super().__init__(daemon=True)
        self.dsn = make_url(url).set(drivername="postgresql").render_as_string(False)
        self.members = members
        self.heard: list[str] = []
        self.listening = threading.Event()
        self._done = threading.Event()

    def run(self) -> None:
        asyncio.run(self._listen())

    async def _listen(self) -> None:
        connection = await asyncpg.connect(self.dsn)
        for member in self.members:
            await connection.add_listener(channel(member), self._received)
        self.listening.set()
        while not self._done.is_set():
            await asyncio.sleep(0.05)
        await connection.close()

    def _received(self, _connection: object, _pid: int, _channel: str, payload: str) -> None:
        self.heard.append(payload[1:])

    def stop(self) -> str:
        """Everything heard, the pieces of each message joined."""
        self._done.set()
        self.join(30)
        return "".join(self.heard)


def test_no_seat_token_passes_through_the_notifications(
    postgres_cluster: PostgresCluster, workdir: Path
) -> None:
    url = postgres_cluster.new_database()
    servers = [
        ServerProcess(url, log=workdir / f"server-{n}.log", env=CLUSTER).start() for n in (0, 1)
    ]
    try:
        owner, other = servers

        async def members(connection: AsyncConnection) -> list[str]:
            return list(await connection.scalars(select(MemberRow.id)))

        eavesdropper = Eavesdropper(url, in_database(url, members))
        eavesdropper.start()
        assert eavesdropper.listening.wait(30)
        game = game_under_test("malefiz")
        table = create_table(owner, game, ["human", "bot:greedy"], undo=True)
        token = table["seats"][0]["token"]
        page = Client.open(other, table, 0)
        frame = page.next_frame()
        while not frame["legal_actions"]:
            frame = page.next_frame()
        page.act(frame["version"], frame["legal_actions"][0])
        page.next_frame()
        undone = httpx.post(
            f"{other.url}/api/tables/{table['id']}/undo", json={"token": token}, timeout=30
        )
        assert undone.status_code == 200, undone.text
        wrong = httpx.post(
            f"{other.url}/api/tables/{table['id']}/undo", json={"token": "not it"}, timeout=30
        )
        assert wrong.status_code == 403 and wrong.json()["code"] == "bad_token"
        heard = eavesdropper.stop()
        assert '"op": "open"' in heard and '"op": "undo"' in heard
        assert token_hash(token) in heard
        assert token not in heard and "not it" not in heard
    finally:
        for server in servers:
            server.stop()
