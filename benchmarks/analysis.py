"""Seconds to analyse a Malefiz game of 100 decisions at the default budget.

    python benchmarks/analysis.py [--board classic] [--decisions 100] [--budget N]
    PYTHONPATH=build/compiled python benchmarks/analysis.py   # the compiled build

The game is played by two ``greedy`` bots (seeded) and cut after its 100th decision
(chance events between them included); ``wuerfelwerk analyse`` judges it as it would a
record file. Prints the seconds against the 10 s goal, whether the rules engine is the
compiled build, and OpenSpiel's C++ ``maedn`` random-playout rate measured in the same
run (the machine's speed), with the load average and the processor time the analysis
had (on a busy machine much less than the seconds it took).
"""

from __future__ import annotations

import argparse
import os
import time

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.analysis import analyse, default_budget
from wuerfelwerk.bench.engine import openspiel_available, openspiel_rate
from wuerfelwerk.core import Record, derive_seed

GOAL_SECONDS = 10.0


def game_of(decisions: int, board: str) -> Record:
    """The first seeded game between two greedy bots with at least ``decisions``
    decisions, cut right after that many."""
    game = wuerfelwerk.load("malefiz", players=2, board=board)
    for seed in range(100):
        agents = [make_agent("greedy", game, derive_seed(seed, seat)) for seat in range(2)]
        record = wuerfelwerk.play(game, agents, seed)
        taken = 0
        for state_index, state in enumerate(record.states()):
            if taken == decisions:
                record.actions = record.actions[:state_index]
                record.outcome = None
                return record
            if state.current_player >= 0:
                taken += 1
    raise SystemExit(f"no game of {decisions} decisions in 100 seeds")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="classic")
    parser.add_argument("--decisions", type=int, default=100)
    parser.add_argument("--budget", type=int, default=default_budget("malefiz"))
    args = parser.parse_args()
    record = game_of(args.decisions, args.board)
    import wuerfelwerk.games.malefiz.state as engine

    compiled = engine.__file__.endswith(".so")
    load = os.getloadavg()
    start, cpu = time.perf_counter(), time.process_time()
    analysis = analyse(record, args.budget)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    judged = sum(step.kind == "decision" for step in analysis.steps)
    print(
        f"Malefiz ({args.board} board, 2 players): {args.decisions} decisions "
        f"({judged} with a choice) and {len(record.actions) - args.decisions} chance events, "
        f"budget {args.budget}, judge: {analysis.judge}"
    )
    print(f"build: {'compiled' if compiled else 'pure Python'}")
    print(
        f"analysis: {seconds:.2f} s  ({seconds / GOAL_SECONDS:.2f} of the {GOAL_SECONDS:.0f} s "
        f"goal; {1000 * seconds / args.decisions:.0f} ms per decision), of which "
        f"{cpu:.2f} s on the processor (the rest: waiting for it on a busy machine)"
    )
    if openspiel_available():
        print(f"openspiel maedn: {openspiel_rate('maedn', 3.0):,.0f} random-playout actions/s")
    else:
        print("openspiel maedn: not installed (pip install -e '.[bench]')")
    print(f"load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
