"""``WidgetGame``: options, the action table (ids and text), and the registration."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...core import Action, Game, InvalidActionError, InvalidOptionError, option, register
from .actions import Roll
from .board import BLUE, COLOURS, FACE_NAMES, GREEN, RED, load_board
from .position import load_position
from .state import WidgetState
from .tables import Tables

#: The colours in play, by number of players (ours: two players sit opposite).
SEAT_COLOURS = {2: (RED, GREEN), 3: (RED, BLUE, GREEN), 4: tuple(COLOURS)}


@dataclass(frozen=True)
class WidgetOptions:
    players: int = option(4, "number of players (WID-1)", choices=(2, 3, 4))
    black_also_moves: bool = option(
        False, "black with a colour: the colour die also moves a figure (WID-6, ours)"
    )
    play_for_places: bool = option(
        False, "play on after the winner until every place is decided (WID-10)"
    )
    round_limit: int = option(
        300, "the game ends after this many rolls per player, pairs included (bounds every game)"
    )

    def __post_init__(self) -> None:
        if self.round_limit < 1:
            raise InvalidOptionError("option 'round_limit' must be at least 1")


@register()
class WidgetGame(Game):
    """Widget – Das große Würfel-Spiel, 2-4 players (rules WID-1 to WID-10)."""

    name = "widget"
    title = "Widget – Das große Würfel-Spiel"
    Options = WidgetOptions
    min_players = 2
    max_players = 4

    options: WidgetOptions

    def __init__(self, options: WidgetOptions) -> None:
        super().__init__(options)
        self.board = load_board()
        self.seat_colours: tuple[int, ...] = SEAT_COLOURS[options.players]
        self.roll_bound = options.round_limit * options.players
        #: What the states read on every step (the shared actions among them).
        self.tables = Tables(
            self.board,
            self.seat_colours,
            options.black_also_moves,
            options.play_for_places,
            self.roll_bound,
        )
        self.actions = self.tables.actions
        self._ids = {action: i for i, action in enumerate(self.actions)}
        self._by_text = {str(action): action for action in self.actions}

    @classmethod
    def option_sets(cls) -> list[dict[str, Any]]:
        # The first set plays to the winner in most games; the others are cut short by
        # a low round limit, which exercises that ending and keeps the suite quick.
        return [
            {"players": 2, "round_limit": 60},
            {"players": 2, "black_also_moves": True, "round_limit": 8},
            {"players": 3, "play_for_places": True, "round_limit": 6},
            {"players": 3, "black_also_moves": True, "round_limit": 6},
            {"players": 4, "round_limit": 5},
            {"players": 4, "black_also_moves": True, "play_for_places": True, "round_limit": 5},
        ]

    def seat_name(self, seat: int) -> str:
        return FACE_NAMES[self.seat_colours[seat]]

    def new_initial_state(self) -> WidgetState:
        return WidgetState(self)

    def roll_of(self, a: int, b: int) -> Roll:
        """The chance outcome for a roll of faces ``a`` and ``b``, in either order."""
        return self.tables.roll_of(a, b)

    # -- text and ids --------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        words = text.lower().split()
        if len(words) == 3 and words[0] == "roll" and all(w in FACE_NAMES for w in words[1:]):
            return self.roll_of(FACE_NAMES.index(words[1]), FACE_NAMES.index(words[2]))
        action = self._by_text.get(" ".join(words))
        if action is None:
            raise InvalidActionError(
                f"not a Widget action: {text!r} (write e.g. 'red 7', 'white 7 as blue', "
                "'white connect', 'villain 23', 'villain stays', 'throw blue 23', 'pass')"
            )
        return action

    @property
    def num_distinct_actions(self) -> int:
        return len(self.actions)

    def action_id(self, action: Action) -> int:
        try:
            return self._ids[action]
        except KeyError:
            raise InvalidActionError(f"not a Widget action: {action!r}") from None

    def action_from_id(self, action_id: int) -> Action:
        if not 0 <= action_id < len(self.actions):
            raise InvalidActionError(f"no Widget action has id {action_id}")
        return self.actions[action_id]

    @property
    def max_game_length(self) -> int:
        # Per roll at most: the roll and one decision for each of the two dice.
        return 3 * self.roll_bound

    def _state_from_position(self, position: Mapping[str, Any]) -> WidgetState:
        state = WidgetState(self)
        load_position(state, position)
        return state
