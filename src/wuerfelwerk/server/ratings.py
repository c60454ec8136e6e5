"""Ratings per game: openskill's Bradley-Terry model on the Elo scale, bots fixed.

Every player has a rating ``mu`` and an uncertainty ``sigma`` per game; a new player
starts at 1500 ± 350. ``beta`` is chosen so that between two settled players the model
expects what Elo expects (``1 / (1 + 10 ** (-difference / 400))``), the same scale as the
arena's ladders in docs/bots.md. A game of any number of seats (ties too) updates every
person at once. Bot levels keep the ratings the arena measured (``BOT_RATINGS``: the
rating and, as its uncertainty, the standard error of the fit), so a rated game against
a bot level moves only the people's ratings.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from openskill.models import BradleyTerryFull

from ..agents import parse_spec
from ..agents.spec import BOT, LEVEL
from ..core import InvalidAgentSpecError
from .bots import bot_spec

START = 1500.0
START_SIGMA = 350.0
#: Above this uncertainty a rating is provisional (shown with a question mark).
PROVISIONAL_SIGMA = 110.0
#: Elo's logistic scale: 400 points are a factor of ten in the odds.
ELO_SCALE = 400.0 / math.log(10.0)

MODEL = BradleyTerryFull(
    mu=START, sigma=START_SIGMA, beta=ELO_SCALE / math.sqrt(2.0), tau=START_SIGMA / 100.0
)


def _ladder(rating: float, low: float, high: float) -> tuple[float, float]:
    """A ladder's rating with its 95% interval, as rating and standard error."""
    return rating, (high - low) / (2 * 1.96)


#: The arena's ladders (docs/bots.md, "The ladders"): rating and standard error per level.
BOT_RATINGS: dict[str, dict[str, tuple[float, float]]] = {
    "malefiz": {
        "easy": _ladder(1063, 962, 1163),
        "medium": _ladder(1473, 1418, 1528),
        "hard": _ladder(1650, 1594, 1706),
        "expert": _ladder(1773, 1710, 1836),
    },
    "widget": {
        "easy": _ladder(1172, 1097, 1246),
        "medium": _ladder(1439, 1385, 1492),
        "hard": _ladder(1595, 1541, 1650),
        "expert": _ladder(1795, 1727, 1862),
    },
    "mojave": {
        "easy": _ladder(827, 579, 1075),
        "medium": _ladder(1291, 1129, 1452),
        "hard": _ladder(1709, 1548, 1871),
        "expert": _ladder(2173, 1925, 2421),
    },
    "dimenticato": {
        "easy": _ladder(1062, 841, 1283),
        "medium": _ladder(1472, 1342, 1601),
        "hard": _ladder(1616, 1485, 1747),
        "expert": _ladder(1851, 1686, 2015),
    },
    "wurfweg": {
        "easy": _ladder(1028, 954, 1102),
        "medium": _ladder(1388, 1340, 1437),
        "hard": _ladder(1618, 1569, 1667),
        "expert": _ladder(1966, 1893, 2038),
    },
}


def _beat(
    rating: tuple[float, float], score: float, low: float, high: float
) -> tuple[float, float]:
    """The rating of a bot that scored ``score`` (95% interval ``low``-``high``) head to
    head against a bot rated ``rating``: its Elo difference added, and the uncertainties of
    the two combined."""

    def elo(share: float) -> float:
        return 400 * math.log10(share / (1 - share))

    base, sigma = rating
    spread = (elo(high) - elo(low)) / (2 * 1.96)
    return base + elo(score), math.hypot(sigma, spread)


#: Levels that another bot plays at some player counts (``PLAYER_LEVELS`` in
#: agents/levels.py): their ratings there, from the match against the level they
#: replaced (docs/bots.md).
PLAYER_RATINGS: dict[tuple[str, int], dict[str, tuple[float, float]]] = {
    # Widget, 2 players: the network past the next roll won 55.3% (50.3-60.0%) of 400
    # games against the search, the expert of the ladder.
    ("widget", 2): {"expert": _beat(BOT_RATINGS["widget"]["expert"], 0.553, 0.503, 0.600)},
    # Widget, 3 players: the same network scored 55.9% (51.0-60.7%) head to head against
    # the search over 400 games.
    ("widget", 3): {"expert": _beat(BOT_RATINGS["widget"]["expert"], 0.559, 0.510, 0.607)},
    # Widget, 4 players: the same network's seats won 239 of 400 games against the
    # search's (two seats each): 54.9% head to head (52.4-57.2%).
    ("widget", 4): {"expert": _beat(BOT_RATINGS["widget"]["expert"], 0.549, 0.524, 0.572)},
}


@dataclass(frozen=True)
class Rating:
    mu: float = START
    sigma: float = START_SIGMA

    @property
    def provisional(self) -> bool:
        return self.sigma > PROVISIONAL_SIGMA

    @property
    def shown(self) -> int:
        return round(self.mu)


def bot_level(seat_spec: str) -> str | None:
    """The level of a ``bot:<level>`` seat (``bot:hard``, ``bot:level=hard``), else ``None``."""
    spec = bot_spec(seat_spec)
    if spec is None:
        return None
    try:
        parsed = parse_spec(spec)
    except InvalidAgentSpecError:
        return None
    if parsed.name != BOT or set(parsed.params) != {LEVEL}:
        return None
    return parsed.params[LEVEL]


def bot_rating(game: str, seat_spec: str, players: int | None = None) -> Rating | None:
    """The fixed rating of a bot seat, if it is a level the arena rated; ``players``: the
    table's seats, where a level is another bot at some counts (``PLAYER_RATINGS``)."""
    level = bot_level(seat_spec) or ""
    known = PLAYER_RATINGS.get((game, players or 0), {}).get(level)
    known = known or BOT_RATINGS.get(game, {}).get(level)
    return Rating(*known) if known else None


def rate(ratings: list[Rating], places: list[int]) -> list[Rating]:
    """The ratings after a game in which seat ``i`` (rated ``ratings[i]``) took place
    ``places[i]`` (1 is first; equal places are a tie)."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    rated = MODEL.rate(teams, ranks=[float(place) for place in places])
    return [Rating(team[0].mu, team[0].sigma) for team in rated]
