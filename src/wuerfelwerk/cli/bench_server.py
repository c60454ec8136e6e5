"""``wuerfelwerk bench server``: tables of bots playing over WebSocket against a real server.

Every seat is a WebSocket client that plays a random legal action after a think time.
The latency is from an action sent to the frame carrying its result received back on
the same connection: the server's check, the database write and the broadcast.
"""

from __future__ import annotations

import asyncio
import gc
import json
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
import httpx
from websockets.asyncio.client import ClientConnection, connect

from ..server.launch import ServerProcess


@dataclass
class Tally:
    """What the clients measured inside the window ``[start, end)``; nothing counts
    before the window is set."""

    start: float = float("inf")
    end: float = float("inf")
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    games: int = 0

    def inside(self, moment: float) -> bool:
        return self.start <= moment < self.end


async def play_seat(ws: ClientConnection, rng: random.Random, think: float, tally: Tally) -> None:
    """Act on every frame that offers legal actions, until the game ends or time is up."""
    latest = -1
    sent: tuple[int, float] | None = None
    pending: asyncio.Task[None] | None = None

    async def act_later(version: int, actions: list[str]) -> None:
        nonlocal sent
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        if version == latest:
            sent = (version, time.perf_counter())
            await ws.send(
                json.dumps({"type": "action", "version": version, "action": rng.choice(actions)})
            )

    async for message in ws:
        frame = json.loads(message)
        now = time.perf_counter()
        if frame["type"] == "error":
            tally.errors += frame["code"] != "stale_version"
            sent = None
            continue
        if frame["type"] != "state":
            continue
        latest = frame["version"]
        if sent is not None and latest > sent[0]:
            if tally.inside(sent[1]):
                tally.latencies.append(now - sent[1])
            sent = None
        if frame["outcome"] is not None or now >= tally.end:
            tally.games += frame["outcome"] is not None
            break
        if frame["legal_actions"]:
            pending = asyncio.create_task(act_later(latest, frame["legal_actions"]))
    if pending is not None:
        pending.cancel()


async def keep_table(
    http: httpx.AsyncClient,
    ws_url: str,
    spec: dict[str, Any],
    think: float,
    seed: int,
    tally: Tally,
    ready: asyncio.Event,
) -> None:
    """Play tables one after the other until the window closes."""
    rng = random.Random(seed)
    first = True
    while time.perf_counter() < tally.end:
        response = await http.post("/api/tables", json=spec)
        response.raise_for_status()
        table = response.json()
        sockets = [
            await connect(f"{ws_url}/ws/tables/{table['id']}?token={seat['token']}", max_queue=None)
            for seat in table["seats"]
        ]
        if first:
            first = False
            ready.set()
        try:
            await asyncio.gather(*(play_seat(ws, rng, think, tally) for ws in sockets))
        finally:
            for ws in sockets:
                await ws.close()


async def run_bench(
    url: str,
    ws_url: str,
    game: str,
    players: int,
    tables: int,
    seconds: float,
    think: float,
    warmup: float = 3.0,
) -> dict[str, Any]:
    tally = Tally()
    spec = {"game": game, "options": {"players": players}, "seats": ["human"] * players}
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as http:
        started = [asyncio.Event() for _ in range(tables)]
        runners = [
            asyncio.create_task(keep_table(http, ws_url, spec, think, n, tally, started[n]))
            for n in range(tables)
        ]
        await asyncio.gather(*(event.wait() for event in started))
        gc.collect()
        gc.freeze()  # the clients' own garbage collection should not count as latency
        # The window opens once the burst of table creations and connections has passed.
        tally.start = time.perf_counter() + warmup
        tally.end = tally.start + seconds
        await asyncio.gather(*runners)
    latencies = sorted(tally.latencies)

    def quantile(q: float) -> float:
        return (
            latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000 if latencies else 0.0
        )

    return {
        "tables": tables,
        "actions_per_s": round(len(latencies) / seconds, 1),
        "p50_ms": round(quantile(0.50), 2),
        "p99_ms": round(quantile(0.99), 2),
        "mean_ms": round(statistics.fmean(latencies) * 1000, 2) if latencies else 0.0,
        "games_finished": tally.games,
        "errors": tally.errors,
        "think_s": think,
        "game": game,
        "players": players,
    }


@click.command("server")
@click.option("--tables", type=click.IntRange(1), default=50, show_default=True)
@click.option("--seconds", type=click.FloatRange(1), default=10.0, show_default=True)
@click.option("--game", default="malefiz", show_default=True)
@click.option("--players", type=click.IntRange(1), default=2, show_default=True)
@click.option(
    "--think",
    type=click.FloatRange(0),
    default=1.0,
    show_default=True,
    help="Mean seconds a seat waits before acting (a player's pace).",
)
@click.option(
    "--warmup",
    type=click.FloatRange(0),
    default=3.0,
    show_default=True,
    help="Seconds after the tables are open before measuring starts.",
)
@click.option("--db", "database_url", default=None, help="Default: a fresh SQLite file.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def server(
    tables: int,
    seconds: float,
    game: str,
    players: int,
    think: float,
    warmup: float,
    database_url: str | None,
    as_json: bool,
) -> None:
    """Start the server, keep TABLES tables of bots playing over WebSocket for SECONDS,
    and report actions per second and action-to-broadcast latency (p50, p99)."""
    with tempfile.TemporaryDirectory() as folder:
        url = database_url or f"sqlite:///{Path(folder) / 'bench.db'}"
        with ServerProcess(url, log=Path(folder) / "server.log") as process:
            result = asyncio.run(
                run_bench(
                    process.url, process.ws_url, game, players, tables, seconds, think, warmup
                )
            )
    if as_json:
        click.echo(json.dumps(result))
        return
    click.echo(
        f"{tables} tables of {game}, {seconds:g} s: {result['actions_per_s']:,.0f} actions/s, "
        f"latency p50 {result['p50_ms']:.1f} ms, p99 {result['p99_ms']:.1f} ms "
        f"({result['games_finished']} games finished, {result['errors']} errors)"
    )
