"""``MalefizGame``: options, action ids and parsing, and the registration."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...core import Action, Game, InvalidActionError, InvalidOptionError, option, register
from .actions import HOUSE, Move, Pass, PlaceBarricade, Roll
from .board import BOARD_NAMES, MAX_DIE, Board, load_board
from .reach import ReachTable
from .state import MalefizState


@dataclass(frozen=True)
class MalefizOptions:
    players: int = option(4, "number of players (MAL-1)", choices=(2, 3, 4))
    board: str = option("quick", "quick edition board or the classic 1960 board", BOARD_NAMES)
    capture_own: bool = option(
        True, "landing on an own figure captures it (MAL-7, literal reading)"
    )
    round_limit: int = option(
        500, "after this many rounds the game ends in a draw (bounds every game)"
    )

    def __post_init__(self) -> None:
        if self.round_limit < 1:
            raise InvalidOptionError("option 'round_limit' must be at least 1")


_MOVE = re.compile(r"^\s*(start|[a-z]\d+)\s*-\s*([a-z]\d+|goal)\s*$")
_PLACE = re.compile(r"^\s*barricade\s+([a-z]\d+)\s*$")
_ROLL = re.compile(r"^\s*roll\s+(\d)\s*$")


@register()
class MalefizGame(Game):
    """Malefiz on the quick or classic board, 2-4 players (rules MAL-1 to MAL-11)."""

    name = "malefiz"
    title = "Malefiz"
    Options = MalefizOptions
    min_players = 2
    max_players = 4

    options: MalefizOptions

    def __init__(self, options: MalefizOptions) -> None:
        super().__init__(options)
        self.board: Board = load_board(options.board)
        board = self.board
        size = board.size
        names = board.names
        self.rolls = [Roll(value) for value in range(1, MAX_DIE + 1)]
        self.roll_odds: list[tuple[Action, float]] = [(roll, 1 / MAX_DIE) for roll in self.rolls]
        self.pass_action = Pass()
        # One shared object per action: legal moves are looked up, never built.
        self.moves = [
            [
                Move(origin, dest, f"{'start' if origin == HOUSE else names[origin]}-{names[dest]}")
                for dest in range(size)
            ]
            for origin in range(-1, size)
        ]
        self.placements = [PlaceBarricade(f, f"barricade {names[f]}") for f in range(size)]
        self._move_base = MAX_DIE + 1
        self._place_base = self._move_base + (size + 1) * size
        self.houses = board.houses_for_players[options.players]
        #: The round limit counted in turns.
        self.turn_limit = options.round_limit * options.players
        # reach[seat][die][origin + 1]: the table from a field, or (index 0) the seat's house.
        barriers = board.placeable_mask | board.barricade_start_mask
        fields = [
            [
                ReachTable(board.paths[origin][die], self.moves[origin + 1], barriers)
                for origin in range(size)
            ]
            for die in range(MAX_DIE + 1)
        ]
        self.reach: list[list[list[ReachTable]]] = [
            [
                [ReachTable(board.house_paths[house][die], self.moves[0], barriers), *fields[die]]
                for die in range(MAX_DIE + 1)
            ]
            for house in self.houses
        ]

    @classmethod
    def option_sets(cls) -> list[dict[str, Any]]:
        # Random play rarely finishes on the classic board, so most sets cut the game
        # short: that exercises the round-limit ending and keeps the suite quick.
        return [
            {"players": 2, "board": "quick"},
            {"players": 2, "board": "classic", "round_limit": 150},
            *(
                {"players": players, "board": board, "capture_own": capture_own, "round_limit": 60}
                for board in BOARD_NAMES
                for players in (2, 3, 4)
                for capture_own in (True, False)
            ),
        ]

    def seat_name(self, seat: int) -> str:
        return self.board.houses[self.houses[seat]].colour

    def new_initial_state(self) -> MalefizState:
        return MalefizState(self)

    def move(self, origin: int, dest: int) -> Move:
        return self.moves[origin + 1][dest]

    # -- text and ids ------------------------------------------------------------------

    def parse_action(self, text: str) -> Move | PlaceBarricade | Roll | Pass:
        lowered = text.lower()
        if lowered.strip() == "pass":
            return self.pass_action
        try:
            if match := _MOVE.match(lowered):
                origin = HOUSE if match[1] == "start" else self.board.field(match[1])
                return self.move(origin, self.board.field(match[2]))
            if match := _PLACE.match(lowered):
                return self.placements[self.board.field(match[1])]
        except KeyError as error:
            raise InvalidActionError(f"no field {error} on the {self.board.name} board") from None
        if (match := _ROLL.match(lowered)) and 1 <= int(match[1]) <= MAX_DIE:
            return self.rolls[int(match[1]) - 1]
        raise InvalidActionError(
            f"not a Malefiz action: {text!r} (write e.g. 'start-e3', 'e3-f5', "
            "'barricade d7', 'pass')"
        )

    @property
    def num_distinct_actions(self) -> int:
        return self._place_base + self.board.size

    def action_id(self, action: Any) -> int:
        if isinstance(action, Roll):
            return action.value - 1
        if isinstance(action, Pass):
            return MAX_DIE
        if isinstance(action, Move):
            return self._move_base + (action.origin + 1) * self.board.size + action.dest
        if isinstance(action, PlaceBarricade):
            return self._place_base + action.field
        raise InvalidActionError(f"not a Malefiz action: {action!r}")

    def action_from_id(self, action_id: int) -> Move | PlaceBarricade | Roll | Pass:
        if not 0 <= action_id < self.num_distinct_actions:
            raise InvalidActionError(f"no Malefiz action has id {action_id}")
        if action_id < MAX_DIE:
            return self.rolls[action_id]
        if action_id == MAX_DIE:
            return self.pass_action
        if action_id < self._place_base:
            origin, dest = divmod(action_id - self._move_base, self.board.size)
            return self.moves[origin][dest]
        return self.placements[action_id - self._place_base]

    @property
    def max_game_length(self) -> int:
        # Per turn at most: a roll, a move, a barricade placement.
        return int(self.options.round_limit) * self.num_players * 3

    def _state_from_position(self, position: Mapping[str, Any]) -> MalefizState:
        return MalefizState.from_position(self, position)
