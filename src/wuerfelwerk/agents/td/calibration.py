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


def calibrated(logits: np.ndarray, temperature: float, curve: Curve = ()) -> np.ndarray:
    """Chances from logits: divided by the temperature, then bent by the curve (if any)."""
    chances = softmax(logits / temperature if temperature != 1.0 else logits)
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
    logits: np.ndarray, shares: np.ndarray, temperature: float, curve: Curve = ()
) -> float:
    """The mean cross-entropy of the calibrated chances against the shares."""
    chances = calibrated(logits, temperature, curve)
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
