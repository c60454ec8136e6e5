"""How well winning chances match what happened: the Brier score, the expected
calibration error and the reliability diagram's bins, and the temperature that makes a
network's chances fit the results best.

Every position gives one forecast per seat: its chance to win, against the seat's share
of the win in the end (1 for the winner, 0 for the others, ``1/k`` each for ``k`` seats
that share it). The Brier score is the mean over positions of the squared differences
summed over the seats (Brier 1950; 0 is perfect, guessing every seat even in a
two-player game scores 0.5). For the reliability diagram the forecasts are put in
``bins`` equal bins by the chance given; a calibrated evaluation wins as often as it
says in each bin. The expected calibration error is the mean distance between the two,
each bin weighted by its share of the forecasts (Naeini, Cooper and Hauskrecht 2015).

A temperature stretches or shrinks every chance alike. Where a network is too sure at
some chances and not sure enough at others, the curve maps each seat's chance (after
the temperature) to the share of wins such chances had in the games it was fitted on:
the chances are sorted into groups of equal size, the groups' win shares made
non-decreasing by isotonic regression (Zadrozny and Elkan 2002), and a chance between
two groups' mean chances interpolated linearly; the seats' mapped chances are then
divided by their sum, so that a row still sums to 1. The map rises strictly: it keeps
the order of any two chances.

A network sees the position, not who plays it. Between players of unequal strength the
stronger one wins more often than the position alone says. Where the players are known
(the levels of bots), each player's strength is added to the logit of the seat it plays,
after the temperature: a multinomial logistic regression on the network's logits and
the players, as Elo ratings add to a position's evaluation (``fit_strengths``).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

import numpy as np

from .network import softmax

#: Bins of the reliability diagram, 0-10%, 10-20%, ...
BINS = 10
#: The temperatures a fit may choose from (golden-section search on their logarithm).
COLDEST, HOTTEST = 0.05, 20.0
#: Groups of forecasts a curve is fitted on: its knots, besides (0, 0) and (1, 1).
CURVE_GROUPS = 50
#: The spread of the players' strengths before any game is seen (in logits: two
#: players 3 apart win 95 and 5 in a hundred of otherwise even games).
STRENGTH_SPREAD = 3.0

#: A curve: its knots (chance given, chance meant), both rising.
Curve = tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Bin:
    low: float
    high: float
    count: int
    predicted: float  # the mean chance given
    observed: float  # the mean share of the win


def brier(chances: np.ndarray, shares: np.ndarray) -> float:
    """The mean over rows of the squared differences summed over the seats."""
    return float(((chances - shares) ** 2).sum(axis=1).mean()) if len(chances) else 0.0


def reliability(chances: np.ndarray, shares: np.ndarray, bins: int = BINS) -> list[Bin]:
    """The forecasts of every seat in every row, binned by the chance given."""
    given, happened = chances.ravel(), shares.ravel()
    index = np.minimum((given * bins).astype(int), bins - 1)
    found = []
    for number in range(bins):
        inside = index == number
        count = int(inside.sum())
        found.append(
            Bin(
                low=number / bins,
                high=(number + 1) / bins,
                count=count,
                predicted=float(given[inside].mean()) if count else 0.0,
                observed=float(happened[inside].mean()) if count else 0.0,
            )
        )
    return found


def calibration_error(found: list[Bin]) -> float:
    """The expected calibration error of binned forecasts."""
    total = sum(b.count for b in found)
    if not total:
        return 0.0
    return sum(b.count * abs(b.predicted - b.observed) for b in found) / total


def calibrated(
    logits: np.ndarray,
    temperature: float,
    curve: Curve = (),
    strengths: np.ndarray | None = None,
) -> np.ndarray:
    """Chances from logits: divided by the temperature, the players' ``strengths`` added
    (if given: a number per row and seat), then bent by the curve (if any)."""
    scaled = logits / temperature if temperature != 1.0 else logits
    chances = softmax(scaled if strengths is None else scaled + strengths)
    return bent(chances, curve) if curve else chances


def bent(chances: np.ndarray, curve: Curve) -> np.ndarray:
    """Every chance mapped through the curve, each row divided by its sum again."""
    given, meant = np.asarray(curve, dtype=np.float64).T
    mapped = np.interp(chances, given, meant)
    total = mapped.sum(axis=1, keepdims=True)
    # A row the curve maps to nothing at all (every chance below its first win) stays.
    found = np.where(total > 0, mapped / np.where(total > 0, total, 1.0), chances)
    return found.astype(chances.dtype, copy=False)


def fit_curve(chances: np.ndarray, shares: np.ndarray, groups: int = CURVE_GROUPS) -> Curve:
    """The curve that maps these chances to how often they came true (module docstring).

    Groups that isotonic regression gives one win share become one knot, at their mean
    chance: the curve rises strictly, so that two chances keep their order and a search
    that compares them still sees which is higher."""
    # scipy's optimisers take half a second to import: only a fit needs them.
    from scipy.optimize import isotonic_regression

    given, happened = chances.ravel(), shares.ravel()
    order = np.argsort(given, kind="stable")
    parts = [p for p in np.array_split(order, min(groups, len(order))) if len(p)]
    sizes = np.array([len(p) for p in parts], dtype=np.float64)
    means = np.array([given[p].mean() for p in parts])
    won = np.array([happened[p].mean() for p in parts])
    meant = np.round(isotonic_regression(won, weights=sizes).x, 6)
    knots: list[tuple[float, float]] = []
    for value in np.unique(meant):
        inside = meant == value
        x = round(float(np.average(means[inside], weights=sizes[inside])), 6)
        if not knots or x > knots[-1][0]:
            knots.append((x, float(value)))
    if knots[0][0] > 0.0 and knots[0][1] > 0.0:
        knots.insert(0, (0.0, 0.0))
    if knots[-1][0] < 1.0 and knots[-1][1] < 1.0:
        knots.append((1.0, 1.0))
    return tuple(knots)


def check_curve(curve: Curve) -> None:
    """``ValueError`` unless the knots lie in [0, 1] and both the chances given and the
    chances meant rise."""
    given = [x for x, _ in curve]
    meant = [y for _, y in curve]
    if curve and (len(curve) < 2 or any(not 0 <= v <= 1 for v in given + meant)):
        raise ValueError("a curve needs two knots or more, each within 0 and 1")
    if any(b <= a for a, b in pairwise(given)) or any(b <= a for a, b in pairwise(meant)):
        raise ValueError("a curve's knots must rise")


def log_loss(
    logits: np.ndarray,
    shares: np.ndarray,
    temperature: float,
    curve: Curve = (),
    strengths: np.ndarray | None = None,
) -> float:
    """The mean cross-entropy of the calibrated chances against the shares."""
    chances = calibrated(logits, temperature, curve, strengths)
    return float(-(shares * np.log(np.maximum(chances, 1e-12))).sum(axis=1).mean())


def fit_temperature(logits: np.ndarray, shares: np.ndarray, rounds: int = 60) -> float:
    """The temperature (logits divided by it) with the least cross-entropy against the
    shares; the loss is convex in the inverse temperature, so a golden-section search
    on its logarithm finds it."""
    low, high = np.log(COLDEST), np.log(HOTTEST)
    ratio = (np.sqrt(5.0) - 1.0) / 2.0
    a, b = high - ratio * (high - low), low + ratio * (high - low)
    loss_a = log_loss(logits, shares, float(np.exp(a)))
    loss_b = log_loss(logits, shares, float(np.exp(b)))
    for _ in range(rounds):
        if loss_a < loss_b:
            high, b, loss_b = b, a, loss_a
            a = high - ratio * (high - low)
            loss_a = log_loss(logits, shares, float(np.exp(a)))
        else:
            low, a, loss_a = a, b, loss_b
            b = low + ratio * (high - low)
            loss_b = log_loss(logits, shares, float(np.exp(b)))
    return float(np.exp((low + high) / 2))


def fit_strengths(
    logits: np.ndarray, shares: np.ndarray, players: np.ndarray, games: int
) -> tuple[float, np.ndarray]:
    """The temperature and the players' strengths with the least cross-entropy against
    the shares, where ``players[row, seat]`` numbers the player in that seat (0, 1, ...)
    and the rows come from ``games`` games.

    The chances are ``softmax(logits / temperature + strength[players])``. Where one
    player beat another in every game, the cross-entropy alone would drive their
    strengths apart without end: the strengths have a normal prior of spread
    ``STRENGTH_SPREAD`` (in logits), which counts as much as one game's positions. The
    loss is convex in the inverse temperature and the strengths together, so a
    quasi-Newton search with the exact gradient finds its minimum. Adding one number to
    every strength would change no chance; the prior gives them a mean of 0."""
    # scipy's optimisers take half a second to import: only a fit needs them.
    from scipy.optimize import minimize

    x = logits.astype(np.float64)
    y = shares.astype(np.float64)
    count = int(players.max()) + 1 if players.size else 0
    rows = max(len(x), 1)
    prior = 1.0 / (STRENGTH_SPREAD**2 * max(games, 1))

    def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
        strengths = theta[1:]
        z = theta[0] * x + strengths[players]
        z -= z.max(axis=1, keepdims=True)
        log_p = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
        # Each row's shares sum to 1: the gradient by a logit is its chance less its share.
        residual = (np.exp(log_p) - y) / rows
        by_strength = np.bincount(players.ravel(), residual.ravel(), count) + prior * strengths
        gradient = np.concatenate([[(residual * x).sum()], by_strength])
        value = -(y * log_p).sum() / rows + prior * (strengths**2).sum() / 2
        return float(value), gradient

    start = np.concatenate([[1.0], np.zeros(count)])
    bounds = [(1.0 / HOTTEST, 1.0 / COLDEST)] + [(None, None)] * count
    found = minimize(loss, start, jac=True, method="L-BFGS-B", bounds=bounds).x
    strengths = found[1:]
    return float(1.0 / found[0]), strengths - strengths.mean()
