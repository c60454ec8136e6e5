"""A Widget position as JSON and back, checked for the things the rules forbid."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core import InvalidPositionError
from ...core.position import seat_number, whole_number
from .board import CONNECT, FACE_NAMES, FIGURES, PLACE_NAMES, RING, SHIP

if TYPE_CHECKING:
    from .state import WidgetState

PHASES = ("roll", "decide", "over")


def position_json(state: WidgetState) -> dict[str, Any]:
    """Figures are listed sorted by place, so equal positions give equal JSON."""
    player_figures = state.figures[state.player]
    moved = sorted(place for index, place in enumerate(player_figures) if state.moved >> index & 1)
    roll = state.roll
    return {
        "phase": state.phase,
        "player": state.player,
        "roll": None if roll is None else [FACE_NAMES[roll.first], FACE_NAMES[roll.second]],
        "dice_left": sorted(FACE_NAMES[die] for die in state.left),
        "moved": [PLACE_NAMES[place] for place in moved],
        "figures": [[PLACE_NAMES[place] for place in sorted(f)] for f in state.figures],
        "villain": PLACE_NAMES[state.villain],
        "finished": list(state.finished),
        "rolls": state.rolls,
    }


def load_position(state: WidgetState, position: Mapping[str, Any]) -> None:
    """Fill a fresh ``state`` from ``position`` (the JSON of ``position_json``)."""
    game = state.game
    players = game.num_players
    phase = position["phase"]
    if phase not in PHASES:
        raise InvalidPositionError(f"unknown phase {phase!r} (phases: {', '.join(PHASES)})")
    state.player = seat_number(position["player"], players, "player")
    state.enter(phase)
    state.rolls = whole_number(position.get("rolls", 0), "rolls")
    figures = position["figures"]
    if len(figures) != players:
        raise InvalidPositionError(f"figures are needed for {players} seats")
    state.figures = [[_place(name) for name in seat] for seat in figures]
    villain = _place(position.get("villain", "ship"))
    if villain == CONNECT:
        raise InvalidPositionError("the villain never enters the connecting field (WID-6)")
    state.villain = villain
    state.finished = [seat_number(seat, players, "finished seat") for seat in position["finished"]]
    _load_roll(state, position)
    _mark_moved(state, [_place(name) for name in position.get("moved", [])])
    _check_and_mark(state)


def _load_roll(state: WidgetState, position: Mapping[str, Any]) -> None:
    roll = position.get("roll")
    left = sorted(_face(name) for name in position.get("dice_left", []))
    if state.phase != "decide":
        if left:
            raise InvalidPositionError("dice are left only while the player decides")
        if roll is not None and state.phase == "roll":
            raise InvalidPositionError("the dice of a position waiting for the roll are not set")
        state.roll = None if roll is None else state.game.roll_of(_face(roll[0]), _face(roll[1]))
        state.left = []
        return
    if not isinstance(roll, list) or len(roll) != 2:
        raise InvalidPositionError("a position where the player decides needs the roll")
    state.roll = state.game.roll_of(_face(roll[0]), _face(roll[1]))
    allowed = Counter(state.roll.dice_to_decide(state.game.options.black_also_moves))
    if not left or Counter(left) - allowed:
        raise InvalidPositionError(
            f"dice left {position.get('dice_left')} do not fit the roll {roll}"
        )
    state.left = left


def _mark_moved(state: WidgetState, moved: list[int]) -> None:
    if state.phase != "decide" and moved:
        raise InvalidPositionError("figures count as moved only while the player decides")
    if len(moved) > 2:
        raise InvalidPositionError("at most two figures move per roll (WID-2)")
    figures = state.figures[state.player]
    state.moved = 0
    for place in moved:
        index = next(
            (i for i, p in enumerate(figures) if p == place and not state.moved >> i & 1), None
        )
        if index is None:
            raise InvalidPositionError(f"no figure of the player moved to {PLACE_NAMES[place]}")
        state.moved |= 1 << index


def _check_and_mark(state: WidgetState) -> None:
    board = state.board
    for seat, figures in enumerate(state.figures):
        if len(figures) != FIGURES:
            raise InvalidPositionError(
                f"seat {seat} needs {FIGURES} figures, not {len(figures)} (WID-1)"
            )
        for place in figures:
            if place >= RING or board.is_start[place]:
                continue
            if state.occupant[place] >= 0:
                raise InvalidPositionError(f"two figures on field {place} (WID-3)")
            state.occupant[place] = seat
        home = all(place == SHIP for place in figures)
        if home != (seat in state.finished):
            raise InvalidPositionError(
                f"seat {seat}: the finished seats are those with 3 figures in the ship (WID-10)"
            )
    if len(set(state.finished)) != len(state.finished):
        raise InvalidPositionError("a seat finishes only once (WID-10)")
    if state.phase != "over" and state.player in state.finished:
        raise InvalidPositionError("a seat that has finished takes no more turns (WID-10)")
    places = state.game.options.play_for_places
    if state.phase != "over" and state.finished and not places:
        raise InvalidPositionError("the game ends when the first player finishes (WID-10)")


def _place(name: Any) -> int:
    if name not in PLACE_NAMES:
        raise InvalidPositionError(f"no place {name!r} (fields 0-51, connect, ship)")
    return PLACE_NAMES.index(name)


def _face(name: Any) -> int:
    if name not in FACE_NAMES:
        raise InvalidPositionError(f"no die face {name!r} ({', '.join(FACE_NAMES)})")
    return FACE_NAMES.index(name)
