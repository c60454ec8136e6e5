"""A simulation's report counts wins alone, wins shared with others and draws apart."""

from __future__ import annotations

from wuerfelwerk.sim.report import summarise
from wuerfelwerk.sim.runner import GameResult, Matchup


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
