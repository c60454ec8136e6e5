"""The end of a game: each seated player's place, and in a rated game the new ratings.

A rated game counts when every seat has a rating: a player who sat there (a handed-over
seat counts for its player), or a bot level with the arena's rating. Results are stored
for every player who sat at a finished table, rated or not (the profile's games).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .db.players import Players
from .ratings import Rating, bot_level, bot_rating, rate
from .table import Table


def places(ranking: Iterable[Iterable[int]], seats: int) -> list[int]:
    """Each seat's place, 1 the best; seats tied share a place and the next is skipped."""
    place = [0] * seats
    taken = 0
    for group in map(list, ranking):
        for seat in group:
            place[seat] = taken + 1
        taken += len(group)
    return place


async def record(table: Table, players: Players) -> dict[str, Any] | None:
    """Store the finished ``table``'s results (and ratings); the ``rated`` notice for the
    table's pages if the game was rated."""
    row, game = table.row, table.game.name
    outcome = table.state.outcome()
    assert outcome is not None, "only a finished game has results"
    seats = len(row.seats)
    place = places(outcome.ranking, seats)
    seated = row.players or [None] * seats
    results: list[dict[str, Any]] = [
        {
            "table_id": row.id,
            "seat": seat,
            "player_id": player["id"],
            "game": game,
            "place": place[seat],
            "seats": seats,
            "rated": False,
            "rating_before": None,
            "rating_after": None,
        }
        for seat, player in enumerate(seated)
        if player
    ]
    known = await players.ratings(game, [result["player_id"] for result in results])
    fresh = Rating()
    before = [
        Rating(*known.get(player["id"], (fresh.mu, fresh.sigma)))
        if player
        else bot_rating(game, spec, seats)
        for player, spec in zip(seated, row.seats, strict=True)
    ]
    entrants = [rating for rating in before if rating is not None]
    if not (row.rated and results and len(entrants) == seats):
        await players.record(row.id, results, {}, game)
        return None
    # Bot levels keep the arena's ratings.
    after = [
        new if player else old
        for player, old, new in zip(seated, entrants, rate(entrants, place), strict=True)
    ]
    for result in results:
        seat = result["seat"]
        result.update(rated=True, rating_before=entrants[seat].mu, rating_after=after[seat].mu)
    new = {r["player_id"]: (after[r["seat"]].mu, after[r["seat"]].sigma) for r in results}
    await players.record(row.id, results, new, game)
    return {
        "type": "rated",
        "seats": [
            {
                "seat": seat,
                "name": player["name"] if player else None,
                "bot": None if player else bot_level(row.seats[seat]),
                "before": entrants[seat].shown,
                "after": after[seat].shown,
            }
            for seat, player in enumerate(seated)
        ],
    }
