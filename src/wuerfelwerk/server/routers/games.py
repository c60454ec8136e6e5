"""``/api/games``: the registered games, their options, the agents that play them, and
their rules."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

import wuerfelwerk

from ...agents.levels import level_names
from ...core import UnknownGameError, game_class
from ...rules import LANGUAGES, UnknownLanguageError
from ..errors import TableError
from ..guard.seats import playable_agents
from ..rules_page import rules_page
from ..schemas import GameInfo, GameOption, RulesView

router = APIRouter(prefix="/api/games", tags=["games"])

ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"description": '`{"type": "error", "code", "message"}`'}
}


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
                agents=playable_agents(game),
                levels=level_names(game),
                seat_names=[game.seat_name(seat) for seat in range(game.num_players)],
            )
        )
    return games


@router.get("/{name}/rules", responses=ERRORS)
def get_rules(name: str, lang: str = LANGUAGES[0]) -> RulesView:
    """The players' rules of a game as HTML, in English (``lang=en``) or German
    (``lang=de``), with the same rule numbers as anchors in both."""
    try:
        page = rules_page(name, lang)
    except UnknownGameError as error:
        raise TableError("unknown_game", str(error), 404) from None
    except UnknownLanguageError as error:
        raise TableError("unknown_language", str(error), 404) from None
    return RulesView(
        game=game_class(name).name,
        language=lang,
        title=page.title,
        html=page.html,
        rules=list(page.rules),
    )
