"""The simulation report: wins alone, shared and draws; the head-to-head score."""

from __future__ import annotations

import math
import re
from pathlib import Path

import matplotlib
import pytest

from wuerfelwerk.sim.plots import plot_report
from wuerfelwerk.sim.report import head_to_head, summarise
from wuerfelwerk.sim.runner import GameResult, Matchup
from wuerfelwerk.sim.stats import PLACES, wilson_interval


def three_player_games() -> tuple[Matchup, list[GameResult]]:
    """``bot`` against two greedy seats in three games: it wins one, a greedy seat wins
    one, and one is a draw (every seat shares the first place)."""
    matchup = Matchup("malefiz", {"players": 3}, ("bot", "greedy", "greedy"), seed=0)
    results = [
        GameResult(0, (0, 1, 2), (1.0, 0.0, 0.0), 10, (0,)),
        GameResult(1, (1, 2, 0), (1.0, 0.0, 0.0), 10, (0,)),
        GameResult(2, (2, 0, 1), (1 / 3, 1 / 3, 1 / 3), 10, (0, 1, 2)),
    ]
    return matchup, results


def test_a_win_counts_against_every_other_seat() -> None:
    matchup, results = three_player_games()
    versus = head_to_head(matchup.agents, results)
    # bot: won both pairs; lost to the winner and tied the other greedy; tied both.
    assert versus["bot"][0] == pytest.approx((1.0 + 0.25 + 0.5) / 3)
    # greedy: in game 0 both lost to bot; in game 1 one beat bot, one tied it.
    assert versus["greedy"][0] == pytest.approx((0.0 + 0.75 + 0.5) / 3)
    low, high = versus["bot"][1]
    assert low < versus["bot"][0] < high
    report = summarise(matchup, results)
    assert report["head_to_head"]["bot"] == versus["bot"][0]
    assert report["win_rate"]["bot"] == pytest.approx((1 + 0 + 1 / 3) / 3)


def test_with_two_players_it_is_the_win_rate() -> None:
    matchup = Matchup("malefiz", {"players": 2}, ("a", "b"), seed=0)
    results = [
        GameResult(0, (0, 1), (1.0, 0.0), 10, (0,)),
        GameResult(1, (1, 0), (1.0, 0.0), 10, (0,)),
        GameResult(2, (0, 1), (0.5, 0.5), 10, (0, 1)),
    ]
    report = summarise(matchup, results)
    assert report["head_to_head"] == pytest.approx(report["win_rate"])


def test_shared_wins_and_draws_are_told_apart() -> None:
    matchup = Matchup("wurfweg", {"players": 2}, ("bot:level=hard", "greedy"), seed=1)
    results = [
        GameResult(0, (0, 1), (1.0, 0.0), 10, (0,)),  # the bot alone
        GameResult(1, (1, 0), (0.5, 0.5), 12, (0, 1)),  # both at once (WUW-10)
        GameResult(2, (0, 1), (0.5, 0.5), 14, ()),  # nobody: a draw
    ]
    report = summarise(matchup, results)
    assert report["wins"] == {"bot:level=hard": 1, "greedy": 0}
    assert report["shared_wins"] == {"bot:level=hard": 1, "greedy": 1}
    assert report["draws"] == 1
    assert report["win_rate"]["bot:level=hard"] == (1.0 + 0.5 + 0.5) / 3


def test_wilson_bounds_are_exact_at_the_edges_and_solve_the_interval() -> None:
    z = 1.96
    for games in range(1, 301):
        for wins in range(games + 1):
            score = wins / games
            low, high = wilson_interval(score, games)
            assert 0.0 <= low <= score <= high <= 1.0
            assert (low == 0.0) == (wins == 0) and (high == 1.0) == (wins == games)
            # A Wilson bound p is where the score lies z standard errors of p away.
            for bound in (low, high):
                if bound not in (0.0, 1.0):
                    gap = abs(score - bound) - z * math.sqrt(bound * (1 - bound) / games)
                    assert abs(gap) < 1e-8
            assert round(low, PLACES) == low and round(high, PLACES) == high


def test_the_picture_names_the_seats_as_the_tables_do(tmp_path: Path) -> None:
    matchup = Matchup("malefiz", {"players": 2}, ("a", "b"), seed=0)
    report = summarise(matchup, [GameResult(0, (0, 1), (1.0, 0.0), 10, (0,))])
    assert report["seat_names"] == ["red", "blue"]
    with matplotlib.rc_context({"svg.fonttype": "none"}):  # text stays text in the SVG
        svg = plot_report(report, [10], tmp_path / "report.svg").read_text()
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    assert "red" in texts and "blue" in texts
    assert "malefiz: 1 game, seed 0" in texts
