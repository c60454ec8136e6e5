"""``wuerfelwerk bench server``: tables of bots playing over WebSocket against a real server.

Every seat is a WebSocket client that plays a random legal action after a think time.
The latency is from an action sent to the frame carrying its result received back on
the same connection: the server's check, the database write and the broadcast. With
several server processes (a cluster on PostgreSQL) a table's seats connect to different
processes, so half of them play through the process that does not run the table.
Memory per table is the growth of the servers' resident memory from idle to every
table open, divided by the tables (connections included).
"""

from __future__ import annotations

import asyncio
import contextlib
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
from websockets.exceptions import ConnectionClosed

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
            with contextlib.suppress(ConnectionClosed):  # the table's run is over
                await ws.send(
                    json.dumps(
                        {"type": "action", "version": version, "action": rng.choice(actions)}
                    )
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


def resident_kib(pids: list[int]) -> int | None:
    """The resident memory of the processes ``pids`` and their children (KiB), where
    ``/proc`` tells it (Linux)."""
    total = 0
    try:
        for pid in pids:
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
            for each in [pid, *map(int, children)]:
                status = Path(f"/proc/{each}/status").read_text()
                total += int(status.split("VmRSS:")[1].split()[0])
    except (OSError, IndexError, ValueError):
        return None
    return total


async def keep_table(
    http: httpx.AsyncClient,
    ws_urls: list[str],
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
            await connect(
                f"{ws_urls[(seed + n) % len(ws_urls)]}/ws/tables/{table['id']}"
                f"?token={seat['token']}",
                max_queue=None,
                open_timeout=60,  # the burst of table openings is slow on a busy machine
            )
            for n, seat in enumerate(table["seats"])
        ]
        if first:
            first = False
            ready.set()
        seats = [asyncio.create_task(play_seat(ws, rng, think, tally)) for ws in sockets]
        try:
            # A seat stops at the first frame after the window (or at the end of the game);
            # the others may have had that frame a moment earlier, and stop now.
            await asyncio.wait(seats, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for ws in sockets:
                await ws.close()
            await asyncio.gather(*seats)


async def run_bench(
    servers: list[ServerProcess],
    game: str,
    players: int,
    tables: int,
    seconds: float,
    think: float,
    warmup: float = 3.0,
) -> dict[str, Any]:
    """Keep ``tables`` tables playing on ``servers``; each table is made on one server in
    turn and its seats connect to the servers in turn from there."""
    tally = Tally()
    spec = {"game": game, "options": {"players": players}, "seats": ["human"] * players}
    limits = httpx.Limits(max_connections=50)
    pids = [server.process.pid for server in servers if server.process is not None]
    idle = resident_kib(pids)
    ws_urls = [server.ws_url for server in servers]
    async with contextlib.AsyncExitStack() as stack:
        clients = [
            await stack.enter_async_context(
                httpx.AsyncClient(base_url=server.url, timeout=60, limits=limits)
            )
            for server in servers
        ]
        started = [asyncio.Event() for _ in range(tables)]
        runners = [
            asyncio.create_task(
                keep_table(
                    clients[n % len(clients)],
                    ws_urls,
                    spec,
                    think,
                    n,
                    tally,
                    started[n],
                )
            )
            for n in range(tables)
        ]
        opened: asyncio.Future[Any] = asyncio.ensure_future(
            asyncio.gather(*(event.wait() for event in started))
        )
        waiting: list[asyncio.Future[Any]] = [opened, *runners]
        done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
        for task in done - {opened}:
            task.result()  # a table's clients failed before every table was open: say why
        gc.collect()
        gc.freeze()  # the clients' own garbage collection should not count as latency
        # The window opens once the burst of table creations and connections has passed.
        tally.start = time.perf_counter() + warmup
        tally.end = tally.start + seconds
        await asyncio.sleep(warmup)
        busy = resident_kib(pids)
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
        "servers": len(servers),
        "kib_per_table": None if idle is None or busy is None else round((busy - idle) / tables, 1),
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
@click.option(
    "--db",
    "database_url",
    default=None,
    help="Default: a fresh SQLite file. Several servers need an empty PostgreSQL database.",
)
@click.option(
    "--servers",
    type=click.IntRange(1),
    default=1,
    show_default=True,
    help="Server processes; more than one run as a cluster on the PostgreSQL --db.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def server(
    tables: int,
    seconds: float,
    game: str,
    players: int,
    think: float,
    warmup: float,
    database_url: str | None,
    servers: int,
    as_json: bool,
) -> None:
    """Start the server (or SERVERS of them), keep TABLES tables of bots playing over
    WebSocket for SECONDS, and report actions per second, action-to-broadcast latency
    (p50, p99) and the servers' memory per table."""
    if servers > 1 and not (database_url or "").startswith("postgres"):
        raise click.UsageError("several servers share a PostgreSQL database: give --db")
    env = {"WUERFELWERK_CLUSTER": "true"} if servers > 1 else {}
    with tempfile.TemporaryDirectory() as folder, contextlib.ExitStack() as stack:
        url = database_url or f"sqlite:///{Path(folder) / 'bench.db'}"
        processes = [
            stack.enter_context(ServerProcess(url, log=Path(folder) / f"server-{n}.log", env=env))
            for n in range(servers)
        ]
        try:
            result = asyncio.run(
                run_bench(processes, game, players, tables, seconds, think, warmup)
            )
        except (httpx.HTTPError, OSError, TimeoutError) as error:
            raise click.ClickException(f"a table's clients failed: {error!r}") from None
    if as_json:
        click.echo(json.dumps(result))
        return
    memory = result["kib_per_table"]
    click.echo(
        f"{tables} tables of {game} on {servers} server process(es), {seconds:g} s: "
        f"{result['actions_per_s']:,.0f} actions/s, "
        f"latency p50 {result['p50_ms']:.1f} ms, p99 {result['p99_ms']:.1f} ms, "
        f"{'memory not measured' if memory is None else f'{memory:,.0f} KiB'} per table "
        f"({result['games_finished']} games finished, {result['errors']} errors)"
    )
