"""Small statistics for simulation reports."""

from __future__ import annotations

import math
import statistics


def wilson_interval(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate ``score`` (0-1) observed over ``n`` games."""
    if n == 0:
        return (0.0, 1.0)
    denominator = 1 + z * z / n
    centre = (score + z * z / (2 * n)) / denominator
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def quartiles(values: list[int]) -> tuple[float, float, float]:
    """Lower quartile, median and upper quartile."""
    if len(values) == 1:
        return (values[0], values[0], values[0])
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return (q1, q2, q3)
