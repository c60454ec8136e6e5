"""The analysis tells play apart: in games of ``random`` against ``bot:expert`` the random
seat loses at least five times as much winning chance per decision as the expert, in
every turn-based game.

Each game is played for its first actions only (its end would cost the expert minutes
of search in some games): a game in progress is analysed as any record is. The round
limits are the games' own, far away, so that the judge does not see a drawn end
coming, which would make every move alike.
"""

from __future__ import annotations

import pytest

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.analysis import analyse
from wuerfelwerk.core import Action, Record, State, game_names

#: Per game: its options and how many actions of the game are played.
GAMES = {
    "malefiz": ({"players": 2, "board": "quick"}, 400),
    "widget": ({"players": 2}, 100),
    "mojave": ({}, 16),
    "dimenticato": ({"players": 2}, 75),
}


class Enough(Exception):
    """The game has been played far enough."""


def first_actions(name: str, seed: int) -> Record:
    """The first actions of a seeded game of ``random`` (seat 0) against ``bot:expert``."""
    options, length = GAMES[name]
    game = wuerfelwerk.load(name, **options)
    agents = [make_agent("random", game, seed), make_agent("bot:expert", game, seed + 1)]
    taken: list[str] = []

    def count(state: State, action: Action, player: int) -> None:
        taken.append(str(action))
        if len(taken) == length:
            raise Enough

    try:
        return wuerfelwerk.play(game, agents, seed, on_action=count)
    except Enough:
        return Record(game.name, game.options_json(), seed, taken)


def test_every_turn_based_game_is_tested() -> None:
    turn_based = {n for n in game_names() if not wuerfelwerk.load(n).simultaneous}
    assert set(GAMES) == turn_based


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_errs_five_times_as_much_as_the_expert(name: str) -> None:
    analysis = analyse(first_actions(name, 1))
    rookie, expert = analysis.seats
    assert rookie.decisions >= 8 and expert.decisions >= 8
    assert rookie.error_rate > 0
    assert rookie.error_rate >= 5 * expert.error_rate, (
        f"random loses {rookie.error_rate:.4f} per decision, the expert {expert.error_rate:.4f}"
    )
