"""``MalefizState``: the position and the rules MAL-1 to MAL-11 that move it on."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from ...core import (
    CHANCE,
    Action,
    IllegalActionError,
    InvalidPositionError,
    Outcome,
    State,
)
from ...core.position import seat_number, whole_number
from ...core.state import OVER, turn_in
from .actions import HOUSE, Move, Pass, PlaceBarricade, Roll
from .board import MAX_DIE, fields_of
from .reach import ReachTable

if TYPE_CHECKING:
    from .game import MalefizGame

ROLL: Final = "roll"
MOVE: Final = "move"
PLACE: Final = "place"
EMPTY: Final = -1
#: Random fields drawn for a barricade before the free ones are listed.
_PLACE_TRIES: Final = 64


class MalefizState(State):
    """Figures, barricades, whose turn, the phase of the turn and the die.

    ``figures[seat]`` lists each figure's field (``HOUSE`` while at home);
    ``occupant[field]`` is the seat standing there or ``EMPTY`` (the forest, which holds
    any number, is never marked); ``barricades`` is a bitmask of fields.
    """

    #: Kept in step with ``phase`` (by ``_enter``, and by the hot paths that set both):
    #: read on every step, so not a property.
    current_player: int = CHANCE

    def __init__(self, game: MalefizGame, source: MalefizState | None = None) -> None:
        """MAL-1, MAL-2: every figure at home, barricades on their start fields; or a
        copy of ``source``'s position (``clone``)."""
        super().__init__(source)
        self._game = game
        board = game.board
        self.board = board
        # Read on every move: kept here, where the compiled build reads native fields.
        self.reach: list[list[list[ReachTable]]] = game.reach
        self.capture_own: bool = game.options.capture_own
        if source is None:
            self.phase = ROLL
            self.current_player = CHANCE
            self.player = 0
            self.die = 0
            self.turns = 0
            self.winner: int | None = None
            self.figures: list[list[int]] = [
                [HOUSE] * board.figures_per_player for _ in range(game.num_players)
            ]
            self.occupant = [EMPTY] * board.size
            self.barricades = board.barricade_start_mask
        else:
            self.phase = source.phase
            self.current_player = source.current_player
            self.player = source.player
            self.die = source.die
            self.turns = source.turns
            self.winner = source.winner
            self.figures = [list(f) for f in source.figures]
            self.occupant = list(source.occupant)
            self.barricades = source.barricades

    @property
    def game(self) -> MalefizGame:
        return self._game

    # -- whose turn ----------------------------------------------------------------------

    def _enter(self, phase: str) -> None:
        self.phase = phase
        self.current_player = turn_in(phase, self.player, ROLL)

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return self.game.roll_odds

    # -- legal actions -----------------------------------------------------------------

    def _legal_actions(self, player: int) -> list[Action]:
        if self.phase == PLACE:
            return self._placements()
        moves: list[Action] = list(self.moves_for(self.die))
        return moves or [self.game.pass_action]

    def moves_for(self, die: int) -> list[Move]:
        """The moves of the player to act with ``die`` pips (MAL-3 to MAL-9, MAL-11)."""
        player = self.player
        barricades = self.barricades
        occupant = self.occupant
        board = self.board
        rest_mask = board.rest_mask
        forest = board.forest if board.forest is not None else HOUSE
        capture_own = self.capture_own
        reach = self.reach[player][die]
        moves: list[Move] = []
        from_house = from_forest = False  # figures at home, or in the forest, are one start
        for origin in self.figures[player]:
            if origin == HOUSE:
                if from_house:
                    continue
                from_house = True
            elif origin == forest:
                if from_forest:
                    continue
                from_forest = True
            table = reach[origin + 1]
            # The table's last answer read here, its method only on a miss: the hot path.
            last = table.last
            found = last[1] if last[0] == table.passed & barricades else table.moves(barricades)
            for dest, move in found:
                # MAL-5: figures on the way were jumped; only the one at the end counts.
                standing = occupant[dest]
                if standing != EMPTY and (
                    rest_mask >> dest & 1  # MAL-9: no capture on a rest field
                    or (standing == player and not capture_own)  # MAL-7, option capture_own
                ):
                    continue
                moves.append(move)
        return moves

    def _placements(self) -> list[Action]:
        """MAL-8 with our gaps: not the bottom row, a rest field, the goal, the forest,
        a figure or a barricade."""
        free = self.board.placeable_mask & ~self.barricades
        occupant = self.occupant
        placements = self.game.placements
        return [
            placements[field]
            for field in range(self.board.size)
            if free >> field & 1 and occupant[field] == EMPTY
        ]

    def _explain_illegal(self, action: Action) -> IllegalActionError:
        phase = self.phase
        if phase == ROLL:
            if isinstance(action, Roll):
                return IllegalActionError("MAL-3", f"a die shows 1 to 6, not {action.value!r}")
            return IllegalActionError("MAL-3", f"the die must be rolled first, not {action}")
        if phase == PLACE:
            if not isinstance(action, PlaceBarricade):
                return IllegalActionError("MAL-8", "the barricade just taken must be placed first")
            return self._explain_placement(action.field)
        if isinstance(action, PlaceBarricade):
            return IllegalActionError("MAL-8", "no barricade has been taken this turn")
        if isinstance(action, Pass):
            return IllegalActionError("MAL-6", "a player who can move may not pass")
        if isinstance(action, Move):
            return self._explain_move(action)
        return IllegalActionError("MAL-3", f"the die has been rolled; {action} is not a move")

    def _explain_move(self, move: Move) -> IllegalActionError:
        board = self.board
        if move.origin not in self.figures[self.player]:
            where = "in the house" if move.origin == HOUSE else f"on {board.names[move.origin]}"
            return IllegalActionError("MAL-3", f"no figure of yours stands {where}")
        if move.origin == HOUSE:
            paths = board.house_paths[self.game.houses[self.player]][self.die]
        else:
            paths = board.paths[move.origin][self.die]
        masks = dict(paths).get(move.dest)
        name = board.names[move.dest]
        if masks is None:
            return IllegalActionError(
                "MAL-3", f"{name} is not exactly {self.die} steps away (all pips must be used)"
            )
        if all(mask & self.barricades for mask in masks):
            return IllegalActionError("MAL-8", f"every way to {name} jumps a barricade")
        if board.rest_mask >> move.dest & 1:
            return IllegalActionError("MAL-9", f"the figure on rest field {name} is safe")
        return IllegalActionError("MAL-7", f"capture_own is off: {name} holds your own figure")

    def _explain_placement(self, field: int) -> IllegalActionError:
        board = self.board
        name = board.names[field]
        if board.bottom_mask >> field & 1:
            return IllegalActionError("MAL-8", f"no barricade on the bottom row ({name})")
        if board.rest_mask >> field & 1:
            return IllegalActionError("MAL-9", f"no barricade on rest field {name}")
        if field == board.goal or field == board.forest:
            return IllegalActionError("MAL-8", f"no barricade on the goal or the forest ({name})")
        return IllegalActionError("MAL-8", f"{name} is taken by a figure or a barricade")

    # -- applying ----------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        if self.phase == ROLL:
            self._roll(action.value)  # type: ignore[attr-defined]
        elif isinstance(action, Move):
            self._move(action.origin, action.dest)
        elif isinstance(action, PlaceBarricade):
            self.barricades |= 1 << action.field
            self._next_turn()
        else:
            self._next_turn()

    def apply(self, action: Action) -> None:
        # Every roll of the die is legal at a chance node: no list of outcomes needed.
        # Only a whole number 1-6 takes this way; anything else is refused (MAL-3) or,
        # if it equals a roll, applied as that roll by the core.
        if self.phase == ROLL and type(action) is Roll:
            value = action.value
            if type(value) is int and 1 <= value <= MAX_DIE:
                self._roll(value)
                self._forget_legal()
                return
        super().apply(action)

    def random_playout(self, rng: random.Random, limit: int) -> None:
        """The core's random playout without its bookkeeping: no action lists, no legality
        checks. Dice and choices are drawn uniformly as there; a barricade's field by
        rejection (uniform over the free fields)."""
        draw = rng.random
        board = self.board
        size = board.size
        placeable = board.placeable_mask
        occupant = self.occupant
        steps = 0
        while steps < limit:
            phase = self.phase
            if phase == ROLL:
                self._roll(int(draw() * MAX_DIE) + 1)
            elif phase == MOVE:
                moves = self.moves_for(self.die)
                if moves:
                    move = moves[int(draw() * len(moves))]
                    self._move(move.origin, move.dest)
                else:
                    self._next_turn()  # MAL-6: no move, the turn passes
            elif phase == PLACE:
                free = placeable & ~self.barricades
                for _ in range(_PLACE_TRIES):
                    field = int(draw() * size)
                    if free >> field & 1 and occupant[field] == EMPTY:
                        break
                else:
                    field = rng.choice(self._placements()).field  # type: ignore[attr-defined]
                self.barricades |= 1 << field
                self._next_turn()
            else:
                break
            steps += 1
        self._forget_legal()

    def _roll(self, value: int) -> None:
        if self.turns >= self.game.turn_limit:
            self._enter(OVER)  # the round limit: a draw
            return
        self.turns += 1
        self.die = value
        self.phase = MOVE
        self.current_player = self.player

    def _move(self, origin: int, dest: int) -> None:
        """MAL-7 capture, MAL-8 barricade taken, MAL-10 village, MAL-11 goal."""
        board = self.board
        player = self.player
        figures = self.figures[player]
        figures[figures.index(origin)] = dest
        if origin != HOUSE and origin != board.forest:
            self.occupant[origin] = EMPTY
        if dest == board.goal:
            self.occupant[dest] = player
            self.winner = player
            self._enter(OVER)
            return
        if dest == board.forest:
            self._next_turn()
            return
        victim = self.occupant[dest]
        if victim != EMPTY:
            victim_figures = self.figures[victim]
            victim_figures[victim_figures.index(dest)] = self.sent_back_to(dest)
        self.occupant[dest] = player
        if self.barricades >> dest & 1:
            self.barricades &= ~(1 << dest)
            self._enter(PLACE)
            self.die = 0
            return
        self._next_turn()

    def sent_back_to(self, field: int) -> int:
        """Where a figure captured on ``field`` goes: the forest from the village (MAL-10),
        its house from anywhere else (MAL-7)."""
        board = self.board
        if board.forest is not None and board.village_mask >> field & 1:
            return board.forest
        return HOUSE

    def _next_turn(self) -> None:
        self.player = (self.player + 1) % len(self.figures)
        self.phase = ROLL
        self.current_player = CHANCE
        self.die = 0

    # -- copies, results, views --------------------------------------------------------

    def clone(self) -> MalefizState:
        return MalefizState(self.game, self)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        if self.winner is None:
            return Outcome.draw(self.game.num_players, "round limit")
        return Outcome.win([self.winner], self.game.num_players, "goal reached")

    def observation(self, player: int | None) -> dict[str, Any]:
        """Malefiz has no hidden information: everybody sees the whole position."""
        return {
            "game": self.game.name,
            "board": self.board.name,
            "viewer": player,
            "current_player": self.current_player,
            **self._position_json(),
        }

    def _position_json(self) -> dict[str, Any]:
        names = self.board.names
        return {
            "phase": self.phase,
            "player": self.player,
            "die": self.die or None,
            "turns": self.turns,
            "winner": self.winner,
            "figures": [
                sorted(("start" if f == HOUSE else names[f]) for f in figures)
                for figures in self.figures
            ],
            "barricades": sorted(names[f] for f in fields_of(self.barricades)),
        }

    @classmethod
    def from_position(cls, game: MalefizGame, position: Mapping[str, Any]) -> MalefizState:
        state = cls(game)
        board = state.board
        phase = position["phase"]
        if phase not in (ROLL, MOVE, PLACE, OVER):
            raise InvalidPositionError(f"unknown phase {phase!r}")
        state.player = seat_number(position["player"], game.num_players, "player")
        state._enter(phase)
        state.turns = whole_number(position.get("turns", 0), "turns")
        die = position.get("die")
        if phase == MOVE or (phase == OVER and die is not None):  # the winner's last roll
            if type(die) is not int or not 1 <= die <= MAX_DIE:
                raise InvalidPositionError("a position in the move phase needs a die of 1-6")
            state.die = die
        winner = position.get("winner")
        state.winner = None if winner is None else seat_number(winner, game.num_players, "winner")
        figures = position["figures"]
        if len(figures) != game.num_players:
            raise InvalidPositionError(f"figures are needed for {game.num_players} seats")
        state.figures = [
            [HOUSE if name == "start" else _field(board, name) for name in seat] for seat in figures
        ]
        state.barricades = 0
        for name in position["barricades"]:
            state.barricades |= 1 << _field(board, name)
        state._check_and_mark()
        return state

    def _check_and_mark(self) -> None:
        board = self.board
        expected = board.barricade_start_mask.bit_count() - (self.phase == PLACE)
        if self.barricades.bit_count() != expected:
            raise InvalidPositionError(f"there must be {expected} barricades on the board")
        on_goal = []
        for seat, figures in enumerate(self.figures):
            if len(figures) != board.figures_per_player:
                raise InvalidPositionError(
                    f"seat {seat} needs {board.figures_per_player} figures, not {len(figures)}"
                )
            for field in figures:
                if field == HOUSE or field == board.forest:
                    continue
                if field == board.goal:
                    on_goal.append(seat)
                if self.occupant[field] != EMPTY:
                    raise InvalidPositionError(f"two figures on {board.names[field]} (MAL-7)")
                if self.barricades >> field & 1:
                    raise InvalidPositionError(f"a figure and a barricade on {board.names[field]}")
                self.occupant[field] = seat
        if on_goal != ([self.winner] if self.winner is not None else []):
            raise InvalidPositionError("the winner must be the one figure in the goal (MAL-11)")
        if (self.phase == OVER) != (self.winner is not None) and self.winner is not None:
            raise InvalidPositionError("a figure in the goal ends the game (MAL-11)")
        if self.barricades & ~board.placeable_mask & ~board.barricade_start_mask:
            raise InvalidPositionError("a barricade stands where none may go (MAL-8, MAL-9)")


def _field(board: Any, name: Any) -> int:
    if not isinstance(name, str) or name.lower() not in board.by_name:
        raise InvalidPositionError(f"no field {name!r} on the {board.name} board")
    return int(board.by_name[name.lower()])
