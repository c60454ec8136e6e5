"""A small test client: HTTP calls, a WebSocket per seat, and the frame checks."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import httpx
from sqlalchemy.ext.asyncio import AsyncConnection
from websockets.sync.client import ClientConnection, connect

import wuerfelwerk
from wuerfelwerk.agents import agent_names
from wuerfelwerk.core import CHANCE, SIMULTANEOUS, Game, Record, game_class
from wuerfelwerk.server.db import TableRow
from wuerfelwerk.server.db.engine import make_engine
from wuerfelwerk.server.launch import ServerProcess
from wuerfelwerk.server.settings import async_database_url

T = TypeVar("T")

FRAME_KEYS = {"type", "version", "seat", "observation", "legal_actions", "log", "outcome", "undo"}
#: What the table tells everyone besides the game: who is here, the clocks, the chat.
NOTICES = {"presence", "clock", "timeout", "chat", "rated"}
#: Seconds to wait for a frame before the test fails.
WAIT = 60.0
#: The WebSocket connections the running test opened, which the fixture
#: ``connections_closed`` (conftest.py) closes when it ends.
OPENED: list[ClientConnection] = []


def open_connection(url: str, **options: Any) -> ClientConnection:
    """A WebSocket connection as a page opens one. It sends no pings of its own, as a
    browser sends none: the server pings it and it answers. Otherwise its keepalive thread
    would draw from the ``random`` module's shared generator while later tests run, which
    Hypothesis reports from any strategy drawing at that moment."""
    ws = connect(url, max_queue=None, ping_interval=None, **options).__enter__()
    OPENED.append(ws)
    return ws


def game_under_test(name: str) -> Game:
    """The game with its first option set: what the server tests play."""
    options = game_class(name).option_sets()[0]
    return wuerfelwerk.load(name, **options)


def bot(game: Game) -> str:
    """The bot the tests seat: greedy where there is one. In real-time games a bot facing a
    person keeps its own pace (seconds an action), so there the quick random bot."""
    if game.simultaneous or "greedy" not in agent_names(game):
        return "bot:random"
    return "bot:greedy"


def create_table(
    server: ServerProcess,
    game: Game,
    seats: list[str],
    headers: dict[str, str] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    body = {"game": game.name, "options": game.options_json(), "seats": seats, **extra}
    response = httpx.post(f"{server.url}/api/tables", json=body, timeout=30, headers=headers)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def get(server: ServerProcess, path: str) -> httpx.Response:
    return httpx.get(f"{server.url}{path}", timeout=30)


@dataclass
class Client:
    """One WebSocket connection; keeps every message it received, in order."""

    ws: ClientConnection
    seat: int | None
    messages: list[dict[str, Any]] = field(default_factory=list)
    notices: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def open(
        cls,
        server: ServerProcess,
        table: dict[str, Any],
        seat: int | None,
        browser: httpx.Client | None = None,
        headers: dict[str, str] | None = None,
    ) -> Client:
        """A connection to ``seat`` (``None``: a spectator), with the cookies of
        ``browser`` (a player's name) and the ``headers`` if given."""
        query = "" if seat is None else f"?token={table['seats'][seat]['token']}"
        return cls.open_path(server, f"/ws/tables/{table['id']}{query}", seat, browser, headers)

    @classmethod
    def open_path(
        cls,
        server: ServerProcess,
        path: str,
        seat: int | None = None,
        browser: httpx.Client | None = None,
        headers: dict[str, str] | None = None,
    ) -> Client:
        cookies = "; ".join(f"{k}={v}" for k, v in (browser.cookies if browser else {}).items())
        sent = {**(headers or {}), **({"Cookie": cookies} if cookies else {})}
        return cls(open_connection(f"{server.ws_url}{path}", additional_headers=sent or None), seat)

    @property
    def frames(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "state"]

    def receive(self, timeout: float = WAIT) -> dict[str, Any]:
        """The next message about the game (a state, an error, a rematch); the notices
        that come between are kept in ``notices``."""
        while (message := self.receive_any(timeout))["type"] in NOTICES:
            self.notices.append(message)
        return message

    def receive_any(self, timeout: float = WAIT) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout))
        self.messages.append(message)
        return message

    def next_notice(self, kind: str, timeout: float = WAIT) -> dict[str, Any]:
        """The first notice of ``kind`` not taken yet: kept ones first, then new ones
        (state frames that come meanwhile stay in ``frames``)."""
        for number, notice in enumerate(self.notices):
            if notice["type"] == kind:
                return self.notices.pop(number)
        while (message := self.receive_any(timeout))["type"] != kind:
            if message["type"] in NOTICES:
                self.notices.append(message)
        return message

    def next_frame(self) -> dict[str, Any]:
        while (message := self.receive())["type"] != "state":
            pass
        return message

    def send(self, message: Any) -> None:
        self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def act(self, version: int, action: str) -> None:
        self.send({"type": "action", "version": version, "action": action})

    def watch_to_end(self) -> dict[str, Any]:
        frame = self.frames[-1] if self.frames else self.next_frame()
        while frame["outcome"] is None:
            frame = self.next_frame()
        return frame

    def play_to_end(self, rng: random.Random, simultaneous: bool, limit: int = 10_000) -> None:
        """Play random legal actions until the game is over. In simultaneous play others act
        meanwhile, so an action sent on an old frame may be refused; turn by turn never."""
        frame = self.frames[-1] if self.frames else self.next_frame()
        for _ in range(limit):
            if frame["outcome"] is not None:
                return
            if frame["legal_actions"]:
                self.act(frame["version"], rng.choice(frame["legal_actions"]))
            message = self.receive()
            while message["type"] != "state":
                if message["type"] == "error":
                    assert simultaneous, message
                    assert message["code"] in {"stale_version", "illegal_action", "not_your_turn"}
                message = self.receive()
            frame = message
        raise AssertionError("the game did not end")

    def close(self) -> None:
        self.ws.close()


def actors(record: Record) -> list[int]:
    """The seat behind each action of ``record`` (-1: the dice)."""
    seats = []
    for state, text in zip(record.states(), record.actions, strict=False):
        player = state.current_player
        if player == SIMULTANEOUS:
            player = state.game.parse_action(text).player  # type: ignore[attr-defined]
        seats.append(-1 if player == CHANCE else player)
    return seats


def check_frames(record: Record, frames: list[dict[str, Any]], seat: int | None) -> None:
    """Every frame is exactly what ``seat`` may see at its version: its own observation, its
    own legal actions, and log entries that show an action's text only where the game lets
    that seat see it (other seats' actions only where nothing is hidden)."""
    states = list(record.states())
    by_whom = actors(record)
    game = states[0].game
    for frame in frames:
        assert set(frame) == FRAME_KEYS
        assert frame["seat"] == seat
        state = states[frame["version"]]
        expected = json.loads(json.dumps(state.observation(seat)))
        differing = {
            k
            for k in expected | frame["observation"]
            if expected.get(k) != frame["observation"].get(k)
        }
        assert not differing, (
            frame["version"],
            differing,
            [(expected.get(k), frame["observation"].get(k)) for k in differing],
        )
        acting = seat is not None and seat in state.active_players
        assert frame["legal_actions"] == (
            [str(a) for a in state.legal_actions(seat)] if acting else []
        )
        for entry in frame["log"]:
            number = entry["number"]
            assert number < frame["version"]
            assert entry["seat"] == by_whom[number]
            action = game.parse_action(record.actions[number])
            shown = game.action_seen_by(action, by_whom[number], seat)
            assert entry["action"] == (record.actions[number] if shown else None)
        outcome = state.outcome()
        assert frame["outcome"] == (outcome.to_json() if outcome else None)


def fetch_record(server: ServerProcess, table_id: str) -> tuple[Record, dict[str, Any]]:
    response = get(server, f"/api/tables/{table_id}/record")
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return Record.from_json(data), data


def nearer_the_top(action: str) -> int:
    """Malefiz: the row the action ends on (``e3-f5`` -> 5); a fair player's choice."""
    digits = "".join(ch for ch in action.split("-")[-1].split()[-1] if ch.isdigit())
    return int(digits) if digits else 0


def top(actions: list[str]) -> str:
    """Malefiz: the action that ends nearest the top. Two such players finish a game of
    the quick board in some 80 actions, two random ones in some 1,100."""
    return max(actions, key=nearer_the_top)


def play_out(clients: list[Client], choose: list[Callable[[list[str]], str]]) -> dict[str, Any]:
    """Turn by turn, each client acts with its ``choose`` when its seat may, until the
    game is over; every action reaches every client, so they read in step. The last frame."""
    frames = [client.frames[-1] if client.frames else client.next_frame() for client in clients]
    while frames[0]["outcome"] is None:
        for client, frame, chooser in zip(clients, frames, choose, strict=True):
            if frame["legal_actions"]:
                client.act(frame["version"], chooser(frame["legal_actions"]))
        frames = [client.next_frame() for client in clients]
    return frames[0]


def in_database(url: str, work: Callable[[AsyncConnection], Awaitable[T]]) -> T:
    """Run ``work`` in one transaction on the server's database (to look at what it
    stored, or to change it while the server is down)."""

    async def run() -> T:
        engine = make_engine(async_database_url(url))
        try:
            async with engine.begin() as connection:
                return await work(connection)
        finally:
            await engine.dispose()

    return asyncio.run(run())


def table_row(table_id: str, owner: str | None = None) -> TableRow:
    """A Malefiz table's row of two people, as the journal stores it."""
    return TableRow(
        id=table_id,
        game="malefiz",
        options={},
        seats=["human", "human"],
        token_hashes=[None, None],
        seed=1,
        seed_commitment="0" * 64,
        undo=False,
        bot_delay=0.0,
        finished=False,
        rated=False,
        recorded=False,
        owner=owner,
    )
