"""Seconds per decision of every level, against the time cap it carries.

    python benchmarks/level_times.py [--game malefiz] [--games 4] [--board classic]
                                     [--players 3] [--levels expert] [--decisions 40]

Each level plays ``--games`` games against ``greedy`` (two players unless ``--players``
says otherwise: the level in one seat, ``greedy`` in the others; seeded, the level's
seat moving on by one every game); every decision with more than one legal action is
timed. Prints per level the mean, the 95th percentile and the longest decision beside
the level's time cap: while the longest stays below the cap, the iteration budget or
search depth alone decides every move, and the level plays the same moves on a busy
machine as on a quiet one. ``--decisions N`` ends each game once the level has made N
timed decisions in it. The mean CPU time of a decision is printed too: a busy machine
stretches the clock's seconds, much less the CPU's. The last line gives the load average
and OpenSpiel's ``maedn`` rate measured after the games, beside the figures.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import time

import wuerfelwerk
from wuerfelwerk.agents import make_agent, parse_spec
from wuerfelwerk.agents.levels import level_names, level_spec
from wuerfelwerk.bench.machine import REFERENCE, load_average, reference_rate
from wuerfelwerk.core import Action, Agent, State, derive_seed


class Enough(Exception):
    """The level has made the decisions asked for in this game."""


class Timed:
    def __init__(
        self, agent: Agent, seconds: list[float], cpu: list[float], limit: int | None
    ) -> None:
        self.agent = agent
        self.seconds = seconds
        self.cpu = cpu
        self.limit = None if limit is None else len(seconds) + limit

    def choose(self, state: State, player: int) -> Action:
        many = len(state.legal_actions(player)) > 1
        start, start_cpu = time.perf_counter(), time.thread_time()
        action = self.agent.choose(state, player)
        if many:
            self.seconds.append(time.perf_counter() - start)
            self.cpu.append(time.thread_time() - start_cpu)
            if self.limit is not None and len(self.seconds) >= self.limit:
                raise Enough
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="malefiz")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--board", default=None)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--levels", default=None, help="Comma-separated; default: every level.")
    parser.add_argument("--decisions", type=int, default=None, help="Timed decisions per game.")
    args = parser.parse_args()
    options = {"players": args.players, **({"board": args.board} if args.board else {})}
    game = wuerfelwerk.load(args.game, **options)
    print(f"{game.title}, {options}: seconds per decision against greedy")
    print(f"{'level':<8} {'spec':<40} {'mean':>7} {'p95':>7} {'max':>7} {'cap':>5} {'cpu':>7}")
    levels = args.levels.split(",") if args.levels else level_names(game)
    for level in levels:
        spec = level_spec(game, level)
        cap = parse_spec(spec).params.get("time", "-")
        seconds: list[float] = []
        cpu: list[float] = []
        for index in range(args.games):
            agent = make_agent(spec, game, derive_seed(0, index, level))
            timed = Timed(agent, seconds, cpu, args.decisions)
            agents: list[Agent] = [
                make_agent("greedy", game, derive_seed(0, index, "greedy", seat))
                for seat in range(game.num_players)
            ]
            agents[index % game.num_players] = timed
            with contextlib.suppress(Enough):
                wuerfelwerk.play(game, agents, derive_seed(0, index))
        p95 = (
            statistics.quantiles(seconds, n=20, method="inclusive")[-1]
            if len(seconds) > 1
            else seconds[0]
        )
        print(
            f"{level:<8} {spec:<40} {statistics.fmean(seconds):>7.3f} {p95:>7.3f} "
            f"{max(seconds):>7.3f} {cap:>5} {statistics.fmean(cpu):>7.3f}"
        )
    reference = reference_rate(2.0)
    rate = (
        "not measured (pip install wuerfelwerk[bench])"
        if reference is None
        else f"{reference.per_second:,} actions/s, {reference.per_cpu_second:,} per CPU second"
    )
    print(f"machine: load average {load_average()}; OpenSpiel {REFERENCE} {rate}")


if __name__ == "__main__":
    main()
