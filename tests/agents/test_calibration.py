"""The figures of calibration: Brier score, reliability bins, expected calibration
error, and the temperature that fits a network's chances to the results."""

from __future__ import annotations

import numpy as np
import pytest

from wuerfelwerk.agents.td.calibration import (
    brier,
    calibration_error,
    fit_temperature,
    log_loss,
    reliability,
)
from wuerfelwerk.agents.td.network import softmax


def test_brier_score_of_sure_even_and_wrong_forecasts() -> None:
    won = np.array([[1.0, 0.0], [0.0, 1.0]])
    assert brier(won, won) == 0.0
    assert brier(np.full((2, 2), 0.5), won) == pytest.approx(0.5)
    assert brier(won[::-1], won) == pytest.approx(2.0)
    shared = np.array([[0.5, 0.5, 0.0]])
    assert brier(np.array([[0.5, 0.5, 0.0]]), shared) == 0.0


def test_reliability_bins_and_the_calibration_error() -> None:
    """Forecasts of 30% that come true 3 times in 10 are calibrated; forecasts of 90%
    that come true half the time are 40 points off, weighted by their share."""
    chances = np.array([[0.3, 0.7]] * 10 + [[0.9, 0.1]] * 10)
    shares = np.array([[1.0, 0.0]] * 3 + [[0.0, 1.0]] * 7 + [[1.0, 0.0], [0.0, 1.0]] * 5)
    bins = reliability(chances, shares)
    assert len(bins) == 10 and sum(b.count for b in bins) == 40
    by_low = {round(b.low, 1): b for b in bins if b.count}
    assert by_low[0.3].observed == pytest.approx(0.3) and by_low[0.7].observed == pytest.approx(0.7)
    assert by_low[0.9].observed == pytest.approx(0.5) and by_low[0.1].observed == pytest.approx(0.5)
    assert calibration_error(bins) == pytest.approx(0.5 * 0.4)
    assert reliability(np.array([[1.0, 0.0]]), np.array([[1.0, 0.0]]))[-1].count == 1


def test_the_fitted_temperature_undoes_an_overconfident_network() -> None:
    """Results drawn from chances ``softmax(z)``, judged by a network that says
    ``softmax(3 z)``: the fit finds a temperature near 3, and it lowers the loss."""
    rng = np.random.default_rng(7)
    truth = rng.normal(0, 1.0, size=(20000, 3))
    chances = softmax(truth)
    winners = np.array([rng.choice(3, p=p) for p in chances])
    shares = np.eye(3)[winners]
    overconfident = 3.0 * truth
    temperature = fit_temperature(overconfident, shares)
    assert temperature == pytest.approx(3.0, rel=0.08)
    assert log_loss(overconfident, shares, temperature) < log_loss(overconfident, shares, 1.0)
    calibrated = reliability(softmax(overconfident / temperature), shares)
    assert (
        calibration_error(calibrated)
        < 0.02
        < calibration_error(reliability(softmax(overconfident), shares))
    )
