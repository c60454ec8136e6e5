"""A Mojave position as JSON and back, checked for the things the rules forbid."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from ...core import InvalidPositionError
from ...core.position import seat_number, whole_number
from .board import EMPTY, Board
from .dice import ORIENTATIONS, orientation_number

if TYPE_CHECKING:
    from .state import MojaveState

DICE_PER_PLAYER: Final = 15
#: The ways a game ends (``MojaveState.termination``): MOJ-8, and our gaps.
NO_DICE: Final = "no dice left"
NO_CAPTURE: Final = "no capture"
TIME_LIMIT: Final = "time limit"


def position_json(state: MojaveState) -> dict[str, Any]:
    """Dice are listed per seat in field order, so equal positions give equal JSON."""
    names = state.board.names
    dice: list[list[dict[str, Any]]] = [[], []]
    for field, seat in enumerate(state.owner):
        if seat != EMPTY:
            o = ORIENTATIONS[state.face[field]]
            dice[seat].append(
                {"field": names[field], "top": o.top, "north": o.north, "east": o.east}
            )
    return {
        "player": state.player,
        "moves": state.moves,
        "quiet_moves": state.quiet,
        "dice": dice,
        "zugzwang": [
            {"die": names[die], "attackers": sorted(names[a] for a in attackers)}
            for die, attackers in sorted(state.zugzwang.items())
        ],
        "termination": state.termination,
        "winner": state.winner,
    }


def load_position(state: MojaveState, position: Mapping[str, Any]) -> None:
    """Set up the empty ``state`` as ``position`` says; ``InvalidPositionError`` for a
    position the rules could not reach."""
    board = state.board
    state.player = seat_number(position["player"], 2, "player")
    state.moves = whole_number(position.get("moves", 0), "moves")
    state.quiet = whole_number(position.get("quiet_moves", 0), "quiet_moves")
    dice = position["dice"]
    if len(dice) != 2:
        raise InvalidPositionError("dice are needed for 2 seats (red, black)")
    for seat, listed in enumerate(dice):
        if len(listed) > DICE_PER_PLAYER:
            raise InvalidPositionError(f"seat {seat} has more than {DICE_PER_PLAYER} dice")
        for die in listed:
            field = _field(board, die["field"])
            if state.owner[field] != EMPTY:
                raise InvalidPositionError(f"two dice on {die['field']} (MOJ-4)")
            faces = (die["top"], die["north"], die["east"])
            try:
                orientation = orientation_number(*faces)
            except KeyError:
                raise InvalidPositionError(
                    f"the die on {die['field']} shows top/north/east {faces}: no "
                    "right-handed die with opposite faces adding up to 7 looks so"
                ) from None
            state.place(field, seat, orientation)
    for entry in position.get("zugzwang", []):
        die = _field(board, entry["die"])
        attackers = frozenset(_field(board, a) for a in entry["attackers"])
        neighbours = board.neighbours[die]
        if (
            state.owner[die] != state.player
            or not attackers
            or any(state.owner[a] != 1 - state.player or a not in neighbours for a in attackers)
        ):
            raise InvalidPositionError(
                "a die in Zugzwang belongs to the player to move, its attackers stand "
                "next to it and belong to the other player (MOJ-7)"
            )
        state.zugzwang[die] = attackers
    if state.zugzwang and not state.has_answer(state.player):
        raise InvalidPositionError(
            "MOJ-7: no die in Zugzwang can flee and none can be supported: such dice "
            "have already left the board"
        )
    termination = position.get("termination")
    if termination not in (None, NO_DICE, NO_CAPTURE, TIME_LIMIT):
        raise InvalidPositionError(f"unknown termination {termination!r}")
    state.termination = termination
    winner = position.get("winner")
    state.winner = None if winner is None else seat_number(winner, 2, "winner")
    if termination is None and (0 in state.dice or winner is not None):
        raise InvalidPositionError("a player without dice has lost: the game is over (MOJ-8)")


def _field(board: Board, name: Any) -> int:
    if not isinstance(name, str) or name.lower() not in board.by_name:
        raise InvalidPositionError(f"no field {name!r} on a board of {board.rows} rows")
    return board.by_name[name.lower()]
