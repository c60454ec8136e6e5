"""``wuerfelwerk bench server`` on one process: the figures it gives, and its noise."""

from __future__ import annotations

import asyncio
import json

import asyncpg
import psutil
from click.testing import CliRunner

from wuerfelwerk.bench.machine import postgres_server, server_tree_cpu_seconds
from wuerfelwerk.cli import bench_report, bench_server
from wuerfelwerk.core.build import build_name

from .conftest import PostgresCluster


def test_the_benchmark_gives_the_servers_cpu_per_action_beside_the_load() -> None:
    options = ["--tables", "3", "--seconds", "2", "--warmup", "0", "--think", "0.02"]
    before = {child.pid for child in psutil.Process().children(recursive=True)}
    result = CliRunner().invoke(bench_server.server, [*options, "--noise", "1", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["errors"] == 0 and figures["actions_per_s"] > 0
    assert figures["server_cpu_ms_per_action"] > 0 and figures["client_cpu_ms_per_action"] > 0
    assert figures["noise_cores"] == 1 and figures["build"] == build_name()
    assert len(figures["load_average"]) == 2
    assert figures["maedn_actions_per_s"] > 0 and figures["maedn_actions_per_cpu_s"] > 0
    assert figures["server_cpu_per_action_in_maedn_actions"] > 0
    # SQLite works inside the server process: its CPU time is the server's.
    assert figures["database_cpu_ms_per_action"] is None and figures["database_cores"] is None
    # The noise and the server are gone with the run.
    after = {child.pid for child in psutil.Process().children(recursive=True)}
    assert after <= before


def test_the_report_says_what_was_measured() -> None:
    figures = {
        "tables": 1000,
        "game": "malefiz",
        "players": 2,
        "think_s": 1.0,
        "servers": 1,
        "build": "compiled",
        "noise_cores": 1,
        "actions_per_s": 998.0,
        "p50_ms": 1.1,
        "p99_ms": 11.8,
        "client_loop": "uvloop",
        "server_cpu_ms_per_action": 0.25,
        "server_cores": 0.25,
        "client_cpu_ms_per_action": 0.3,
        "database_cpu_ms_per_action": None,
        "database_cores": None,
        "kib_per_table": 98.0,
        "games_finished": 30,
        "errors": 0,
        "load_average": [1.0, 1.5],
        "maedn_actions_per_s": 1_400_000,
        "maedn_actions_per_cpu_s": 1_410_000,
        "server_cpu_per_action_in_maedn_actions": 352,
    }
    assert bench_report.report(figures).splitlines() == [
        "1,000 tables of malefiz (2 seats, think 1 s) on 1 server process(es), compiled build, "
        "1 core(s) kept busy as noise:",
        "  998 actions/s, latency p50 1.1 ms, p99 11.8 ms (clients on the same machine, on uvloop)",
        "  server CPU 0.250 ms per action (0.25 cores); the clients 0.300 ms per action",
        "  98 KiB per table; 30 games finished, 0 errors",
        "  machine: load average 1.00 to 1.50 over the window; OpenSpiel maedn 1,400,000 "
        "actions/s, 1,410,000 per CPU second; the server's CPU time per action would run "
        "352 of its actions",
    ]
    on_postgresql = {
        **figures,
        "servers": 2,
        "database_cpu_ms_per_action": 0.35,
        "database_cores": 0.33,
    }
    assert bench_report.report(on_postgresql).splitlines()[3] == (
        "  PostgreSQL (on this machine, all of its processes) 0.350 ms per action (0.33 cores)"
    )


def test_the_floor_carries_the_same_load_on_a_bare_relay() -> None:
    options = ["--tables", "3", "--seconds", "2", "--warmup", "0", "--think", "0.02"]
    result = CliRunner().invoke(bench_server.server, [*options, "--floor", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    floor = figures["floor"]
    assert floor["build"] == "relay" and floor["errors"] == 0 and floor["actions_per_s"] > 0
    assert floor["server_cpu_ms_per_action"] > 0 and floor["tables"] == 3
    # The clients run on uvloop, as the server does (it comes with uvicorn's extras).
    assert figures["client_loop"] == floor["client_loop"] == "uvloop"
    # The relay's frames are as long as the server's were (the version's digits and the
    # legal actions of the seat to act aside).
    assert figures["mean_frame_bytes"] > 100
    assert abs(floor["mean_frame_bytes"] - figures["mean_frame_bytes"]) <= 10


def test_the_floor_is_reported_beside_the_server() -> None:
    figures = {
        "mean_frame_bytes": 478,
        "server_cpu_ms_per_action": 0.742,
        "server_cpu_per_action_in_maedn_actions": 310,
        "floor": {
            "actions_per_s": 999.0,
            "p50_ms": 1.1,
            "p99_ms": 4.6,
            "server_cpu_ms_per_action": 0.283,
            "server_cpu_per_action_in_maedn_actions": 124,
            "maedn_actions_per_cpu_s": 438_680,
        },
    }
    assert bench_report.report_floor(figures).splitlines() == [
        "the same load on a bare relay of the protocol on the same stack (no game, no checks, "
        "no journal; its frames as long as the server's on average, 478 bytes):",
        "  999 actions/s, latency p50 1.1 ms, p99 4.6 ms",
        "  relay CPU 0.283 ms per action, 124 maedn actions (438,680 per CPU second); "
        "the server's CPU per action is 2.50 times the relay's",
    ]


def test_a_local_postgresqls_cpu_is_read_from_all_of_its_processes(
    postgres_cluster: PostgresCluster,
) -> None:
    """The database server of a URL on this machine is found, and the CPU its backends
    use counts; SQLite (inside the server) and a database elsewhere have none to read."""
    database = postgres_cluster.new_database()

    async def main() -> None:
        server = await postgres_server(database)
        assert server is not None and server.name().startswith("postgres")
        before = server_tree_cpu_seconds(server)
        connection = await asyncpg.connect(database)
        try:
            await connection.fetchval("SELECT count(*) FROM generate_series(1, 5000000)")
            assert server_tree_cpu_seconds(server) > before  # the backend's work
        finally:
            await connection.close()
        assert await postgres_server("sqlite:///bench.db") is None
        assert await postgres_server(None) is None
        # Not asked: no connection is tried to a database on another machine.
        assert await postgres_server("postgresql://user@db.invalid/tables") is None

    asyncio.run(main())
