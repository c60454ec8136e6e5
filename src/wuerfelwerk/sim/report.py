"""Summaries of a simulation: win rates with confidence intervals, seats, game lengths."""

from __future__ import annotations

import statistics
from typing import Any

from .runner import GameResult, Matchup
from .stats import quartiles, wilson_interval


def summarise(matchup: Matchup, results: list[GameResult]) -> dict[str, Any]:
    """The JSON report: ``win_rate`` and ``ci95`` per agent spec exactly as given, and how
    often each won alone (``wins``) and together with others (``shared_wins``)."""
    agents = matchup.agents
    played = [0] * len(agents)
    won = [0.0] * len(agents)
    alone = [0] * len(agents)
    together = [0] * len(agents)
    players = len(results[0].seats) if results else 0
    seat_won = [0.0] * players
    for result in results:
        for seat, agent in enumerate(result.seats):
            played[agent] += 1
            won[agent] += result.scores[seat]
            seat_won[seat] += result.scores[seat]
            if seat in result.winners:
                if len(result.winners) == 1:
                    alone[agent] += 1
                else:
                    together[agent] += 1
    games = len(results)
    lengths = [r.actions for r in results]
    win_rate: dict[str, float] = {}
    ci95: dict[str, list[float]] = {}
    games_played: dict[str, int] = {}
    wins: dict[str, int] = {}
    shared_wins: dict[str, int] = {}
    for spec in agents:
        if spec in win_rate:  # the same spec listed twice: report it once, over all seats
            continue
        same = [i for i, s in enumerate(agents) if s == spec]
        n = sum(played[i] for i in same)
        rate = sum(won[i] for i in same) / n if n else 0.0
        win_rate[spec] = rate
        ci95[spec] = list(wilson_interval(rate, n))
        games_played[spec] = n
        wins[spec] = sum(alone[i] for i in same)
        shared_wins[spec] = sum(together[i] for i in same)
    q1, median, q3 = quartiles(lengths) if lengths else (0.0, 0.0, 0.0)
    return {
        "game": matchup.game,
        "options": matchup.options,
        "agents": list(agents),
        "seed": matchup.seed,
        "games": games,
        "win_rate": win_rate,
        "ci95": ci95,
        "seats_played": games_played,
        "wins": wins,
        "shared_wins": shared_wins,
        "draws": sum(not r.winners for r in results),
        "seat_win_rate": [w / games if games else 0.0 for w in seat_won],
        "mean_actions": statistics.fmean(lengths) if lengths else 0.0,
        "actions_quartiles": [q1, median, q3],
    }
