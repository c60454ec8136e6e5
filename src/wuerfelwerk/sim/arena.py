"""The arena: a round robin of two-player games between agents, rated by Elo.

Every pairing plays the same number of seeded games with the seats swapped each game
(``Matchup.seats``), so neither agent profits from moving first.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

from ..core import InvalidAgentSpecError, derive_seed
from .backends import Backend
from .elo import fit_elo
from .runner import GameResult, Matchup, run_matchups, typed_options
from .stats import wilson_interval


def pairings(agents: list[str]) -> list[tuple[str, str]]:
    """Every pair of agents once, in the order listed."""
    if len(agents) < 2:
        raise InvalidAgentSpecError("the arena needs at least two agents")
    if len(set(agents)) != len(agents):
        raise InvalidAgentSpecError("each agent may be listed only once in the arena")
    return list(combinations(agents, 2))


def pair_score(results: list[GameResult]) -> tuple[float, int, int]:
    """The first-listed agent's score (a win 1, a shared win 1/2), wins and draws."""
    score = 0.0
    wins = draws = 0
    for result in results:
        mine = result.scores[result.seats.index(0)]
        score += mine
        wins += mine == 1.0
        draws += 0.0 < mine < 1.0
    return score, wins, draws


def round_robin(
    game: str,
    options: dict[str, Any],
    agents: list[str],
    games: int,
    backend: Backend,
    seed: int,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games per pairing, every pairing at once on ``backend``; the report
    holds the Elo table (``{agent: [rating, low, high]}``, 95%) and the pairwise scores."""
    options = typed_options(game, {**options, "players": 2})
    pairs = pairings(agents)
    matchups = [
        Matchup(game, options, pair, derive_seed(seed, "arena", number))
        for number, pair in enumerate(pairs)
    ]
    played = run_matchups([(matchup, games) for matchup in matchups], backend, progress)
    results: dict[tuple[str, str], tuple[float, int]] = {}
    pairwise: dict[str, dict[str, dict[str, Any]]] = {agent: {} for agent in agents}
    for (a, b), pair_results in zip(pairs, played, strict=True):
        score, wins, draws = pair_score(pair_results)
        results[(a, b)] = (score, games)
        sides = {(a, b): (score, wins), (b, a): (games - score, games - wins - draws)}
        for (agent, other), (own, won) in sides.items():
            rate = own / games
            pairwise[agent][other] = {
                "score": rate,
                "ci95": list(wilson_interval(rate, games)),
                "wins": won,
                "draws": draws,
                "games": games,
            }
    ratings = fit_elo(agents, results)
    return {
        "game": game,
        "options": options,
        "agents": agents,
        "games_per_pairing": games,
        "seed": seed,
        "elo": {agent: ratings[agent].to_json() for agent in agents},
        "pairwise": pairwise,
    }
