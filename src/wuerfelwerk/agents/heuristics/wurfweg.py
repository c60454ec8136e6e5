"""``bot`` and ``greedy`` for Wurf & Weg: get rid of every matching die, then roll again.

Speed and attention decide the game, so the bot has a pace: mean seconds per roll and
per placement, a relative spread, and a chance to overlook each matching die after a
roll (``bot:roll=1.5,place=0.6,spread=0.3,miss=0.05``). The real-time driver
(``core/realtime.py``) asks ``seconds(action)`` how long an action takes; ``greedy`` is
the same bot at the default pace that never overlooks a match.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass

from ...core import Action, Game, InvalidAgentSpecError, State, derive_seed
from ...games.wurfweg import CoasterSet, Place, Roll, WurfWegGame
from ..registry import register_agent
from ..spec import AgentSpec
from . import register_heuristic


@dataclass(frozen=True)
class Timing:
    """A player's pace: mean seconds per roll and per placement, the relative spread of
    those times (their standard deviation over their mean), and the chance to overlook
    a matching die after a roll."""

    roll: float = 1.5
    place: float = 0.6
    spread: float = 0.3
    miss: float = 0.05

    @classmethod
    def from_spec(cls, spec: AgentSpec) -> Timing:
        """The pace of ``spec``: a level's pace (``level=easy``) or the default, with any
        of ``roll``, ``place``, ``spread`` and ``miss`` given instead."""
        level = spec.params.get("level")
        if level is not None and level not in LEVELS:
            raise InvalidAgentSpecError(f"bot: no level {level!r} (levels: {', '.join(LEVELS)})")
        default = LEVELS[level] if level is not None else cls()
        return cls(
            roll=spec.float_param("roll", default.roll, 0.01, 600.0),
            place=spec.float_param("place", default.place, 0.01, 600.0),
            spread=spec.float_param("spread", default.spread, 0.0, 3.0),
            miss=spec.float_param("miss", default.miss, 0.0, 1.0),
        )

    def seconds(self, mean: float, rng: random.Random) -> float:
        """A log-normal time with this mean and relative spread: never negative, and
        now and then much slower, as people are."""
        if self.spread == 0:
            return mean
        sigma = math.sqrt(math.log1p(self.spread**2))
        return rng.lognormvariate(math.log(mean) - sigma**2 / 2, sigma)


#: Difficulty levels: slower hands and more overlooked matches at the easy end.
LEVELS = {
    "easy": Timing(roll=2.2, place=1.2, miss=0.25),
    "medium": Timing(roll=1.8, place=0.9, miss=0.1),
    "hard": Timing(roll=1.5, place=0.6, miss=0.05),
    "expert": Timing(roll=1.2, place=0.4, miss=0.0),
}


class WurfWegBot:
    """Places every matching die it notices (WUW-4, WUW-5), then rolls (WUW-3)."""

    def __init__(self, coasters: CoasterSet, timing: Timing, seed: int) -> None:
        self.coasters = coasters
        self.timing = timing
        self.rng = random.Random(seed)
        self.clock = random.Random(derive_seed(seed, "clock"))
        self._roll_seen: tuple[int, int, int] | None = None
        self._overlooked: Counter[int] = Counter()

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        view = state.observation(player)
        mine = view["players"][player]
        roll = (view["round"], mine["rolls"], mine["calm_rolls"])
        held = Counter(self.coasters.symbol(name) for name in mine["hand"])
        places = [a for a in legal if isinstance(a, Place)]
        if roll != self._roll_seen:
            # A new roll: each matching die is overlooked with the miss rate, until the
            # next roll.
            self._roll_seen = roll
            self._overlooked = Counter(
                {
                    p.die: sum(self.rng.random() < self.timing.miss for _ in range(held[p.die]))
                    for p in places
                }
            )
        noticed = [p for p in places if held[p.die] > self._overlooked[p.die]]
        if noticed:
            return noticed[0]
        rolls = [a for a in legal if isinstance(a, Roll)]
        return rolls[0] if rolls else legal[0]

    def seconds(self, action: Action) -> float:
        """How long ``action`` takes this player, drawn from the timing model."""
        mean = self.timing.roll if isinstance(action, Roll) else self.timing.place
        return self.timing.seconds(mean, self.clock)


@register_agent("bot", available=lambda game: game.name == "wurfweg")
def make_bot(game: Game, spec: AgentSpec, seed: int) -> WurfWegBot:
    spec.check_keys("level", "roll", "place", "spread", "miss")
    assert isinstance(game, WurfWegGame)
    return WurfWegBot(game.coasters, Timing.from_spec(spec), seed)


@register_heuristic("wurfweg")
def make_greedy(game: Game, spec: AgentSpec, seed: int) -> WurfWegBot:
    spec.check_keys()
    assert isinstance(game, WurfWegGame)
    return WurfWegBot(game.coasters, Timing(miss=0.0), seed)
