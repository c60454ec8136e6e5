"""Elo ratings from game results: a maximum-likelihood fit of Luce's choice model.

At a table of agents, agent ``i`` wins with probability ``10 ** (r_i / 400)`` divided by
the sum of that over the table: with two seats, Elo's
``1 / (1 + 10 ** ((r_j - r_i) / 400))``. A win shared by ``k`` seats counts as ``1/k`` of
a win for each, so a draw of two is half a win each. The ratings maximise the likelihood
of the results, centred on ``MEAN``; the 95% intervals come from the standard errors of
the fit (the inverse of the Fisher information). One virtual draw per pair of agents that
met keeps the fit finite when an agent won every game (it moves a 400-game result by
well under 1 Elo).

>>> ratings = fit_elo(["a", "b"], {("a", "b"): ((300.0, 100.0), 400)})
>>> round(ratings["a"].rating - ratings["b"].rating)
190

With four seats, equal agents each win a quarter of the games; one with
``400 * log10(3)``, about 191 Elo, more than three equals wins half of them:

>>> ratings = fit_elo(list("abcd"), {tuple("abcd"): ((500.0, 166.7, 166.7, 166.6), 1000)})
>>> round(ratings["a"].rating - ratings["b"].rating)
190
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

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
    agents: list[str], results: Mapping[tuple[str, ...], tuple[Sequence[float], int]]
) -> dict[str, Rating]:
    """Ratings for ``agents`` from ``results[table] = (scores, games)``: ``table`` names
    the agents that met, one seat each, and ``scores`` their summed scores (the shares of
    a win) over the ``games`` they played there."""
    index = {agent: i for i, agent in enumerate(agents)}
    tables = [
        ([index[a] for a in table], np.asarray(scores, float))
        for table, (scores, _) in results.items()
    ]
    met = {
        pair
        for table, (_, games) in results.items()
        if games
        for pair in combinations(sorted(index[a] for a in table), 2)
    }
    tables += [([i, j], np.full(2, VIRTUAL_DRAWS / 2)) for i, j in sorted(met)]
    k = len(agents)
    strength = np.zeros(k)
    information = np.zeros((k, k))
    for _ in range(100):
        gradient = np.zeros(k)
        information = np.zeros((k, k))
        for seats, scores in tables:
            weight = np.exp(strength[seats] - strength[seats].max())
            p = weight / weight.sum()
            total = scores.sum()
            gradient[seats] += scores - total * p
            information[np.ix_(seats, seats)] += total * (np.diag(p) - np.outer(p, p))
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
