"""Wurf & Weg: can a learned placement policy beat the bot at the same pace?

    python benchmarks/wurfweg_policy.py [--players 2] [--train 3000] [--games 1000]

The bot places every matching die it notices, then rolls (WUW-4, WUW-5). The only
decisions a policy could make differently are whether to place a match now or roll it
again, and in which order. A linear softmax policy over the legal actions (features:
roll or place, where the die goes, the dice the seat and the receiving neighbour hold,
whether that neighbour has none left) learns by REINFORCE (Williams 1992) from
``--train`` games against ``greedy`` (the bot that never overlooks a match), at the
bot's pace (the same seconds per roll and placement), starting from no preference at
all. Then it plays ``--games`` games against the bot, choosing its most likely action,
seats rotated; prints its win rate with the 95% Wilson interval, and the share of its
matching dice it placed at once.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence

import numpy as np

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.agents.heuristics.wurfweg import Timing
from wuerfelwerk.core import Action, State, derive_seed
from wuerfelwerk.core.realtime import play_realtime
from wuerfelwerk.games.wurfweg import Place

TARGETS = ("tray", "left", "right")
FEATURES = 1 + len(TARGETS) + 3


def features(state: State, player: int, action: Action) -> np.ndarray:
    view = state.observation(player)["players"]
    mine = view[player]
    held = len(mine["hand"]) + mine["on_coaster"]
    row = np.zeros(FEATURES)
    if not isinstance(action, Place):
        row[0] = 1.0
        row[4] = held / 3
        return row
    target = TARGETS.index(str(action).split()[-1])
    row[1 + target] = 1.0
    row[4] = (held - 1) / 3
    if target:
        step = 1 if target == 1 else -1
        neighbour = view[(player + step) % len(view)]
        theirs = len(neighbour["hand"]) + neighbour["on_coaster"]
        row[5] = theirs / 3
        row[6] = float(theirs == 0)
    return row


class Learner:
    """A softmax policy over the legal actions, at the bot's pace."""

    def __init__(self, weights: np.ndarray, seed: int, explore: bool) -> None:
        self.weights = weights
        self.rng = random.Random(seed)
        self.clock = random.Random(derive_seed(seed, "clock"))
        self.timing = Timing(miss=0.0)
        self.explore = explore
        self.trace: list[tuple[np.ndarray, int]] = []
        self.matches = self.placed_at_once = 0

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        rows = np.array([features(state, player, a) for a in legal])
        scores = rows @ self.weights
        if self.explore:
            odds = np.exp(scores - scores.max())
            odds /= odds.sum()
            index = self.rng.choices(range(len(legal)), weights=list(odds))[0]
            self.trace.append((rows, index))
        else:
            index = int(np.argmax(scores))
        self.matches += 1
        self.placed_at_once += isinstance(legal[index], Place)
        return legal[index]

    def seconds(self, action: Action) -> float:
        mean = self.timing.place if isinstance(action, Place) else self.timing.roll
        return self.timing.seconds(mean, self.clock)


def score(state_game: wuerfelwerk.Game, seed: int, learner: Learner, seat: int) -> float:
    agents: list[object] = []
    for other in range(state_game.num_players):
        agents.append(
            learner if other == seat else make_agent("greedy", state_game, derive_seed(seed, other))
        )
    record = play_realtime(state_game, agents, seed)  # type: ignore[arg-type]
    assert record.outcome is not None
    first = record.outcome.ranking[0]
    return 1 / len(first) if seat in first else 0.0


def train(players: int, games: int, rate: float) -> np.ndarray:
    game = wuerfelwerk.load("wurfweg", players=players)
    weights = np.zeros(FEATURES)
    baseline = 1 / players
    for index in range(games):
        learner = Learner(weights, derive_seed(7, "learner", index), explore=True)
        result = score(game, derive_seed(7, "train", index), learner, index % players)
        for rows, chosen in learner.trace:
            scores = rows @ weights
            odds = np.exp(scores - scores.max())
            odds /= odds.sum()
            weights += rate * (result - baseline) * (rows[chosen] - odds @ rows)
        baseline += 0.01 * (result - baseline)
    return weights


def wilson(wins: float, games: int) -> tuple[float, float]:
    p, z = wins / games, 1.96
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def measure(players: int, weights: np.ndarray, games: int) -> Sequence[float]:
    game = wuerfelwerk.load("wurfweg", players=players)
    learner = Learner(weights, 11, explore=False)
    total = sum(
        score(game, derive_seed(11, "measure", i), learner, i % players) for i in range(games)
    )
    low, high = wilson(total, games)
    return total / games, low, high, learner.placed_at_once / max(1, learner.matches)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--train", type=int, default=3000)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=0.05)
    args = parser.parse_args()
    weights = train(args.players, args.train, args.rate)
    rate, low, high, at_once = measure(args.players, weights, args.games)
    names = ["roll", *(f"place {t}" for t in TARGETS), "dice held", "theirs", "they have none"]
    learned = ", ".join(f"{n} {w:+.2f}" for n, w in zip(names, weights, strict=True))
    print(f"{args.players} players, trained on {args.train} games: weights {learned}")
    print(
        f"learned policy against the bot at the same pace, {args.games} games: "
        f"{rate:.1%} (95% CI {low:.1%}-{high:.1%}), even share {1 / args.players:.1%}; "
        f"chose to place at {at_once:.1%} of its decisions"
    )


if __name__ == "__main__":
    main()
