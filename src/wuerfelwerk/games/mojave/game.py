"""``MojaveGame``: options, action text and ids, and the registration."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from ...core import Game, InvalidActionError, InvalidOptionError, option, register
from .actions import PASS, Move, Pass
from .board import Board, board_for
from .dice import DIRECTION_NAMES, OFFSETS, opposite
from .fields import COLUMNS, path_text
from .paths import MAX_STEPS
from .position import DICE_PER_PLAYER, load_position
from .state import NO_CAPTURE_LIMIT, MojaveState

MIN_ROWS, MAX_ROWS = 12, 40
_FIELD = re.compile(r"^[a-z]\d+$")


@dataclass(frozen=True)
class MojaveOptions:
    players: int = option(2, "number of players (MOJ-1)", choices=(2,))
    rows: int = option(16, f"rows of the board, {MIN_ROWS}-{MAX_ROWS}; always 15 columns")
    time_limit_moves: int | None = option(
        None, "end after this many moves: more dice left wins (MOJ-8 variant)"
    )

    def __post_init__(self) -> None:
        if not MIN_ROWS <= self.rows <= MAX_ROWS:
            raise InvalidOptionError(f"option 'rows' must lie in {MIN_ROWS}-{MAX_ROWS}")
        if self.time_limit_moves is not None and self.time_limit_moves < 1:
            raise InvalidOptionError("option 'time_limit_moves' must be at least 1")


@register("wuerfelstrategie")
class MojaveGame(Game):
    """Würfel Strategie (Mojave): two players, 15 dice each (rules MOJ-1 to MOJ-8)."""

    name = "mojave"
    title = "Würfel Strategie (Mojave)"
    Options = MojaveOptions
    min_players = 2
    max_players = 2
    has_chance = False

    options: MojaveOptions

    def __init__(self, options: MojaveOptions) -> None:
        super().__init__(options)
        self.board: Board = board_for(options.rows)

    @classmethod
    def option_sets(cls) -> list[dict[str, Any]]:
        # A random game runs to its end only slowly, so the sets cut games short with the
        # time limit; the plain 200-move ending is covered by the scenario tests.
        return [
            {"time_limit_moves": 40},
            {"rows": 12, "time_limit_moves": 60},
            {"rows": 20, "time_limit_moves": 25},
        ]

    def seat_name(self, seat: int) -> str:
        return ("red", "black")[seat]

    def new_initial_state(self) -> MojaveState:
        return MojaveState.initial(self)

    # -- text and ids ------------------------------------------------------------------

    def parse_action(self, text: str) -> Move | Pass:
        """``pass``, ``c3-c7`` (straight) or ``c3-c6-e6`` (start, corner, end). Fields in
        a straight line may be listed on the way (``c3-c5-c7``)."""
        cleaned = "".join(text.lower().split())
        if cleaned == "pass":
            return PASS
        move = self.board.by_text.get(cleaned)
        if move is not None:
            return move
        return self.board.by_text[self._canonical(text, cleaned.split("-"))]

    def _canonical(self, text: str, names: list[str]) -> str:
        """The path's usual text, or ``InvalidActionError`` naming the rule it breaks."""
        if len(names) < 2 or not all(_FIELD.match(n) for n in names):
            raise InvalidActionError(
                f"not a Mojave move: {text!r} (write the path: c3-c7, or c3-c6-e6 with "
                "the corner; or pass)"
            )
        fields = []
        for name in names:
            if name not in self.board.by_name:
                raise InvalidActionError(
                    f"no field {name} on a board of {COLUMNS} columns and {self.board.rows} rows"
                )
            fields.append(self.board.by_name[name])
        legs: list[tuple[int, int]] = []  # (direction, fields), collinear legs merged
        for start, end in pairwise(fields):
            direction, steps = self._leg(start, end)
            if legs and legs[-1][0] == direction:
                legs[-1] = (direction, legs[-1][1] + steps)
            elif legs and legs[-1][0] == opposite(direction):
                raise InvalidActionError(f"MOJ-3: {text} turns back ({DIRECTION_NAMES[direction]})")
            else:
                legs.append((direction, steps))
        if len(legs) > 2:
            raise InvalidActionError(f"MOJ-3: {text} turns {len(legs) - 1} times; at most once")
        length = sum(steps for _, steps in legs)
        if length > MAX_STEPS:
            raise InvalidActionError(
                f"MOJ-2: {text} is {length} fields long; a die shows at most {MAX_STEPS}"
            )
        return path_text(fields[0], legs)

    def _leg(self, start: int, end: int) -> tuple[int, int]:
        dx = end % COLUMNS - start % COLUMNS
        dy = end // COLUMNS - start // COLUMNS
        names = self.board.names
        if dx and dy:
            corners = (
                start % COLUMNS + end - end % COLUMNS,
                end % COLUMNS + start - start % COLUMNS,
            )
            ways = " or ".join(f"{names[start]}-{names[c]}-{names[end]}" for c in corners)
            raise InvalidActionError(
                f"MOJ-3: {names[start]} to {names[end]} is not along a row or column; name "
                f"the corner ({ways})"
            )
        if not dx and not dy:
            raise InvalidActionError(f"MOJ-2: {names[start]}-{names[end]} does not move")
        steps = abs(dx) + abs(dy)
        unit = (dx // steps, dy // steps)
        return OFFSETS.index(unit), steps

    @property
    def num_distinct_actions(self) -> int:
        return len(self.board.moves) + 1

    def action_id(self, action: Any) -> int:
        if isinstance(action, Pass):
            return 0
        if isinstance(action, Move):
            return action.index
        raise InvalidActionError(f"not a Mojave action: {action!r}")

    def action_from_id(self, action_id: int) -> Move | Pass:
        if not 0 <= action_id < self.num_distinct_actions:
            raise InvalidActionError(f"no Mojave action has id {action_id}")
        return self.board.moves[action_id - 1] if action_id else PASS

    @property
    def max_game_length(self) -> int:
        # Every stretch of NO_CAPTURE_LIMIT moves throws a die, and there are 30 of them.
        bound = NO_CAPTURE_LIMIT * (2 * DICE_PER_PLAYER + 1)
        limit = self.options.time_limit_moves
        return bound if limit is None else min(bound, limit)

    def _state_from_position(self, position: Mapping[str, Any]) -> MojaveState:
        state = MojaveState(self)
        load_position(state, position)
        return state
