"""Presence: which seats have a page open, from the table's live WebSocket connections.

The frame goes to everyone at the table whenever somebody comes or goes, so a player
sees at once that the other one left. It holds nothing private: who sits where (the
players' chosen names), who is online, and how many watch.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .connection import Viewer


def presence_frame(
    seats: list[str], players: list[dict[str, str] | None] | None, connections: Iterable[Viewer]
) -> dict[str, Any]:
    """``{"type": "presence", "seats": [{"seat", "player", "name", "online"}], "spectators"}``:
    ``player`` is the seat's spec (``human``, ``bot:<level>``), ``name`` the chosen name of
    the player who sat there (``null`` if none), ``online`` whether a page holds the seat
    now (bots are always there)."""
    here = [connection.seat for connection in connections]
    seated = players or [None] * len(seats)
    return {
        "type": "presence",
        "seats": [
            {
                "seat": seat,
                "player": spec,
                "name": player["name"] if player else None,
                "online": seat in here or spec != "human",
            }
            for seat, (spec, player) in enumerate(zip(seats, seated, strict=True))
        ],
        "spectators": here.count(None),
    }
