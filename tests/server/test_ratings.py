"""The rating model: Elo's scale, ties and several seats, the bots' fixed ratings taken
from the arena's ladders in docs/bots.md, and places from an outcome's ranking."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from wuerfelwerk.agents.levels import PLAYER_LEVELS
from wuerfelwerk.server.ratings import (
    BOT_RATINGS,
    PLAYER_RATINGS,
    START,
    Rating,
    bot_level,
    bot_rating,
    rate,
)
from wuerfelwerk.server.results import places

BOTS_MD = Path(__file__).parents[2] / "docs" / "bots.md"
LADDER_GAMES = {
    "Malefiz": "malefiz",
    "Widget": "widget",
    "Mojave": "mojave",
    "Dimenticato": "dimenticato",
    "Wurf & Weg": "wurfweg",
}


def ladders() -> dict[str, dict[str, tuple[float, float, float]]]:
    """The ladder table of docs/bots.md: ``{game: {level: (rating, low, high)}}``."""
    lines = BOTS_MD.read_text().splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("| level | Malefiz"))
    games = [LADDER_GAMES[cell.split(" (")[0].strip()] for cell in lines[header].split("|")[2:-1]]
    table: dict[str, dict[str, tuple[float, float, float]]] = {g: {} for g in games}
    for line in lines[header + 2 :]:
        if not line.startswith("| `bot:"):
            break
        cells = [cell.strip() for cell in line.split("|")[1:-1]]
        level = cells[0].strip("`").removeprefix("bot:")
        for game, cell in zip(games, cells[1:], strict=True):
            found = re.fullmatch(r"(\d+) \((\d+)-(\d+)\)", cell)
            assert found, f"{game} {level}: {cell!r} is not a rating with its interval"
            rating, low, high = found.groups()
            table[game][level] = (float(rating), float(low), float(high))
    return table


def test_the_bots_ratings_are_the_arena_ladders_of_the_docs() -> None:
    measured = ladders()
    assert set(measured) == set(BOT_RATINGS)
    for game, levels in measured.items():
        assert set(levels) == set(BOT_RATINGS[game])
        for level, (rating, low, high) in levels.items():
            fixed, sigma = BOT_RATINGS[game][level]
            assert fixed == rating
            assert sigma == pytest.approx((high - low) / 3.92)


def test_a_win_between_newcomers_moves_both_by_the_same_amount() -> None:
    winner, loser = rate([Rating(), Rating()], [1, 2])
    assert winner.mu - START == pytest.approx(START - loser.mu)
    assert winner.mu > START
    assert winner.sigma < Rating().sigma and loser.sigma < Rating().sigma


def test_settled_players_expect_what_elo_expects() -> None:
    """Between settled players a win moves a rating in proportion to the score Elo did
    not expect, 1 - 1 / (1 + 10 ** (-d / 400)): against an equal a half, against one
    200 below about 0.24."""
    settled = 5.0  # uncertainty adds to the scale; settled players have little
    gain_even = rate([Rating(1500, settled), Rating(1500, settled)], [1, 2])[0].mu - 1500
    gain_favoured = rate([Rating(1700, settled), Rating(1500, settled)], [1, 2])[0].mu - 1700
    unexpected = 1 - 1 / (1 + 10 ** (-200 / 400))
    assert gain_favoured / gain_even == pytest.approx(unexpected / 0.5, rel=0.02)


def test_ties_and_several_seats() -> None:
    even = rate([Rating(1500, 60), Rating(1500, 60)], [1, 1])
    assert [r.mu for r in even] == pytest.approx([1500, 1500])
    first, second, third = rate([Rating(), Rating(), Rating()], [1, 2, 2])
    assert first.mu > START > second.mu
    assert second.mu == pytest.approx(third.mu)


def test_bot_levels_and_other_bots() -> None:
    assert bot_level("bot:hard") == bot_level("bot:level=hard") == "hard"
    for spec in ("human", "bot:greedy", "bot:random", "bot:mcts:iters=5", "bot:hard,noise=1"):
        assert bot_level(spec) is None, spec
    assert bot_rating("malefiz", "bot:expert") == Rating(*BOT_RATINGS["malefiz"]["expert"])
    assert bot_rating("malefiz", "bot:greedy") is None
    assert bot_rating("malefiz", "bot:master") is None
    assert Rating(1500, 111).provisional and not Rating(1500, 100).provisional


def test_a_level_that_is_another_bot_at_some_player_counts_is_rated_there() -> None:
    """Every level of ``PLAYER_LEVELS`` has its rating at that count; Widget's expert
    scored 55.3% (50.3-60.0%) with 2 players, 55.9% (51.0-60.7%) with 3 and 54.9%
    (52.4-57.2%) with 4 against the ladder's expert: 37, 41 and 34 Elo more, less sure
    than the ladder's own rating, which the game named without a count keeps."""
    assert {key: set(levels) for key, levels in PLAYER_RATINGS.items()} == {
        key: set(levels) for key, levels in PLAYER_LEVELS.items()
    }
    ladder = Rating(*BOT_RATINGS["widget"]["expert"])
    for players, more in [(2, 37.0), (3, 41.2), (4, 34.2)]:
        network = bot_rating("widget", "bot:expert", players=players)
        assert network is not None and network.mu - ladder.mu == pytest.approx(more, abs=0.5)
        assert network.sigma > ladder.sigma
    assert bot_rating("widget", "bot:expert") == ladder
    assert bot_rating("widget", "bot:hard", 2) == Rating(*BOT_RATINGS["widget"]["hard"])


def test_places_share_a_tie_and_skip_the_next() -> None:
    assert places([[1], [0, 2], [3]], 4) == [2, 1, 2, 4]
    assert places([[0, 1]], 2) == [1, 1]
