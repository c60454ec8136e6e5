"""``DimenticatoGame``: options, action ids and parsing, the information-set interface,
and the registration."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...core import (
    Game,
    InvalidActionError,
    InvalidOptionError,
    InvalidPositionError,
    option,
    register,
)
from .action_set import ActionSet
from .actions import NO_CAPTURE, TURNS, Choose, Deal, Go, Move, Name, Pass
from .cards import COLOURS, LARGE_CARD_VALUES, ROTATIONS, SMALL_CARDS
from .geometry import Geometry, geometry
from .paths import MAX_VALUE, OPENING_DISTANCES, MoveTables, move_tables
from .phases import DEAL
from .position import load_position
from .recall import Recall
from .state import DimenticatoState

DimenticatoAction = Deal | Choose | Name | Go | Move | Pass


@dataclass(frozen=True)
class DimenticatoOptions:
    players: int = option(4, "number of players (DIM-1)", choices=(2, 3, 4))
    corner_is_turn: bool = option(
        True, "following the lane round a corner counts as one of the two turns (DIM-6)"
    )
    round_limit: int = option(
        200, "after this many rounds the game ends in a draw (bounds every game)"
    )

    def __post_init__(self) -> None:
        if self.round_limit < 1:
            raise InvalidOptionError("option 'round_limit' must be at least 1")


#: Records written before the turns had names say ``rot 0`` to ``rot 3``.
_DEAL = re.compile(rf"^deal card (\d+) (?:({'|'.join(TURNS)})|rot (\d+))$")
_FIGURE = re.compile(r"^figure ([a-z]\d+)$")
_NAME = re.compile(r"^name (-?\d+)$")
_GO = re.compile(r"^go (-?\d+)$")
_MOVE = re.compile(r"^to ([a-z]\d+)(?: push ([a-z]\d+))?$")


@register()
class DimenticatoGame(Game):
    """Dimenticato, 2-4 players (rules DIM-1 to DIM-9): a memory race on a dealt board
    where every figure hides the value it stands on."""

    name = "dimenticato"
    title = "Dimenticato"
    Options = DimenticatoOptions
    min_players = 2
    max_players = 4
    perfect_information = False
    # The log of public events: what a player saw of it is kept per field (``Recall``).
    history_keys = ("log",)

    options: DimenticatoOptions

    def __init__(self, options: DimenticatoOptions) -> None:
        super().__init__(options)
        self.geometry: Geometry = geometry(options.players)
        self.tables: MoveTables = move_tables(options.players, options.corner_is_turn)
        size = self.geometry.size
        self.actions = ActionSet(self.geometry)
        # The action lists under the names agents and adapters read them by.
        self.deals = self.actions.deals
        self.pass_action = self.actions.pass_action
        self.names = self.actions.names
        self.goes = self.actions.goes
        self.choices = self.actions.choices
        self._name_base = len(self.deals) + 1
        self._go_base = self._name_base + MAX_VALUE
        self._choose_base = self._go_base + len(OPENING_DISTANCES)
        self._move_base = self._choose_base + size
        self.turn_limit = options.round_limit * options.players
        #: Values and colours of every field by deal, for positions read from JSON.
        self.boards: dict[tuple[tuple[int, int], ...], tuple[tuple[int, ...], ...]] = {}

    @classmethod
    def option_sets(cls) -> list[dict[str, Any]]:
        # Random naming is right one time in six, so random games never finish; a short
        # round limit ends them in a draw and keeps the suite quick.
        return [
            {"players": players, "corner_is_turn": corner, "round_limit": 5}
            for players in (2, 3, 4)
            for corner in (True, False)
        ]

    def seat_name(self, seat: int) -> str:
        return COLOURS[seat]

    def new_initial_state(self) -> DimenticatoState:
        return DimenticatoState.initial(self)

    def move(self, dest: int, push: int) -> Move:
        """The shared ``Move`` object to ``dest`` (a captured figure to ``push``)."""
        return self.actions.move(dest, push)

    # -- text and ids ------------------------------------------------------------------

    def parse_action(self, text: str) -> DimenticatoAction:
        lowered = " ".join(text.lower().split())
        if lowered == "pass":
            return self.pass_action
        if match := _NAME.match(lowered):
            value = int(match[1])
            if not 1 <= value <= MAX_VALUE:
                raise InvalidActionError(f"DIM-5: a die value is 1 to 6, not {value}")
            return self.names[value - 1]
        if match := _GO.match(lowered):
            distance = int(match[1])
            if distance not in self.goes:
                raise InvalidActionError(f"DIM-4: the first moves go 2, 3, 4 or 5, not {distance}")
            return self.goes[distance]
        if match := _DEAL.match(lowered):
            card = int(match[1])
            rotation = TURNS.index(match[2]) if match[2] else int(match[3])
            if not 1 <= card <= len(SMALL_CARDS):
                raise InvalidActionError(f"DIM-2: the small cards are 1 to 12, not {card}")
            if not 0 <= rotation < ROTATIONS:
                raise InvalidActionError(f"DIM-2: a card lies {', '.join(TURNS)}")
            return self.deals[(card - 1) * ROTATIONS + rotation]
        try:
            if match := _FIGURE.match(lowered):
                return self.choices[self.geometry.field(match[1])]
            if match := _MOVE.match(lowered):
                push = NO_CAPTURE if match[2] is None else self.geometry.field(match[2])
                return self.move(self.geometry.field(match[1]), push)
        except KeyError as error:
            raise InvalidActionError(f"no field {error} on the board") from None
        raise InvalidActionError(
            f"not a Dimenticato action: {text!r} (write e.g. 'figure c5', 'name 4', 'go 3', "
            "'to e5', 'to e5 push b5', 'pass')"
        )

    @property
    def num_distinct_actions(self) -> int:
        return self._move_base + self.geometry.size * (self.geometry.size + 1)

    def action_id(self, action: Any) -> int:
        if isinstance(action, Deal):
            return action.card * ROTATIONS + action.rotation
        if isinstance(action, Pass):
            return len(self.deals)
        if isinstance(action, Name):
            return self._name_base + action.value - 1
        if isinstance(action, Go):
            return self._go_base + OPENING_DISTANCES.index(action.distance)
        if isinstance(action, Choose):
            return self._choose_base + action.field
        if isinstance(action, Move):
            return self._move_base + action.dest * (self.geometry.size + 1) + action.push + 1
        raise InvalidActionError(f"not a Dimenticato action: {action!r}")

    def action_from_id(self, action_id: int) -> DimenticatoAction:
        if not 0 <= action_id < self.num_distinct_actions:
            raise InvalidActionError(f"no Dimenticato action has id {action_id}")
        if action_id < len(self.deals):
            return self.deals[action_id]
        if action_id < self._name_base:
            return self.pass_action
        if action_id < self._go_base:
            return self.names[action_id - self._name_base]
        if action_id < self._choose_base:
            return self.goes[OPENING_DISTANCES[action_id - self._go_base]]
        if action_id < self._move_base:
            return self.choices[action_id - self._choose_base]
        dest, push = divmod(action_id - self._move_base, self.geometry.size + 1)
        return self.move(dest, push - 1)

    @property
    def max_game_length(self) -> int:
        # The deal, then per turn at most: a figure, a value or distance, a destination.
        return len(self.geometry.slots) + self.turn_limit * 3

    def _state_from_position(self, position: Mapping[str, Any]) -> DimenticatoState:
        return load_position(DimenticatoState(self), position)

    # -- information sets (for agents that guess what lies under the figures) ----------

    def action_seen_by(self, action: Any, actor: int, viewer: int | None) -> bool:
        """Nobody is told a name afterwards, its player neither: with the log's right or
        wrong it could tell the covered value again (DIM-5)."""
        return not isinstance(action, Name) and super().action_seen_by(action, actor, viewer)

    def new_recall(self) -> Recall:
        """A player's perfect memory of the values it has seen (``Recall``)."""
        return Recall()

    def prior_counts(self) -> dict[int, float]:
        """How often each value 1-6 lies on a board of this size, on average over the
        deals: the large cards in play and the share of the small cards dealt (DIM-1,
        DIM-2). A player who never saw the whole board can guess by these."""
        counts = dict.fromkeys(range(1, MAX_VALUE + 1), 0.0)
        share = len(self.geometry.slots) / len(SMALL_CARDS)
        for card in SMALL_CARDS:
            for value, _ in card:
                counts[value] += share
        for value in LARGE_CARD_VALUES:
            counts[value] += self.num_players
        return counts

    def hidden_fields(self, observation: Mapping[str, Any]) -> list[str]:
        """The names of the fields whose values are covered in ``observation``."""
        return [name for name, value in observation["values"].items() if value is None]

    def determinize(
        self, observation: Mapping[str, Any], values: Mapping[str, int]
    ) -> DimenticatoState:
        """A full state consistent with ``observation``, with ``values`` (1-6) on its
        covered fields. ``InvalidPositionError`` if a covered field is left out or
        another field is given, or the board is still being dealt."""
        hidden = self.hidden_fields(observation)
        if set(values) != set(hidden):
            missing = sorted(set(hidden) - set(values))
            extra = sorted(set(values) - set(hidden))
            raise InvalidPositionError(
                f"values are needed for exactly the covered fields (missing {missing}, "
                f"not covered {extra})"
            )
        if observation["phase"] == DEAL:
            raise InvalidPositionError("DIM-2: the board is still being dealt")
        position = {
            key: observation[key]
            for key in (
                "phase",
                "player",
                "turns",
                "winner",
                "figures",
                "opening",
                "chosen",
                "steps",
                "colours",
                "log",
            )
        }
        position["values"] = {
            name: values[name] if value is None else value
            for name, value in observation["values"].items()
        }
        state = self.state_from_json(position)
        assert isinstance(state, DimenticatoState)
        return state
