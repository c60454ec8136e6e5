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
    versus = head_to_head(agents, results)
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
        "head_to_head": {spec: rate for spec, (rate, _) in versus.items()},
        "head_to_head_ci95": {spec: list(interval) for spec, (_, interval) in versus.items()},
        "seat_names": seat_names(matchup),
        "seat_win_rate": [w / games if games else 0.0 for w in seat_won],
        "mean_actions": statistics.fmean(lengths) if lengths else 0.0,
        "actions_quartiles": [q1, median, q3],
    }


def seat_names(matchup: Matchup) -> list[str]:
    """How the game calls each seat (``red``, ``blue``): tables and pictures name seats so."""
    game = matchup.load()
    return [game.seat_name(seat) for seat in range(game.num_players)]


def counted(number: int, noun: str) -> str:
    """``1 game``, ``2 games``: a count with its noun (plural by an added ``s``)."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def head_to_head(
    agents: tuple[str, ...], results: list[GameResult]
) -> dict[str, tuple[float, tuple[float, float]]]:
    """Per agent spec, its score against the seats of every other spec, with a 95%
    interval: each game counts as a game against each such seat, won if this seat was
    placed first and that one not, lost the other way round, and half where both or
    neither were (so in a game of several players a win counts against every other
    seat). With two players it is the win rate. The interval is Wilson's over the games
    played: a game's score lies in [0, 1], so its variance is at most a win's of the
    same mean."""
    totals: dict[str, list[float]] = {}
    for result in results:
        specs = [agents[a] for a in result.seats]
        for spec in dict.fromkeys(specs):
            pairs = [
                (result.scores[mine], result.scores[theirs])
                for mine, a in enumerate(specs)
                if a == spec
                for theirs, b in enumerate(specs)
                if b != spec
            ]
            if pairs:
                score = sum(1.0 if m > t else 0.5 if m == t else 0.0 for m, t in pairs)
                totals.setdefault(spec, []).append(score / len(pairs))
    return {
        spec: (sum(scores) / len(scores), wilson_interval(sum(scores) / len(scores), len(scores)))
        for spec, scores in totals.items()
    }


#: The columns of ``agent_rows``.
AGENT_COLUMNS = ("agent", "seats played", "won alone", "won together", "win rate", "95% CI")


def agent_rows(report: dict[str, Any]) -> list[list[str]]:
    """A report's figures per agent as text, one row per agent, in ``AGENT_COLUMNS``."""
    rows = []
    for spec, rate in report["win_rate"].items():
        low, high = report["ci95"][spec]
        rows.append(
            [
                spec,
                str(report["seats_played"][spec]),
                str(report["wins"][spec]),
                str(report["shared_wins"][spec]),
                f"{rate:.1%}",
                f"{low:.1%} - {high:.1%}",
            ]
        )
    return rows
