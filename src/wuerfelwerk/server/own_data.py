"""A player's own data: all of it to download, and the name deleted (docs/privacy.md).

The download holds the name and when it was chosen, the ratings, every finished game
the player sat at as a record (what ``wuerfelwerk replay`` and ``verify`` read, the seed
revealed) with the seat, the place, the rating before and after and the seat's chat
lines, and the unfinished tables the player sits at (their ids only: their seeds are
secret until the end).

Deleting the name deletes the name, the password's hash, the ratings and the results.
The games stay, for the other players: the seat becomes anonymous, as if nobody had
chosen a name there, and the seat's chat lines go. Tables that are running now forget
the name at once, in every process of a cluster.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from ..core import Record
from .bots import bot_spec
from .db import PlayerRow, StoredTable
from .db.models import ChatRow
from .hub import Hub
from .presence import presence_frame
from .ratings import Rating

log = logging.getLogger("uvicorn.error")

#: The download's format, should it ever change.
EXPORT_FORMAT = 1


def _record(stored: StoredTable) -> dict[str, Any]:
    """The stored game as a record, with its outcome (replayed: run it off the loop)."""
    row = stored.row
    players = [bot_spec(spec) or spec for spec in row.seats]
    record = Record(row.game, row.options, row.seed, [text for _, text in stored.actions], players)
    record.outcome = record.final_state().outcome()
    return {**record.to_json(), "table": row.id, "seed_commitment": row.seed_commitment}


def _lines(rows: list[ChatRow]) -> list[dict[str, str]]:
    return [{"text": row.text, "at": row.at.isoformat()} for row in rows]


async def export(hub: Hub, player: PlayerRow) -> dict[str, Any]:
    """Everything the server keeps about ``player``."""
    ratings = []
    for standing in await hub.players.standings(player.id):
        rating = Rating(standing.mu, standing.sigma)
        ratings.append(
            {
                "game": standing.game,
                "rating": rating.shown,
                "provisional": rating.provisional,
                "rated_games": standing.games,
            }
        )
    games = []
    for result in await hub.players.recent(player.id, None):
        stored = await hub.journal.load(result.table_id)
        if stored is None:
            continue
        games.append(
            {
                **await asyncio.to_thread(_record, stored),
                "seat": result.seat,
                "place": result.place,
                "seats": result.seats,
                "rated": result.rated,
                "rating_before": result.rating_before,
                "rating_after": result.rating_after,
                "finished_at": result.finished_at.isoformat(),
                "chat": _lines(await hub.chat_log.of_seat(result.table_id, result.seat)),
            }
        )
    playing = [
        {"table": row.id, "game": row.game, "seats": row.seats}
        for row in await hub.players.seated(player.id)
        if not row.finished
    ]
    return {
        "format": EXPORT_FORMAT,
        "player": {
            "name": player.name,
            "since": player.created_at.isoformat(),
            "has_password": bool(player.password_hash),
        },
        "ratings": ratings,
        "games": games,
        "playing": playing,
    }


async def forget_here(hub: Hub, player_id: str) -> None:
    """The tables this process runs forget the player: the seat is anonymous (stored
    again, should the table have written it meanwhile), its pages hear who sits where
    now, and the chat's history is read again."""
    for table in list(hub.tables.values()):
        players = table.row.players
        if not players or not any(p and p["id"] == player_id for p in players):
            continue
        table.row.players = [None if p and p["id"] == player_id else p for p in players]
        try:
            await hub.journal.update(table.id, {"players": table.row.players})
        except Exception:
            log.exception("table %s: storing its anonymous seat failed", table.id)
        table.notify(presence_frame(table.row.seats, table.row.players, table.connections))
        chat = hub.chats.get(table.id)
        if chat is not None:
            chat.forget_history()
