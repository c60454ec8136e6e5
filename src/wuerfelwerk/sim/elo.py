"""Elo ratings from game results: a maximum-likelihood Bradley-Terry fit.

Agent ``i`` beats agent ``j`` with probability ``1 / (1 + 10 ** ((r_j - r_i) / 400))``;
a draw counts as half a win for each. The ratings maximise the likelihood of the
results, centred on ``MEAN``; the 95% intervals come from the standard errors of the
fit (the inverse of the Fisher information). One virtual draw per pairing keeps the fit
finite when an agent won every game (it moves a 400-game result by well under 1 Elo).

>>> ratings = fit_elo(["a", "b"], {("a", "b"): (300.0, 400)})
>>> round(ratings["a"].rating - ratings["b"].rating)
190
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

MEAN = 1500.0
ELO_PER_NAT = 400.0 / math.log(10.0)
Z95 = 1.96
VIRTUAL_DRAWS = 1.0


@dataclass(frozen=True)
class Rating:
    rating: float
    low: float
    high: float

    def to_json(self) -> list[float]:
        return [round(self.rating, 1), round(self.low, 1), round(self.high, 1)]


def expected_score(rating: float, opponent: float) -> float:
    """The score (win = 1, draw = 1/2) the Elo model expects of ``rating`` against
    ``opponent``."""
    return float(1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0)))


def fit_elo(
    agents: list[str], results: Mapping[tuple[str, str], tuple[float, int]]
) -> dict[str, Rating]:
    """Ratings for ``agents`` from ``results[(a, b)] = (score of a against b, games)``."""
    index = {agent: i for i, agent in enumerate(agents)}
    k = len(agents)
    score = np.zeros((k, k))
    games = np.zeros((k, k))
    for (a, b), (won, played) in results.items():
        i, j = index[a], index[b]
        extra = VIRTUAL_DRAWS if played else 0.0
        score[i, j] += won + extra / 2
        score[j, i] += played - won + extra / 2
        games[i, j] += played + extra
        games[j, i] += played + extra
    strength = np.zeros(k)
    information = np.zeros((k, k))
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(strength[None, :] - strength[:, None]))
        gradient = (score - games * p).sum(axis=1)
        weights = games * p * (1.0 - p)
        information = np.diag(weights.sum(axis=1)) - weights
        step = np.linalg.pinv(information) @ gradient
        strength += step
        strength -= strength.mean()
        if np.abs(step).max() < 1e-10:
            break
    error = np.sqrt(np.clip(np.diag(np.linalg.pinv(information)), 0.0, None))
    return {
        agent: Rating(
            MEAN + ELO_PER_NAT * strength[i],
            MEAN + ELO_PER_NAT * (strength[i] - Z95 * error[i]),
            MEAN + ELO_PER_NAT * (strength[i] + Z95 * error[i]),
        )
        for agent, i in index.items()
    }
