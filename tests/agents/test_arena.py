"""The arena: round robin, Elo fit and its JSON."""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

from wuerfelwerk.cli.main import cli
from wuerfelwerk.core import InvalidAgentSpecError
from wuerfelwerk.sim.arena import pairings
from wuerfelwerk.sim.elo import MEAN, expected_score, fit_elo


def test_an_even_record_gives_equal_ratings_around_the_mean() -> None:
    ratings = fit_elo(["a", "b"], {("a", "b"): (50.0, 100)})
    assert ratings["a"].rating == pytest.approx(MEAN)
    assert ratings["b"].rating == pytest.approx(MEAN)
    assert ratings["a"].low < MEAN < ratings["a"].high


def test_three_wins_in_four_are_worth_191_elo() -> None:
    """400 * log10(3): the Elo model's gap for an expected score of 3/4."""
    ratings = fit_elo(["a", "b"], {("a", "b"): (3000.0, 4000)})
    gap = ratings["a"].rating - ratings["b"].rating
    assert gap == pytest.approx(400 * math.log10(3), abs=0.5)
    assert expected_score(ratings["a"].rating, ratings["b"].rating) == pytest.approx(0.75, abs=1e-3)


def test_intervals_shrink_with_more_games_and_stay_finite_for_a_clean_sweep() -> None:
    few = fit_elo(["a", "b"], {("a", "b"): (30.0, 40)})["a"]
    many = fit_elo(["a", "b"], {("a", "b"): (300.0, 400)})["a"]
    assert many.high - many.low < few.high - few.low
    sweep = fit_elo(["a", "b"], {("a", "b"): (40.0, 40)})["a"]
    assert math.isfinite(sweep.rating) and sweep.rating > MEAN + 300


def test_ratings_of_a_ladder_are_ordered_and_centred() -> None:
    results = {("a", "b"): (70.0, 100), ("b", "c"): (70.0, 100), ("a", "c"): (85.0, 100)}
    ratings = fit_elo(["a", "b", "c"], results)
    assert ratings["a"].rating > ratings["b"].rating > ratings["c"].rating
    assert sum(r.rating for r in ratings.values()) / 3 == pytest.approx(MEAN)


def test_the_arena_needs_two_different_agents() -> None:
    with pytest.raises(InvalidAgentSpecError, match="at least two"):
        pairings(["greedy"])
    with pytest.raises(InvalidAgentSpecError, match="only once"):
        pairings(["greedy", "greedy"])
    assert pairings(["a", "b", "c"]) == [("a", "b"), ("a", "c"), ("b", "c")]


def test_arena_json_has_elo_and_pairwise_scores() -> None:
    result = CliRunner().invoke(
        cli, ["arena", "malefiz", "--agents", "random,greedy,bot:easy", "--games", "2", "--json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert set(report["elo"]) == {"random", "greedy", "bot:easy"}
    for rating, low, high in report["elo"].values():
        assert low <= rating <= high
    cell = report["pairwise"]["greedy"]["random"]
    back = report["pairwise"]["random"]["greedy"]
    assert cell["games"] == 2 and cell["score"] + back["score"] == pytest.approx(1.0)
    assert cell["wins"] + back["wins"] + cell["draws"] == 2
    assert report["options"]["players"] == 2


def test_arena_table_and_bad_agents() -> None:
    runner = CliRunner()
    shown = runner.invoke(cli, ["arena", "malefiz", "--agents", "random,greedy", "--games", "1"])
    assert shown.exit_code == 0 and "Elo" in shown.output
    human = runner.invoke(cli, ["arena", "malefiz", "--agents", "human,greedy"])
    assert human.exit_code == 2 and "bots only" in human.output
