"""The arena: a round robin between agents, rated by Elo.

Each group of agents, as many as the game has seats (every pair, with two), plays the
same number of seeded games, one seat each, the seats rotated by one every game
(``Matchup.seats``), so that no agent profits from its seat. With more than two seats a
game says more than which of two was better: the ratings come from the whole table's
result (Luce's choice model, ``sim/elo.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, permutations
from typing import Any

from ..core import InvalidAgentSpecError, derive_seed
from .backends import Backend
from .elo import fit_elo
from .runner import Matchup, run_matchups, typed_options
from .stats import wilson_interval


def groups(agents: list[str], players: int = 2) -> list[tuple[str, ...]]:
    """Every set of ``players`` agents once, in the order listed (every pair, with two)."""
    if len(agents) < max(2, players):
        raise InvalidAgentSpecError(
            f"the arena needs at least {max(2, players)} agents for {players} seats"
        )
    if len(set(agents)) != len(agents):
        raise InvalidAgentSpecError("each agent may be listed only once in the arena")
    return list(combinations(agents, players))


def head_to_head(meetings: list[tuple[float, float]]) -> dict[str, Any]:
    """One agent against another over the games where they met, given as both scores per
    game, counted over the games either of them won: its share of their wins (a shared
    win counts its share) with its 95% interval, the games it won without the other and
    those the two shared. With two seats these are the score of the pairing, its wins
    and its draws; with more, this share is what Elo expects between the two (the other
    seats' wins left out)."""
    won = [(mine, theirs) for mine, theirs in meetings if mine + theirs > 0]
    own = sum(mine for mine, _ in won)
    both = sum(mine + theirs for mine, theirs in won)
    score = own / both if both else 0.5
    return {
        "score": score,
        "ci95": list(wilson_interval(score, len(won))),
        "wins": sum(theirs == 0 for _, theirs in won),
        "draws": sum(mine > 0 and theirs > 0 for mine, theirs in won),
        "games": len(won),
    }


def round_robin(
    game: str,
    options: dict[str, Any],
    agents: list[str],
    games: int,
    backend: Backend,
    seed: int,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games per group of agents (``options["players"]`` seats, 2 if not
    given), every group at once on ``backend``; the report holds the Elo table
    (``{agent: [rating, low, high]}``, 95%), each agent's score (its share of the games
    it played that it won, a shared win counted by its share) and the head-to-head
    scores."""
    options = typed_options(game, {"players": 2, **options})
    tables = groups(agents, options["players"])
    matchups = [
        Matchup(game, options, table, derive_seed(seed, "arena", number))
        for number, table in enumerate(tables)
    ]
    played = run_matchups([(matchup, games) for matchup in matchups], backend, progress)
    results: dict[tuple[str, ...], tuple[list[float], int]] = {}
    meetings: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for table, table_results in zip(tables, played, strict=True):
        scores = [0.0] * len(table)
        for result in table_results:
            by_agent = [0.0] * len(table)
            for seat, listed in enumerate(result.seats):
                by_agent[listed] += result.scores[seat]
            for listed, score in enumerate(by_agent):
                scores[listed] += score
            for first, second in permutations(range(len(table)), 2):
                pair = meetings.setdefault((table[first], table[second]), [])
                pair.append((by_agent[first], by_agent[second]))
        results[table] = (scores, games)
    pairwise: dict[str, dict[str, dict[str, Any]]] = {agent: {} for agent in agents}
    for (agent, other), met in meetings.items():
        pairwise[agent][other] = head_to_head(met)
    ratings = fit_elo(agents, results)
    return {
        "game": game,
        "options": options,
        "agents": agents,
        "games_per_group": games,
        "seed": seed,
        "elo": {agent: ratings[agent].to_json() for agent in agents},
        "score": {agent: _share_won(agent, results) for agent in agents},
        "pairwise": pairwise,
    }


def _share_won(agent: str, results: dict[tuple[str, ...], tuple[list[float], int]]) -> float:
    """``agent``'s score over every table it sat at: its share of the games it played."""
    seated = [
        (scores[table.index(agent)], games)
        for table, (scores, games) in results.items()
        if agent in table
    ]
    return sum(score for score, _ in seated) / sum(games for _, games in seated)
