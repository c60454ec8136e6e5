"""The bots a table may seat: what the lobby offers, unless the server allows any.

The lobby offers a game's levels (``bot:easy`` ... ``bot:expert``: budgets with a time
cap) and its agents by name with their own default budgets (``bot:greedy``,
``bot:mcts``). A spec with parameters of its own (``bot:mcts:time=3600``) could keep a
bot thread busy for an hour; it is seated only where ``WUERFELWERK_ANY_BOT`` allows it.
"""

from __future__ import annotations

from ...agents import HUMAN, agent_names, make_agent
from ...agents.levels import level_names
from ...core import Game, InvalidAgentSpecError
from ..bots import BOT_PREFIX
from ..errors import TableError


def playable_agents(game: Game) -> list[str]:
    """The agents that play ``game`` by their name alone, with their own defaults:
    ``td`` only where a network ships for these options. Not ``bot``,
    the agent that plays the levels."""
    return [name for name in agent_names(game) if name != "bot" and _plays_by_name(name, game)]


def _plays_by_name(name: str, game: Game) -> bool:
    try:
        make_agent(name, game, 0)
    except InvalidAgentSpecError:
        return False
    return True


def offered(game: Game) -> list[str]:
    """The bot seats the lobby offers for ``game``: levels first, then agents by name."""
    return [BOT_PREFIX + name for name in [*level_names(game), *playable_agents(game)]]


def check_seats(game: Game, seats: list[str]) -> None:
    """``TableError`` for a bot seat the lobby does not offer."""
    # Seats that are neither person nor bot the table itself refuses, with its words.
    bots = [spec for spec in seats if spec != HUMAN and spec.startswith(BOT_PREFIX)]
    if not bots:  # what the lobby offers is found by making its agents: only when asked
        return
    allowed = offered(game)
    for spec in bots:
        if spec not in allowed:
            raise TableError(
                "invalid_seats",
                f"{spec} is not offered here: a bot seat is one of {', '.join(allowed)}",
            )
