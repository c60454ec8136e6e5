"""Wurf & Weg figures: what speed and attention are worth, and how long games run.

    python benchmarks/wurfweg.py [--games 1000] [--jobs 2]

Every game is played on the discrete-event driver (simulated clocks, seeded). Prints
the win rate of a bot placing in 0.4 s against one placing in 0.8 s (all else equal)
with 2 and 4 players, the same for a miss rate of 0 against 0.1, with 95% confidence
intervals; the mean rounds per game and rolls per round for 2, 4 and 6 bots; and the
driver's throughput.
"""

from __future__ import annotations

import argparse
import time

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.core import derive_seed
from wuerfelwerk.core.realtime import play_realtime
from wuerfelwerk.sim.backends import LocalBackend
from wuerfelwerk.sim.report import summarise
from wuerfelwerk.sim.runner import Matchup, run_games

DUELS = [
    ("speed", "bot:place=0.4", "bot:place=0.8"),
    ("attention", "bot:miss=0", "bot:miss=0.1"),
]


def duel(first: str, second: str, players: int, games: int, jobs: int) -> str:
    matchup = Matchup("wurfweg", {"players": players}, (first, second), seed=0)
    with LocalBackend(jobs) as backend:
        report = summarise(matchup, run_games(matchup, games, backend))
    low, high = report["ci95"][first]
    return (
        f"{players} players, {games} games: {first} wins {report['win_rate'][first]:.1%} "
        f"(95% CI {low:.1%}-{high:.1%}) against {second}"
    )


class Counts:
    """Counts rounds (one yellow die each), rolls, and rolls in the race, as they happen."""

    def __init__(self) -> None:
        self.rounds = self.rolls = self.race_rolls = 0

    def __call__(self, state: wuerfelwerk.State, action: object, seat: int, now: float) -> None:
        text = str(action)
        if text.startswith("lucky"):
            self.rounds += 1
        elif text.endswith(" roll"):
            self.rolls += 1
            self.race_rolls += getattr(state, "phase", "") == "race"


def lengths(players: int, games: int) -> str:
    """Mean rounds per game, rolls per round (all players) and race rolls per player
    and round, over ``games`` games of default bots."""
    game = wuerfelwerk.load("wurfweg", players=players)
    counts = []
    for index in range(games):
        agents = [make_agent("bot", game, derive_seed(1, index, s)) for s in range(players)]
        counts.append(Counts())
        play_realtime(game, agents, derive_seed(1, index), on_action=counts[-1])
    rounds = sum(c.rounds for c in counts)
    per_round = sum(c.rolls for c in counts) / rounds
    race_per_player = sum(c.race_rolls for c in counts) / rounds / players
    return (
        f"{players} players, {games} games: {rounds / games:.2f} rounds per game, "
        f"{per_round:.1f} rolls per round ({race_per_player:.1f} race rolls per player)"
    )


def throughput(seconds: float) -> str:
    game = wuerfelwerk.load("wurfweg", players=4)
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        agents = [make_agent("bot", game, derive_seed(2, games, s)) for s in range(4)]
        actions += len(play_realtime(game, agents, games).actions)
        games += 1
    elapsed = time.perf_counter() - start
    return f"driver with 4 bots: {actions / elapsed:,.0f} actions/s, {games / elapsed:.1f} games/s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=5.0, help="for the throughput")
    args = parser.parse_args()
    for name, first, second in DUELS:
        for players in (2, 4):
            print(f"{name}: {duel(first, second, players, args.games, args.jobs)}")
    for players in (2, 4, 6):
        print(f"length: {lengths(players, args.games)}")
    print(throughput(args.seconds))


if __name__ == "__main__":
    main()
