"""Difficulty levels: ``bot:easy``, ``bot:medium``, ``bot:hard``, ``bot:expert``.

Each level of each turn-based game is an agent spec: a search budget, a share of random
moves below the top level (in Widget the main difference, since more search buys little
there), and in Dimenticato a memory that forgets more at the low end; Mojave's upper
levels are alpha-beta searches, Malefiz's levels play its learned evaluation (``td``), and
so does Widget's expert with two and three players.
Wurf & Weg is played in real time; its ``bot`` (``heuristics/wurfweg.py``) sets a pace
per level instead. ``level_names(game)`` lists a game's levels (the lobby and
``GET /api/games``); ``level_spec(game, level)`` gives the spec behind one.
"""

from __future__ import annotations

from ..core import Agent, Game, InvalidAgentSpecError
from ..core.registry import game_class
from .heuristics.wurfweg import LEVELS as PACES
from .registry import make_agent, register_agent
from .spec import LEVEL, AgentSpec, parse_spec

LEVELS = ("easy", "medium", "hard", "expert")

#: Every searching level has an iteration count or a depth (the same seed plays the same
#: moves) and a time cap (a slow machine never keeps a player waiting long).
DEFAULT_LEVELS = {
    "easy": "mcts:iters=30,noise=0.5,time=2",
    "medium": "mcts:iters=150,noise=0.15,time=3",
    "hard": "mcts:iters=600,time=5",
    "expert": "mcts:iters=2500,time=10",
}

#: Games whose levels differ from the default.
GAME_LEVELS: dict[str, dict[str, str]] = {
    # About 90 moves a turn, no dice: the upper levels search every move (alpha-beta)
    # two and three plies deep.
    "mojave": {
        "easy": "mcts:iters=20,noise=0.5,time=2",
        "medium": "mcts:iters=80,noise=0.15,time=3",
        "hard": "alphabeta:depth=2,time=5",
        "expert": "alphabeta:depth=3,time=10",
    },
    # Luck decides much of a Widget game and more search barely helps, so the levels are
    # set apart by the share of random decisions.
    "widget": {
        "easy": "mcts:iters=30,noise=0.7,time=2",
        "medium": "mcts:iters=150,noise=0.4,time=3",
        "hard": "mcts:iters=600,noise=0.2,time=5",
        "expert": "mcts:iters=2500,time=10",
    },
    # Memory is the skill of Dimenticato: the lower levels forget (DIM-5), which sets
    # them apart more than search does, and, since a random decision there is mostly a
    # wrong name and a lost turn, make few random decisions.
    "dimenticato": {
        "easy": "mcts:iters=30,noise=0.25,forget=0.15,time=2",
        "medium": "mcts:iters=150,noise=0.1,forget=0.08,time=3",
        "hard": "mcts:iters=300,noise=0.07,forget=0.05,time=5",
        "expert": "mcts:iters=1500,time=10",
    },
    # The learned evaluation judges Malefiz positions better than the hand-made one
    # (with that, MCTS loses to greedy on the classic board): the expert looks past the
    # next roll with it, hard searches with it at the leaves, the lower levels play it one
    # ply deep with a share of random decisions. A one-ply decision is one evaluation of a
    # few dozen positions (milliseconds), so those two need no time cap.
    "malefiz": {
        "easy": "td:noise=0.6",
        "medium": "td:noise=0.25",
        "hard": "mcts:iters=300,eval=td,depth=0,time=5",
        "expert": "td:depth=2,time=10",
    },
    "wurfweg": {level: f"bot:{level}" for level in PACES},
}


#: Levels that differ with the number of players: a network plays a level only at the
#: player counts where it measured stronger than the level it replaces (docs/bots.md).
PLAYER_LEVELS: dict[tuple[str, int], dict[str, str]] = {
    # Widget, 2 players: the network past the next roll won 221 of 400 games against the
    # search, seats rotated (55.3%, 95% interval 50.3-60.0%).
    ("widget", 2): {"expert": "td:depth=2,time=10"},
    # Widget, 3 players: the same scored 55.9% head to head against the search over 400
    # games, seats rotated (95% interval 51.0-60.7%).
    ("widget", 3): {"expert": "td:depth=2,time=10"},
    # Widget, 4 players: the same network's seats won 239 of 400 games against the
    # search's, two seats each, seats rotated (59.8%, 95% interval 54.9-64.4%).
    ("widget", 4): {"expert": "td:depth=2,time=10"},
}


def _levels(game: Game | str) -> dict[str, str]:
    """A game's levels; given the game itself (not its name), for its number of players."""
    name = game_class(game if isinstance(game, str) else game.name).name
    levels = GAME_LEVELS.get(name, DEFAULT_LEVELS)
    if isinstance(game, str):
        return levels
    return {**levels, **PLAYER_LEVELS.get((name, game.num_players), {})}


def level_names(game: Game | str) -> list[str]:
    """The levels ``game`` (a game or its name) offers, easiest first;
    ``UnknownGameError`` for a name that is not a game."""
    return list(_levels(game))


def level_spec(game: Game | str, level: str) -> str:
    """The agent spec behind ``bot:<level>`` in ``game``; for a game given by its name,
    the spec at the player counts without a level of their own (``PLAYER_LEVELS``)."""
    levels = _levels(game)
    if level not in levels:
        raise InvalidAgentSpecError(f"bot: no level {level!r} (levels: {', '.join(levels)})")
    return levels[level]


def expert_learns(game: Game | str) -> bool:
    """Whether ``game``'s expert plays its learned evaluation: a level plays a network
    only where one ships and measured stronger than the level without it (docs/bots.md)."""
    if "expert" not in _levels(game):
        return False
    spec = parse_spec(level_spec(game, "expert"))
    return spec.name == "td" or spec.params.get("eval") == "td"


def _turn_based(game: Game) -> bool:
    return not game.simultaneous


@register_agent("bot", available=_turn_based)
def make_bot(game: Game, spec: AgentSpec, seed: int) -> Agent:
    """``bot:<level>``: the level's spec for this game."""
    spec.check_keys(LEVEL)
    level = spec.params.get(LEVEL)
    if level is None:
        raise InvalidAgentSpecError(f"bot needs a level: bot:{'|'.join(level_names(game))}")
    return make_agent(parse_spec(level_spec(game, level)), game, seed)
