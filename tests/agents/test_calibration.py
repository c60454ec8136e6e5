"""The figures of calibration: Brier score, reliability bins, expected calibration
error, and the temperature that fits a network's chances to the results."""

from __future__ import annotations

import numpy as np
import pytest

from wuerfelwerk.agents.td.calibration import (
    bent,
    brier,
    calibrated,
    calibration_error,
    fit_curve,
    fit_strengths,
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


def test_a_curve_mends_what_no_temperature_can() -> None:
    """Two seats whose true chances are ``p``; a network too sure near even and not sure
    enough near the ends (it says 66% for 60%, but only 80% for a sure win): no
    temperature fits both, the curve fitted to the results does, on other games too."""
    rng = np.random.default_rng(11)

    def games(count: int) -> tuple[np.ndarray, np.ndarray]:
        truth = rng.uniform(0.0, 1.0, count)
        said = 0.5 + 0.3 * np.sign(truth - 0.5) * np.abs(2 * (truth - 0.5)) ** 0.4
        winners = (rng.uniform(0.0, 1.0, count) >= truth).astype(int)
        return np.log(np.column_stack([said, 1.0 - said])), np.eye(2)[winners]

    logits, shares = games(40000)
    temperature = fit_temperature(logits, shares)
    curve = fit_curve(calibrated(logits, temperature), shares)
    for knots in zip(*curve, strict=True):  # the chances given, and those meant
        assert list(knots) == sorted(set(knots))
    assert curve[0] == (0.0, 0.0) and curve[-1] == (1.0, 1.0)
    held_out, results = games(40000)
    alone = calibration_error(reliability(calibrated(held_out, temperature), results))
    mended = calibration_error(reliability(calibrated(held_out, temperature, curve), results))
    assert alone > 0.05 and mended < 0.01
    assert brier(calibrated(held_out, temperature, curve), results) < brier(
        calibrated(held_out, temperature), results
    )
    assert log_loss(held_out, results, temperature, curve) < log_loss(
        held_out, results, temperature
    )


def test_the_players_strengths_mend_games_between_unequal_players() -> None:
    """Three players of strengths -1, 0 and +1 (in logits) meet in pairs; a network that
    sees only the position gives twice the logits the truth has. The fit finds the
    temperature and the strengths. On other games, knowing who plays, the chances are
    calibrated in every pairing; the position alone, at the temperature that fits it
    best, is far off where the strongest meets the weakest."""
    rng = np.random.default_rng(5)
    truth = np.array([-1.0, 0.0, 1.0])

    def games(count: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        position = rng.normal(0, 1.0, size=(count, 2))
        players = np.array([rng.choice(3, size=2, replace=False) for _ in range(count)])
        chances = softmax(position + truth[players])
        winners = (rng.uniform(0.0, 1.0, count) >= chances[:, 0]).astype(int)
        return 2.0 * position, np.eye(2)[winners], players

    logits, shares, players = games(30000)
    temperature, strengths = fit_strengths(logits, shares, players, len(logits))
    assert temperature == pytest.approx(2.0, rel=0.08)
    assert strengths == pytest.approx(truth, abs=0.08) and abs(strengths.sum()) < 1e-9
    alone = fit_temperature(logits, shares)
    held_out, results, seated = games(60000)
    knowing = calibrated(held_out, temperature, (), strengths[seated])
    blind = calibrated(held_out, alone)
    assert brier(knowing, results) < brier(blind, results)
    assert log_loss(held_out, results, temperature, (), strengths[seated]) < log_loss(
        held_out, results, alone
    )
    for pairing in ({0, 1}, {1, 2}, {0, 2}):
        rows = np.array([set(pair) == pairing for pair in seated.tolist()])
        assert calibration_error(reliability(knowing[rows], results[rows])) < 0.02
    assert calibration_error(reliability(blind[rows], results[rows])) > 0.03


def test_a_player_who_always_won_gets_a_finite_strength_that_grows_with_the_games() -> None:
    """One player beat the other in every game, the network saying even at every
    position: the cross-entropy alone would drive their strengths apart without end. The
    prior, weighing as much as one game, keeps the gap finite (without it the search
    stops at some 12 logits), and more such games widen it."""

    def gap(games: int) -> float:
        positions = 10 * games
        logits = np.zeros((positions, 2))
        shares = np.tile([0.0, 1.0], (positions, 1))
        players = np.tile([0, 1], (positions, 1))
        _, strengths = fit_strengths(logits, shares, players, games)
        return float(strengths[1] - strengths[0])

    few, many = gap(20), gap(200)
    assert 2.0 < few < many < 8.0


def test_a_bent_row_sums_to_one_and_keeps_its_order() -> None:
    rows = softmax(np.random.default_rng(4).normal(0, 2, size=(500, 4)))
    curve = ((0.0, 0.0), (0.1, 0.02), (0.5, 0.6), (1.0, 1.0))
    mapped = bent(rows, curve)
    assert np.allclose(mapped.sum(axis=1), 1.0)
    assert (np.argsort(mapped, axis=1) == np.argsort(rows, axis=1)).all()
