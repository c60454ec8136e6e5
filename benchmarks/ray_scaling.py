"""Simulation throughput: games per second with 1 and 2 workers, on local processes and
on Ray, measured in one run.

    python benchmarks/ray_scaling.py [--games 200] [--workers 1,2] [--rounds 3]

Every figure plays the same seeded games (Malefiz, classic board, four greedy bots) and
is timed from the first game handed out to the last result back, after a warm-up that
starts every worker. One local Ray with as many CPUs as the most workers serves every
Ray figure (its start is timed apart); N workers on Ray are N tasks at once. The rounds
alternate the settings, so that a change in the machine's load touches all of them;
each round is printed, then the best of the rounds, the scaling of each backend over
its first worker count, and Ray against local processes.
Last, one-second sleeps on the most workers show whether the workers run at once,
however busy the cores are. Run it on an idle machine: other work on the same cores
lowers the scaling.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from wuerfelwerk.sim.backends import Backend, LocalBackend, RayBackend
from wuerfelwerk.sim.runner import Matchup, run_games

MATCHUP = Matchup("malefiz", {"players": 4, "board": "classic"}, ("greedy",), seed=0)
WARM_UP = Matchup("malefiz", {"players": 2}, ("greedy",), seed=1)
BACKENDS = ("local", "ray")


def games_per_second(backend: Backend, games: int) -> float:
    with backend:
        run_games(WARM_UP, 4 * backend.jobs, backend)
        start = time.perf_counter()
        run_games(MATCHUP, games, backend)
        return games / (time.perf_counter() - start)


def nap(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def naps_in_parallel(backend: Backend, naps: int) -> float:
    """Seconds for ``naps`` one-second sleeps: ``naps / jobs`` if the workers run at once,
    whatever else the machine's cores are doing."""
    with backend:
        list(backend.map_unordered(nap, [0.0] * backend.jobs))
        start = time.perf_counter()
        list(backend.map_unordered(nap, [1.0] * naps))
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per figure")
    parser.add_argument("--workers", default="1,2", help="worker counts, the first the base")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    counts = [int(n) for n in args.workers.split(",")]
    settings = [(name, n) for name in BACKENDS for n in counts]
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"{platform.machine()}, {os.cpu_count()} CPUs, load average {load} at the start; "
        f"Python {platform.python_version()}"
    )
    print(f"{args.games} games of Malefiz (classic board, 4 x greedy) per figure, games/s:")
    start = time.perf_counter()
    with RayBackend(max(counts)):
        print(f"starting Ray took {time.perf_counter() - start:.1f} s")
        print("round  " + "  ".join(f"{f'{name} x{n}':>9}" for name, n in settings))
        best = dict.fromkeys(settings, 0.0)
        for number in range(1, args.rounds + 1):
            rates = {}
            for name, n in settings:
                backend = LocalBackend(n) if name == "local" else RayBackend(n)
                rates[(name, n)] = games_per_second(backend, args.games)
                best[(name, n)] = max(best[(name, n)], rates[(name, n)])
            print(f"{number:>5}  " + "  ".join(f"{rates[s]:>9.2f}" for s in settings), flush=True)
        print(" best  " + "  ".join(f"{best[s]:>9.2f}" for s in settings))
        most = max(counts)
        for name in BACKENDS:
            backend = LocalBackend(most) if name == "local" else RayBackend(most)
            took = naps_in_parallel(backend, 4 * most)
            print(f"{name}: {4 * most} one-second sleeps on {most} workers took {took:.1f} s")
    base = counts[0]
    for name in BACKENDS:
        for n in counts[1:]:
            print(f"{name}: {n} workers / {base}: {best[(name, n)] / best[(name, base)]:.2f}x")
    for n in counts:
        print(f"ray / local with {n} workers: {best[('ray', n)] / best[('local', n)]:.2f}x")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"load average {load} at the end")


if __name__ == "__main__":
    main()
