"""``wuerfelwerk bench server`` on one process: the figures it gives, and its noise."""

from __future__ import annotations

import json

import psutil
from click.testing import CliRunner

from wuerfelwerk.cli import bench_server
from wuerfelwerk.core.build import build_name


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
        "kib_per_table": 98.0,
        "games_finished": 30,
        "errors": 0,
        "load_average": [1.0, 1.5],
        "maedn_actions_per_s": 1_400_000,
        "maedn_actions_per_cpu_s": 1_410_000,
        "server_cpu_per_action_in_maedn_actions": 352,
    }
    assert bench_server.report(figures).splitlines() == [
        "1,000 tables of malefiz (2 seats, think 1 s) on 1 server process(es), compiled build, "
        "1 core(s) kept busy as noise:",
        "  998 actions/s, latency p50 1.1 ms, p99 11.8 ms (clients on the same machine, on uvloop)",
        "  server CPU 0.250 ms per action (0.25 cores); the clients 0.300 ms per action",
        "  98 KiB per table; 30 games finished, 0 errors",
        "  machine: load average 1.00 to 1.50 over the window; OpenSpiel maedn 1,400,000 "
        "actions/s, 1,410,000 per CPU second; the server's CPU time per action would run "
        "352 of its actions",
    ]


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
    assert bench_server.report_floor(figures).splitlines() == [
        "the same load on a bare relay of the protocol on the same stack (no game, no checks, "
        "no journal; its frames as long as the server's on average, 478 bytes):",
        "  999 actions/s, latency p50 1.1 ms, p99 4.6 ms",
        "  relay CPU 0.283 ms per action, 124 maedn actions (438,680 per CPU second); "
        "the server's CPU per action is 2.50 times the relay's",
    ]
