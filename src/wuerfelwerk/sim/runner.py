"""Run many seeded games in parallel; the same seed gives the same games for any ``jobs``."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import wuerfelwerk

from ..agents import make_agent
from ..core import derive_seed
from ..core.realtime import play_realtime


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


@dataclass(frozen=True)
class GameResult:
    index: int
    seats: tuple[int, ...]  # listed-agent index per seat
    scores: tuple[float, ...]  # per seat: 1/k for each of k seats in first place
    actions: int
    winners: tuple[int, ...]  # the seats that won, together if several; none: a draw


def play_one(matchup: Matchup, index: int) -> GameResult:
    game = wuerfelwerk.load(matchup.game, **matchup.options)
    seats = matchup.seats(index, game.num_players)
    agents = [
        make_agent(matchup.agents[a], game, derive_seed(matchup.seed, index, "seat", s))
        for s, a in enumerate(seats)
    ]
    # Real-time games are played on simulated clocks, each agent at its own pace.
    play = play_realtime if game.simultaneous else wuerfelwerk.play
    record = play(game, agents, derive_seed(matchup.seed, index))
    assert record.outcome is not None
    first = record.outcome.ranking[0]
    scores = tuple(1 / len(first) if s in first else 0.0 for s in range(game.num_players))
    winners = tuple(sorted(record.outcome.winners))
    return GameResult(index, tuple(seats), scores, len(record.actions), winners)


def _play_chunk(args: tuple[Matchup, list[int]]) -> list[GameResult]:
    matchup, indices = args
    return [play_one(matchup, i) for i in indices]


def run_games(
    matchup: Matchup, games: int, jobs: int, progress: Callable[[int], None] | None = None
) -> list[GameResult]:
    """Play ``games`` games over ``jobs`` processes; results come back in game order."""
    chunk = max(1, min(50, games // (jobs * 8) or 1))
    chunks = [(matchup, list(range(i, min(i + chunk, games)))) for i in range(0, games, chunk)]
    results: list[GameResult] = []
    for batch in _map(chunks, jobs):
        results.extend(batch)
        if progress is not None:
            progress(len(batch))
    return sorted(results, key=lambda r: r.index)


def _map(chunks: list[tuple[Matchup, list[int]]], jobs: int) -> Iterator[list[GameResult]]:
    if jobs <= 1:
        yield from map(_play_chunk, chunks)
        return
    context = multiprocessing.get_context("spawn")
    with context.Pool(jobs) as pool:
        yield from pool.imap_unordered(_play_chunk, chunks)
