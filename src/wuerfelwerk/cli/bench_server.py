"""``wuerfelwerk bench server``: tables of bots playing over WebSocket against a real server.

Every seat is a WebSocket client that plays a random legal action after a think time.
The latency is from an action sent to the frame carrying its result received back on
the same connection: the server's check, the database write and the broadcast. With
several server processes (a cluster on PostgreSQL) a table's seats connect to different
processes, so half of them play through the process that does not run the table.

The server processes' own CPU time per action is read from the processes (so the
clients' share and any other load do not count): it is the figure that holds on a
shared machine. A PostgreSQL database on this machine has its CPU time read the same way
(the database server and all its processes), since a cluster's actions cost it too.
Memory per table is the growth of the servers' resident memory from
idle to every table open, divided by the tables (connections included). ``--noise N``
keeps N cores busy during the run, to show the margin.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import statistics
import tempfile
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
import httpx
import orjson
import psutil
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from ..bench.machine import (
    REFERENCE,
    Reference,
    cpu_seconds,
    load_average,
    noise,
    own_cpu_seconds,
    postgres_server,
    reference_rate,
    resident_kib,
    server_tree_cpu_seconds,
)
from ..server import collector
from ..server.launch import ServerProcess
from .bench_report import report, report_floor


@dataclass
class Tally:
    """What the clients measured inside the window ``[start, end)``; nothing counts
    before the window is set."""

    start: float = float("inf")
    end: float = float("inf")
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    games: int = 0
    #: State frames received, and their length in all.
    frames: int = 0
    frame_bytes: int = 0

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
                action = {"type": "action", "version": version, "action": rng.choice(actions)}
                await ws.send(orjson.dumps(action).decode())

    async for message in ws:
        frame = orjson.loads(message)
        now = time.perf_counter()
        if frame["type"] == "error":
            tally.errors += frame["code"] != "stale_version"
            sent = None
            continue
        if frame["type"] != "state":
            continue
        tally.frames += 1
        tally.frame_bytes += len(message)
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
                ping_interval=None,  # as a browser, which answers the server's pings only
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


#: Seconds of OpenSpiel's reference engine measured before the run and after it.
REFERENCE_SECONDS = 2.0
REFERENCE_FIGURES = (
    f"{REFERENCE}_actions_per_s",
    f"{REFERENCE}_actions_per_cpu_s",
    f"server_cpu_per_action_in_{REFERENCE}_actions",
)


@dataclass
class Usage:
    """The machine at one moment: the servers', the clients' and the database server's
    CPU seconds so far (``None``: not on this machine, or SQLite, inside the server),
    and the load average."""

    server_cpu: float
    client_cpu: float
    database_cpu: float | None
    load: float | None

    @classmethod
    def now(cls, pids: list[int], database: psutil.Process | None) -> Usage:
        database_cpu = None if database is None else server_tree_cpu_seconds(database)
        return cls(cpu_seconds(pids), own_cpu_seconds(), database_cpu, load_average())


@dataclass(frozen=True)
class Load:
    """What the clients do: how many tables of which game, for how long, at what pace,
    and the cores kept busy beside them."""

    game: str
    players: int
    tables: int
    seconds: float
    think: float
    warmup: float
    noise_cores: int


async def run_bench(servers: list[ServerProcess], load: Load) -> dict[str, Any]:
    """Keep ``load.tables`` tables playing on ``servers``; each table is made on one server
    in turn and its seats connect to the servers in turn from there."""
    tally = Tally()
    spec = {
        "game": load.game,
        "options": {"players": load.players},
        "seats": ["human"] * load.players,
    }
    # Idle connections are dropped before the server's keep-alive timeout (5 s) ends
    # them, so that no request is sent on a connection the server is closing.
    limits = httpx.Limits(max_connections=50, keepalive_expiry=2.0)
    pids = [server.process.pid for server in servers if server.process is not None]
    idle = resident_kib(pids)
    database = await postgres_server(servers[0].database_url or None)
    ws_urls = [server.ws_url for server in servers]
    async with contextlib.AsyncExitStack() as stack:
        clients = [
            await stack.enter_async_context(
                httpx.AsyncClient(base_url=server.url, timeout=60, limits=limits)
            )
            for server in servers
        ]
        build = (await clients[0].get("/api/health")).json()["build"]
        started = [asyncio.Event() for _ in range(load.tables)]
        runners = [
            asyncio.create_task(
                keep_table(
                    clients[n % len(clients)],
                    ws_urls,
                    spec,
                    load.think,
                    n,
                    tally,
                    started[n],
                )
            )
            for n in range(load.tables)
        ]
        opened: asyncio.Future[Any] = asyncio.ensure_future(
            asyncio.gather(*(event.wait() for event in started))
        )
        try:
            waiting: list[asyncio.Future[Any]] = [opened, *runners]
            done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
            for task in done - {opened}:
                task.result()  # a table's clients failed before every table was open: say why
            # The clients' own garbage collection should not count as the server's latency.
            collector.settle()
            # The window opens once the burst of table creations and connections has passed.
            tally.start = time.perf_counter() + load.warmup
            tally.end = tally.start + load.seconds
            await asyncio.sleep(load.warmup)
            busy = resident_kib(pids)
            first = Usage.now(pids, database)
            await asyncio.sleep(max(0.0, tally.end - time.perf_counter()))
            last = Usage.now(pids, database)
            await asyncio.gather(*runners)
        finally:  # after a failure, the other tables' clients stop too
            for task in [opened, *runners]:
                task.cancel()
            await asyncio.gather(opened, *runners, return_exceptions=True)
    latencies = sorted(tally.latencies)
    actions = max(1, len(latencies))

    def quantile(q: float) -> float:
        return (
            latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000 if latencies else 0.0
        )

    server_cpu = last.server_cpu - first.server_cpu
    database_cpu = (
        None
        if first.database_cpu is None or last.database_cpu is None
        else last.database_cpu - first.database_cpu
    )
    return {
        "tables": load.tables,
        "actions_per_s": round(len(latencies) / load.seconds, 1),
        "p50_ms": round(quantile(0.50), 2),
        "p99_ms": round(quantile(0.99), 2),
        "mean_ms": round(statistics.fmean(latencies) * 1000, 2) if latencies else 0.0,
        "server_cpu_ms_per_action": round(server_cpu / actions * 1000, 3),
        "server_cores": round(server_cpu / load.seconds, 2),
        "client_cpu_ms_per_action": round((last.client_cpu - first.client_cpu) / actions * 1000, 3),
        "database_cpu_ms_per_action": (
            None if database_cpu is None else round(database_cpu / actions * 1000, 3)
        ),
        "database_cores": None if database_cpu is None else round(database_cpu / load.seconds, 2),
        "games_finished": tally.games,
        "errors": tally.errors,
        "think_s": load.think,
        "game": load.game,
        "players": load.players,
        "servers": len(servers),
        "build": build,
        "load_average": [first.load, last.load],
        "kib_per_table": round((busy - idle) / load.tables, 1),
        "mean_frame_bytes": round(tally.frame_bytes / max(1, tally.frames)),
        "client_loop": type(asyncio.get_running_loop()).__module__.partition(".")[0],
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
@click.option(
    "--noise",
    "noise_cores",
    type=click.IntRange(0),
    default=0,
    show_default=True,
    help="Cores kept busy by spinning processes while measuring (other work on the machine).",
)
@click.option(
    "--floor",
    is_flag=True,
    help="Then carry the same load on a bare relay of the server's protocol on the same "
    "stack, and print what it costs beside the server (the floor no server work can save).",
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
    noise_cores: int,
    floor: bool,
    as_json: bool,
) -> None:
    """Start the server (or SERVERS of them), keep TABLES tables of bots playing over
    WebSocket for SECONDS, and report actions per second, action-to-broadcast latency
    (p50, p99), the server processes' own CPU time per action (and a PostgreSQL's on
    this machine), their memory per table, and the machine's load and OpenSpiel maedn
    rate beside them."""
    if servers > 1 and not (database_url or "").startswith("postgres"):
        raise click.UsageError("several servers share a PostgreSQL database: give --db")
    env = {"WUERFELWERK_CLUSTER": "true"} if servers > 1 else {}
    load = Load(game, players, tables, seconds, think, warmup, noise_cores)
    with tempfile.TemporaryDirectory() as folder:
        url = database_url or f"sqlite:///{Path(folder) / 'bench.db'}"
        result = measure(
            [
                ServerProcess(url, log=Path(folder) / f"server-{n}.log", env=env)
                for n in range(servers)
            ],
            load,
        )
        if floor:
            # The relay's module loads FastAPI, which nothing else here needs: only with
            # --floor, so that ``wuerfelwerk --help`` and the other benchmarks start sooner.
            from ..bench.relay import RelayProcess

            relay = RelayProcess(result["mean_frame_bytes"], log=Path(folder) / "relay.log")
            result["floor"] = measure([relay], load)
    if as_json:
        click.echo(json.dumps(result))
        return
    click.echo(report(result))
    if floor:
        click.echo(report_floor(result))


def run_clients(main: Coroutine[Any, Any, dict[str, Any]]) -> dict[str, Any]:
    """Run the clients on uvloop's event loop where it is installed (as uvicorn runs the
    server), else on asyncio's. The clients stand in for browsers on other machines: the
    less CPU they take, the less of the machine they take from the server and the less
    of their own delay counts in the latency they measure."""
    try:
        import uvloop
    except ImportError:  # not built for every platform
        return asyncio.run(main)
    return uvloop.run(main)


def measure(processes: list[ServerProcess], load: Load) -> dict[str, Any]:
    """Start ``processes``, carry ``load`` on them, stop them; the figures of
    ``run_bench`` with the reference engine's before and after."""
    with contextlib.ExitStack() as stack:
        for process in processes:
            stack.enter_context(process)
        # The noise from the servers' start on (a start is no part of the figures).
        stack.enter_context(noise(load.noise_cores))
        before = reference_rate(REFERENCE_SECONDS)
        try:
            result = run_clients(run_bench(processes, load))
        except (httpx.HTTPError, OSError, TimeoutError) as error:
            logs = "".join(
                f"\nthe log of server process {n} ends with:\n{process.log_tail()}"
                for n, process in enumerate(processes)
            )
            raise click.ClickException(f"a table's clients failed: {error!r}{logs}") from None
        for process in processes:
            process.stop()
        after = reference_rate(REFERENCE_SECONDS)
    result["noise_cores"] = load.noise_cores
    result.update(reference_figures(before, after, result["server_cpu_ms_per_action"]))
    return result


def reference_figures(
    before: Reference | None, after: Reference | None, cpu_ms: float
) -> dict[str, int | None]:
    """OpenSpiel's maedn before and after the run (the mean of the two), and the server's
    CPU time per action counted in maedn actions: CPU time varies with the load (caches
    shared with other work), that count much less."""
    if before is None or after is None:
        return dict.fromkeys(REFERENCE_FIGURES)
    per_cpu_second = (before.per_cpu_second + after.per_cpu_second) // 2
    return {
        f"{REFERENCE}_actions_per_s": (before.per_second + after.per_second) // 2,
        f"{REFERENCE}_actions_per_cpu_s": per_cpu_second,
        f"server_cpu_per_action_in_{REFERENCE}_actions": round(cpu_ms / 1000 * per_cpu_second),
    }
