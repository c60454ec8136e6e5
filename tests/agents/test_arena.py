"""The arena: round robin, Elo fit (two seats and more) and its JSON."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from click.testing import CliRunner

from wuerfelwerk.cli.main import cli
from wuerfelwerk.core import InvalidAgentSpecError
from wuerfelwerk.sim.arena import groups, head_to_head
from wuerfelwerk.sim.elo import MEAN, expected_score, fit_elo


def test_an_even_record_gives_equal_ratings_around_the_mean() -> None:
    ratings = fit_elo(["a", "b"], {("a", "b"): ((50.0, 50.0), 100)})
    assert ratings["a"].rating == pytest.approx(MEAN)
    assert ratings["b"].rating == pytest.approx(MEAN)
    assert ratings["a"].low < MEAN < ratings["a"].high


def test_three_wins_in_four_are_worth_191_elo() -> None:
    """400 * log10(3): the Elo model's gap for an expected score of 3/4."""
    ratings = fit_elo(["a", "b"], {("a", "b"): ((3000.0, 1000.0), 4000)})
    gap = ratings["a"].rating - ratings["b"].rating
    assert gap == pytest.approx(400 * math.log10(3), abs=0.5)
    assert expected_score(ratings["a"].rating, ratings["b"].rating) == pytest.approx(0.75, abs=1e-3)


def test_intervals_shrink_with_more_games_and_stay_finite_for_a_clean_sweep() -> None:
    few = fit_elo(["a", "b"], {("a", "b"): ((30.0, 10.0), 40)})["a"]
    many = fit_elo(["a", "b"], {("a", "b"): ((300.0, 100.0), 400)})["a"]
    assert many.high - many.low < few.high - few.low
    sweep = fit_elo(["a", "b"], {("a", "b"): ((40.0, 0.0), 40)})["a"]
    assert math.isfinite(sweep.rating) and sweep.rating > MEAN + 300


def test_ratings_of_a_ladder_are_ordered_and_centred() -> None:
    results = {
        ("a", "b"): ((70.0, 30.0), 100),
        ("b", "c"): ((70.0, 30.0), 100),
        ("a", "c"): ((85.0, 15.0), 100),
    }
    ratings = fit_elo(["a", "b", "c"], results)
    assert ratings["a"].rating > ratings["b"].rating > ratings["c"].rating
    assert sum(r.rating for r in ratings.values()) / 3 == pytest.approx(MEAN)


def test_at_a_table_of_four_a_rating_wins_in_proportion_to_ten_to_its_400th() -> None:
    """Luce's choice model: equals win a quarter each; three times the strength of each
    other seat (400 * log10(3) Elo) wins half the games."""
    even = fit_elo(list("abcd"), {tuple("abcd"): ((250.0, 250.0, 250.0, 250.0), 1000)})
    assert all(r.rating == pytest.approx(MEAN) for r in even.values())
    ratings = fit_elo(list("abcd"), {tuple("abcd"): ((3000.0, 1000.0, 1000.0, 1000.0), 6000)})
    gap = ratings["a"].rating - ratings["b"].rating
    assert gap == pytest.approx(400 * math.log10(3), abs=0.5)
    assert ratings["b"].rating == pytest.approx(ratings["d"].rating)


def test_tables_of_four_played_by_known_ratings_give_them_back_within_their_intervals() -> None:
    """2,000 games at a table of four, each won by a seat drawn from the model's
    chances: every fitted gap to the first agent lies within its 95% interval of the
    truth, and the intervals are as narrow as 2,000 games allow."""
    truth = np.array([1700.0, 1550.0, 1450.0, 1300.0])
    chances = 10 ** (truth / 400) / (10 ** (truth / 400)).sum()
    wins = np.random.default_rng(0).multinomial(2000, chances)
    ratings = fit_elo(list("abcd"), {tuple("abcd"): (tuple(map(float, wins)), 2000)})
    fitted = np.array([ratings[a].rating for a in "abcd"])
    assert fitted.mean() == pytest.approx(MEAN)
    for agent, fit, true in zip("abcd", fitted, truth, strict=True):
        half_width = (ratings[agent].high - ratings[agent].low) / 2
        assert 10 < half_width < 60
        assert abs((fit - fitted[0]) - (true - truth[0])) < 2 * half_width


def test_a_shared_win_is_half_a_win_for_each_and_two_seats_are_the_pairwise_fit() -> None:
    tables = fit_elo(["a", "b", "c"], {("a", "b", "c"): ((45.0, 45.0, 10.0), 100)})
    assert tables["a"].rating == pytest.approx(tables["b"].rating)
    pairs = fit_elo(["a", "b"], {("a", "b"): ((62.5, 37.5), 100)})
    assert pairs["a"].rating - pairs["b"].rating == pytest.approx(
        400 * math.log10(63.0 / 38.0), abs=0.5
    )


def test_the_arena_needs_as_many_different_agents_as_seats() -> None:
    with pytest.raises(InvalidAgentSpecError, match="at least 2 agents for 2 seats"):
        groups(["greedy"])
    with pytest.raises(InvalidAgentSpecError, match="only once"):
        groups(["greedy", "greedy"])
    assert groups(["a", "b", "c"]) == [("a", "b"), ("a", "c"), ("b", "c")]
    with pytest.raises(InvalidAgentSpecError, match="at least 3 agents for 3 seats"):
        groups(["a", "b"], 3)
    assert groups(list("abcd"), 3) == [tuple("abc"), tuple("abd"), tuple("acd"), tuple("bcd")]


def test_head_to_head_counts_the_games_either_won() -> None:
    """A game the other seats won says nothing of the two; a shared win is half each."""
    cell = head_to_head([(1.0, 0.0), (0.0, 1.0), (0.0, 0.0), (0.5, 0.5), (1.0, 0.0)])
    assert cell["games"] == 4 and cell["wins"] == 2 and cell["draws"] == 1
    assert cell["score"] == pytest.approx(2.5 / 4)
    assert cell["ci95"][0] < cell["score"] < cell["ci95"][1]


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
    # Each agent played two games against each of the other two: six games in all.
    assert sum(report["score"].values()) * 4 == pytest.approx(6)


def test_arena_with_three_seats_rates_every_group_from_whole_tables() -> None:
    """Four agents at three seats: four groups, each pair met in two of them; in each
    game one seat won, so a pair's games are those one of the two won."""
    result = CliRunner().invoke(
        cli,
        [
            "arena",
            "malefiz",
            "--board",
            "quick",
            "--players",
            "3",
            "--agents",
            "random,greedy,bot:easy,bot:medium",
            "--games",
            "3",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["options"]["players"] == 3 and report["games_per_group"] == 3
    # Each agent sat in three groups of three games; the twelve games had one winner each.
    assert sum(report["score"].values()) * 9 == pytest.approx(12)
    agents = report["agents"]
    wins = {a: report["pairwise"][a] for a in agents}
    for agent in agents:
        assert set(wins[agent]) == set(agents) - {agent}
        for other, cell in wins[agent].items():
            back = wins[other][agent]
            assert cell["games"] == back["games"] <= 6
            assert cell["wins"] + back["wins"] + cell["draws"] == cell["games"]
            if cell["games"]:
                assert cell["score"] + back["score"] == pytest.approx(1.0)
    # Each of the twelve games (four groups of three) was won by one agent: it counts for
    # the two pairs of its table that hold the winner, from either side.
    assert sum(cell["games"] for a in agents for cell in wins[a].values()) == 2 * 12 * 2


def test_arena_table_and_bad_agents() -> None:
    runner = CliRunner()
    shown = runner.invoke(cli, ["arena", "malefiz", "--agents", "random,greedy", "--games", "1"])
    assert shown.exit_code == 0 and "Elo" in shown.output
    human = runner.invoke(cli, ["arena", "malefiz", "--agents", "human,greedy"])
    assert human.exit_code == 2 and "bots only" in human.output
