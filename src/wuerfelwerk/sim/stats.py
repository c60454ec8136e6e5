"""Small statistics for simulation reports."""

from __future__ import annotations

import math
import statistics

#: Decimal places the bounds of an interval are rounded to: far finer than any number of
#: games can tell, and coarse enough to drop the noise of floating point.
PLACES = 9


def wilson_interval(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate ``score`` (0-1) observed over ``n`` games,
    rounded to ``PLACES`` decimals. The bound at an edge is the edge itself: a rate of 0
    has a lower bound of exactly 0, a rate of 1 an upper bound of exactly 1 (computed,
    the formula gives 1.4e-17 and 0.9999999999999999)."""
    if n == 0:
        return (0.0, 1.0)
    denominator = 1 + z * z / n
    centre = (score + z * z / (2 * n)) / denominator
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if score <= 0 else max(0.0, round(centre - half, PLACES))
    high = 1.0 if score >= 1 else min(1.0, round(centre + half, PLACES))
    return (low, high)


def quartiles(values: list[int]) -> tuple[float, float, float]:
    """Lower quartile, median and upper quartile."""
    if len(values) == 1:
        return (values[0], values[0], values[0])
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return (q1, q2, q3)
