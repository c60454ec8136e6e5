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
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .network import softmax

#: Bins of the reliability diagram, 0-10%, 10-20%, ...
BINS = 10
#: The temperatures a fit may choose from (golden-section search on their logarithm).
COLDEST, HOTTEST = 0.05, 20.0


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


def log_loss(logits: np.ndarray, shares: np.ndarray, temperature: float) -> float:
    """The mean cross-entropy of the chances at ``temperature`` against the shares."""
    chances = softmax(logits / temperature)
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
