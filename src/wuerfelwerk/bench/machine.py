"""What a server benchmark reads from the machine: the server processes' own CPU time and
memory, the load average, the OpenSpiel reference rate, and busy processes as noise.

CPU time is read from the processes themselves (``psutil``), so what the clients or any
other program on the machine use does not count: it is the figure that holds on a
shared machine, where latencies vary with the load.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import urlsplit

import psutil

from .engine import openspiel_available, openspiel_rate

#: The reference engine whose rate is printed beside absolute figures.
REFERENCE = "maedn"


def _tree(pids: list[int]) -> list[psutil.Process]:
    """The processes ``pids`` and their children (uvicorn's workers)."""
    processes = []
    for pid in pids:
        parent = psutil.Process(pid)
        processes += [parent, *parent.children(recursive=True)]
    return processes


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU seconds used so far by the processes ``pids`` and their children."""
    total = 0.0
    for process in _tree(pids):
        try:
            times = process.cpu_times()
        except psutil.NoSuchProcess:  # a child that ended meanwhile
            continue
        total += times.user + times.system
    return total


#: Hosts of a database on this machine (no host: its Unix socket).
LOCAL_HOSTS = {None, "", "localhost", "127.0.0.1", "::1"}


async def postgres_server(database_url: str | None) -> psutil.Process | None:
    """The PostgreSQL server (its postmaster) that holds ``database_url``, where it runs on
    this machine; ``None`` for SQLite (in the server process's own CPU time) or a
    database elsewhere."""
    if database_url is None:
        return None
    url = urlsplit(database_url)
    if url.scheme.partition("+")[0] not in ("postgresql", "postgres"):
        return None
    if url.hostname not in LOCAL_HOSTS:
        return None
    import asyncpg  # the cluster's driver: loaded only where a benchmark uses PostgreSQL

    connection = await asyncpg.connect(url._replace(scheme="postgresql").geturl())
    try:  # the backend of this connection, whose parent is the server, ends with it
        backend = await connection.fetchval("SELECT pg_backend_pid()")
        with contextlib.suppress(psutil.NoSuchProcess):
            server = psutil.Process(backend).parent()
            if server is not None and server.name().startswith("postgres"):
                return server
    finally:
        await connection.close()
    # A server in a container of its own numbers its processes apart from this machine's.
    return None


def server_tree_cpu_seconds(server: psutil.Process) -> float:
    """User and system CPU seconds a server and every process it started have used so
    far: the ones still running, and the ones it has reaped (a database's backends come
    and go)."""
    times = server.cpu_times()
    total = times.user + times.system + times.children_user + times.children_system
    for child in server.children():
        try:
            times = child.cpu_times()
        except psutil.NoSuchProcess:  # ended meanwhile: reaped into the server's times
            continue
        total += times.user + times.system
    return total


def own_cpu_seconds() -> float:
    """User and system CPU seconds of this process (the benchmark's clients)."""
    times = psutil.Process().cpu_times()
    return times.user + times.system


def resident_kib(pids: list[int]) -> int:
    """The resident memory of the processes ``pids`` and their children (KiB)."""
    total = 0
    for process in _tree(pids):
        try:
            total += process.memory_info().rss
        except psutil.NoSuchProcess:
            continue
    return total // 1024


def load_average() -> float | None:
    """The machine's load average over the last minute, where the system tells it."""
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:
        return None


@dataclass(frozen=True)
class Reference:
    """OpenSpiel's ``maedn`` on this machine now, random playouts: actions per second of
    the clock (what other load takes from it shows), and per second of its own CPU time
    (what is left is the speed of a core as the server gets it: a loaded machine's
    shared caches make the same work cost more CPU time)."""

    per_second: int
    per_cpu_second: int


def reference_rate(seconds: float) -> Reference | None:
    """``maedn``'s rates over ``seconds`` (``None`` without open-spiel:
    ``pip install wuerfelwerk[bench]``)."""
    if not openspiel_available():
        return None
    cpu, wall = time.process_time(), time.perf_counter()
    rate = openspiel_rate(REFERENCE, seconds)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return Reference(round(rate), round(rate * wall / cpu))


@contextmanager
def noise(cores: int) -> Iterator[None]:
    """Keep ``cores`` cores busy (a process each spinning at normal priority) until the
    block ends: other work on the machine, to show the server's margin."""
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(cores)]
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()
