"""Play many seeded games on a backend; the same seed gives the same games on any backend
and for any number of workers."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import wuerfelwerk

from ..agents import make_agent
from ..core import Game, derive_seed
from ..core.realtime import play_realtime
from .backends import Backend

#: At most this many games go to a worker at once, so that progress shows often.
MAX_CHUNK = 50


@dataclass(frozen=True)
class Matchup:
    """What to play: a game with options, and one agent spec per listed agent."""

    game: str
    options: dict[str, Any]
    agents: tuple[str, ...]
    seed: int

    def seats(self, index: int, players: int) -> list[int]:
        """Which listed agent sits in each seat of game ``index``: the list repeated to
        fill the seats, rotated by one seat per game."""
        return [(seat + index) % len(self.agents) for seat in range(players)]

    def load(self) -> Game:
        return wuerfelwerk.load(self.game, **self.options)

    def game_seed(self, index: int) -> int:
        """The seed of game ``index``'s dice: it depends on nothing else."""
        return derive_seed(self.seed, index)


def typed_options(game: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """``given`` (as the command line reads them, text) with every value of its option's
    type (``"60"``: 60, ``"false"``: false), as reports store them."""
    typed = wuerfelwerk.load(game, **given).options_json()
    return {key: typed[key] for key in given}


@dataclass(frozen=True)
class GameResult:
    index: int
    seats: tuple[int, ...]  # listed-agent index per seat
    scores: tuple[float, ...]  # per seat: 1/k for each of k seats in first place
    actions: int
    winners: tuple[int, ...]  # the seats that won, together if several; none: a draw


def play_one(matchup: Matchup, index: int) -> GameResult:
    game = matchup.load()
    seats = matchup.seats(index, game.num_players)
    agents = [
        make_agent(matchup.agents[a], game, derive_seed(matchup.seed, index, "seat", s))
        for s, a in enumerate(seats)
    ]
    # Real-time games are played on simulated clocks, each agent at its own pace.
    play = play_realtime if game.simultaneous else wuerfelwerk.play
    record = play(game, agents, matchup.game_seed(index))
    assert record.outcome is not None
    first = record.outcome.ranking[0]
    scores = tuple(1 / len(first) if s in first else 0.0 for s in range(game.num_players))
    winners = tuple(sorted(record.outcome.winners))
    return GameResult(index, tuple(seats), scores, len(record.actions), winners)


class Interrupted(KeyboardInterrupt):
    """Ctrl-C while the games were played. ``results`` holds, per matchup in game order,
    the games whose chunk had come back; the chunks still in play are not among them."""

    def __init__(self, results: list[list[GameResult]]) -> None:
        super().__init__()
        self.results = results


@dataclass(frozen=True)
class Chunk:
    """Games ``indices`` of ``matchup``: what one worker plays in one go."""

    matchup: Matchup
    indices: range


def play_chunk(chunk: Chunk) -> list[GameResult]:
    return [play_one(chunk.matchup, i) for i in chunk.indices]


def run_matchups(
    plan: Sequence[tuple[Matchup, int]],
    backend: Backend,
    progress: Callable[[int], None] | None = None,
) -> list[list[GameResult]]:
    """Play ``games`` games of each ``(matchup, games)`` in ``plan`` on ``backend``, all
    at once; ``progress`` hears of every finished chunk as it comes. The results of each
    matchup come back in game order; on Ctrl-C, those played so far (``Interrupted``)."""
    size = max(1, min(MAX_CHUNK, sum(games for _, games in plan) // (backend.jobs * 8)))
    chunks: list[Chunk] = []
    owners: list[int] = []
    for owner, (matchup, games) in enumerate(plan):
        for start in range(0, games, size):
            chunks.append(Chunk(matchup, range(start, min(start + size, games))))
            owners.append(owner)
    results: list[list[GameResult]] = [[] for _ in plan]
    try:
        for position, batch in backend.map_unordered(play_chunk, chunks):
            results[owners[position]].extend(batch)
            if progress is not None:
                progress(len(batch))
    except KeyboardInterrupt:
        raise Interrupted(_in_order(results)) from None
    return _in_order(results)


def _in_order(results: list[list[GameResult]]) -> list[list[GameResult]]:
    return [sorted(games, key=lambda r: r.index) for games in results]


def run_games(
    matchup: Matchup,
    games: int,
    backend: Backend,
    progress: Callable[[int], None] | None = None,
) -> list[GameResult]:
    """Play ``games`` games of ``matchup`` on ``backend``; results come back in game order."""
    return run_matchups([(matchup, games)], backend, progress)[0]
