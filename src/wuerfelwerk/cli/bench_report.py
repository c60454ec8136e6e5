"""The lines ``wuerfelwerk bench server`` prints: what was measured and how, and the bare
relay's figures beside the server's (``--floor``)."""

from __future__ import annotations

from typing import Any

from ..bench.machine import REFERENCE


def report(result: dict[str, Any]) -> str:
    """The figures of ``run_bench`` as lines that say what was measured and how."""
    loads = " to ".join(
        "unknown" if load is None else f"{load:.2f}" for load in result["load_average"]
    )
    rate = result[f"{REFERENCE}_actions_per_s"]
    machine = f"  machine: load average {loads} over the window; OpenSpiel {REFERENCE} "
    if rate is None:
        machine += "not measured (pip install wuerfelwerk[bench])"
    else:
        machine += (
            f"{rate:,} actions/s, {result[f'{REFERENCE}_actions_per_cpu_s']:,} per CPU "
            f"second; the server's CPU time per action would run "
            f"{result[f'server_cpu_per_action_in_{REFERENCE}_actions']:,} of its actions"
        )
    return "\n".join(
        [
            f"{result['tables']:,} tables of {result['game']} ({result['players']} seats, "
            f"think {result['think_s']:g} s) on {result['servers']} server process(es), "
            f"{result['build']} build, {result['noise_cores']} core(s) kept busy as noise:",
            f"  {result['actions_per_s']:,.0f} actions/s, latency p50 {result['p50_ms']:.1f} ms, "
            f"p99 {result['p99_ms']:.1f} ms (clients on the same machine, on "
            f"{result['client_loop']})",
            f"  server CPU {result['server_cpu_ms_per_action']:.3f} ms per action "
            f"({result['server_cores']:.2f} cores); the clients "
            f"{result['client_cpu_ms_per_action']:.3f} ms per action",
            *(
                []
                if result["database_cpu_ms_per_action"] is None
                else [
                    f"  PostgreSQL (on this machine, all of its processes) "
                    f"{result['database_cpu_ms_per_action']:.3f} ms per action "
                    f"({result['database_cores']:.2f} cores)"
                ]
            ),
            f"  {result['kib_per_table']:,.0f} KiB per table; "
            f"{result['games_finished']} games finished, {result['errors']} errors",
            machine,
        ]
    )


def report_floor(result: dict[str, Any]) -> str:
    """The relay's figures (``--floor``) beside the server's, as a ratio of the CPU per
    action counted in ``maedn`` actions (each run's own count), else in milliseconds."""
    floor = result["floor"]
    key = f"server_cpu_per_action_in_{REFERENCE}_actions"
    counted = result[key] is not None and floor[key] is not None
    ratio = (
        result[key] / floor[key]
        if counted
        else (result["server_cpu_ms_per_action"] / floor["server_cpu_ms_per_action"])
    )
    reference = (
        f", {floor[key]:,} {REFERENCE} actions ({floor[f'{REFERENCE}_actions_per_cpu_s']:,} "
        "per CPU second)"
        if counted
        else ""
    )
    return "\n".join(
        [
            f"the same load on a bare relay of the protocol on the same stack (no game, no "
            f"checks, no journal; its frames as long as the server's on average, "
            f"{result['mean_frame_bytes']:,} bytes):",
            f"  {floor['actions_per_s']:,.0f} actions/s, latency p50 {floor['p50_ms']:.1f} ms, "
            f"p99 {floor['p99_ms']:.1f} ms",
            f"  relay CPU {floor['server_cpu_ms_per_action']:.3f} ms per action{reference}; "
            f"the server's CPU per action is {ratio:.2f} times the relay's",
        ]
    )
