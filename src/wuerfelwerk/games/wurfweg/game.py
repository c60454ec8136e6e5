"""``WurfWegGame``: options, action ids and parsing, and the registration."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...core import Action, Game, InvalidActionError, InvalidOptionError, option, register
from .actions import TARGETS, Draw, Lucky, Place, Roll, Throw, seat_label
from .coasters import CALM_ROLLS, DICE_PER_PLAYER, CoasterSet, load_coasters
from .position import read_position
from .state import WurfWegState


@dataclass(frozen=True)
class WurfWegOptions:
    players: int = option(4, "number of players (WUW-1)", choices=(2, 3, 4, 5, 6))
    until_pile_empty: bool = option(
        False, "variant (WUW-10): play until the pile is empty; most coasters wins"
    )
    roll_limit: int = option(
        100, "race rolls per player and round; then that player may only place (bounds every game)"
    )
    round_limit: int = option(
        100, "after this many rounds the game ends, most coasters first (bounds every game)"
    )

    def __post_init__(self) -> None:
        for name in ("roll_limit", "round_limit"):
            if getattr(self, name) < 1:
                raise InvalidOptionError(f"option {name!r} must be at least 1")


_ROLL = re.compile(r"^p(\d)\s+roll$")
_PLACE = re.compile(r"^p(\d)\s+place\s+([a-z]+)\s+(tray|left|right)$")
_THROW = re.compile(r"^p(\d)\s+throws\s+([a-z]+)$")
_LUCKY = re.compile(r"^lucky\s+([a-z]+)$")
_DRAW = re.compile(r"^p(\d)\s+draws\s+([a-z]+-[a-z]+)$")


@register("wurf-und-weg")
class WurfWegGame(Game):
    """Wurf & Weg, 2-6 players at the same time (rules WUW-1 to WUW-10)."""

    name = "wurfweg"
    title = "Wurf & Weg"
    Options = WurfWegOptions
    min_players = 2
    max_players = 6
    simultaneous = True
    rules_file = "wurf-und-weg.md"

    options: WurfWegOptions

    def __init__(self, options: WurfWegOptions) -> None:
        super().__init__(options)
        self.coasters: CoasterSet = load_coasters()
        symbols = self.coasters.symbols
        # Names by number, ending in None so that "no symbol/coaster" (-1) reads as null.
        self.symbol_names: tuple[str | None, ...] = (*symbols, None)
        self.coaster_names: tuple[str | None, ...] = (
            *(c.name for c in self.coasters.coasters),
            None,
        )
        seats = [seat_label(seat) for seat in range(self.num_players)]
        # One shared object per action: legal actions are looked up, never built.
        self.rolls = [Roll(seat) for seat in range(self.num_players)]
        self.places = [
            [
                [Place(seat, s, t, f"{label} place {symbols[s]} {TARGETS[t]}") for t in range(3)]
                for s in range(len(symbols))
            ]
            for seat, label in enumerate(seats)
        ]
        self.throws = [
            [Throw(seat, s, f"{label} throws {symbols[s]}") for s in range(len(symbols))]
            for seat, label in enumerate(seats)
        ]
        self.luckies = [Lucky(s, f"lucky {symbols[s]}") for s in range(len(symbols))]
        # Every side of a die is as likely (WUW-1): the outcomes with their odds.
        side = 1 / len(symbols)
        self.throw_odds = [tuple((throw, side) for throw in seat) for seat in self.throws]
        self.lucky_odds = tuple((lucky, side) for lucky in self.luckies)
        self.draws = [
            [Draw(seat, c.number, f"{label} draws {c.name}") for c in self.coasters.coasters]
            for seat, label in enumerate(seats)
        ]
        self._ids: list[Action] = [
            *self.rolls,
            *(p for seat in self.places for row in seat for p in row),
            *(t for seat in self.throws for t in seat),
            *self.luckies,
            *(d for seat in self.draws for d in seat),
        ]
        self._id_of = {action: index for index, action in enumerate(self._ids)}
        self._by_text = {str(action): action for action in self._ids}

    @classmethod
    def option_sets(cls) -> list[dict[str, Any]]:
        # Every check of the conformance suite costs more per seat, so the larger tables
        # are cut short by the limits: that also exercises both limit endings.
        return [
            {"players": 2},
            {"players": 3, "until_pile_empty": True, "round_limit": 3},
            {"players": 4, "round_limit": 2},
            {"players": 5, "until_pile_empty": True, "round_limit": 1},
            {"players": 6, "roll_limit": 3, "round_limit": 2},
        ]

    def seat_name(self, seat: int) -> str:
        return seat_label(seat)

    def new_initial_state(self) -> WurfWegState:
        return WurfWegState(self)

    # -- text and ids ------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        words = " ".join(text.lower().split())
        known = self._by_text.get(words)
        if known is not None:
            return known
        try:
            if match := _ROLL.match(words):
                return self.rolls[self._seat(match[1])]
            if match := _PLACE.match(words):
                seat = self._seat(match[1])
                return self.places[seat][self.coasters.symbol(match[2])][TARGETS.index(match[3])]
            if match := _THROW.match(words):
                return self.throws[self._seat(match[1])][self.coasters.symbol(match[2])]
            if match := _LUCKY.match(words):
                return self.luckies[self.coasters.symbol(match[1])]
            if match := _DRAW.match(words):
                return self.draws[self._seat(match[1])][self.coasters.coaster(match[2]).number]
        except KeyError as error:
            raise InvalidActionError(
                f"no symbol or coaster {error} (symbols: {', '.join(self.coasters.symbols)})"
            ) from None
        raise InvalidActionError(
            f"not a Wurf & Weg action: {text!r} (write e.g. 'p1 roll', 'p2 place pig left', "
            "'p3 place cat tray')"
        )

    def _seat(self, digit: str) -> int:
        seat = int(digit) - 1
        if not 0 <= seat < self.num_players:
            raise InvalidActionError(f"no seat p{digit} among {self.num_players} players")
        return seat

    @property
    def num_distinct_actions(self) -> int:
        return len(self._ids)

    def action_id(self, action: Action) -> int:
        try:
            return self._id_of[action]
        except (KeyError, TypeError):
            raise InvalidActionError(f"not a Wurf & Weg action: {action!r}") from None

    def action_from_id(self, action_id: int) -> Action:
        if not 0 <= action_id < len(self._ids):
            raise InvalidActionError(f"no Wurf & Weg action has id {action_id}")
        return self._ids[action_id]

    @property
    def max_game_length(self) -> int:
        """Per round: the draws and the yellow die, then per seat at most ``roll_limit``
        race rolls and 3 calm rolls; each roll throws at most every die in play, and
        each die thrown is placed at most once."""
        dice = DICE_PER_PLAYER * self.num_players
        rolls = self.num_players * (self.options.roll_limit + CALM_ROLLS)
        per_round = self.num_players + 1 + rolls * (1 + 2 * dice)
        return self.options.round_limit * per_round

    def _state_from_position(self, position: Mapping[str, Any]) -> WurfWegState:
        return read_position(WurfWegState(self), position)
