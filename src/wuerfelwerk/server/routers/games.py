"""``/api/games``: the registered games, their options and the agents that play them."""

from __future__ import annotations

from fastapi import APIRouter

import wuerfelwerk

from ...agents import agent_names
from ...agents.levels import level_names
from ...core import game_class
from ..schemas import GameInfo, GameOption

router = APIRouter(prefix="/api/games", tags=["games"])


@router.get("")
def list_games() -> list[GameInfo]:
    games = []
    for name in wuerfelwerk.game_names():
        cls = game_class(name)
        game = wuerfelwerk.load(name)
        games.append(
            GameInfo(
                name=name,
                title=cls.title,
                min_players=cls.min_players,
                max_players=cls.max_players,
                simultaneous=cls.simultaneous,
                perfect_information=cls.perfect_information,
                options=[GameOption(**option) for option in cls.describe_options()],
                agents=agent_names(game),
                levels=level_names(game),
                seat_names=[game.seat_name(seat) for seat in range(game.num_players)],
            )
        )
    return games
