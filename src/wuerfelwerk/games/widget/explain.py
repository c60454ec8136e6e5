"""Why an action is refused: one line naming the rule (WID-2 to WID-9)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Action, IllegalActionError
from .actions import Jump, Move, Pass, Roll, Stay, Throw
from .board import BLACK, CONNECT, FACE_NAMES, PLACE_NAMES, RING, WHITE

if TYPE_CHECKING:
    from .state import WidgetState


def explain_illegal(state: WidgetState, action: Action) -> IllegalActionError:
    if state.phase == "roll":
        if isinstance(action, Roll):
            return IllegalActionError(
                "WID-2",
                f"the two dice show two of {', '.join(FACE_NAMES)} (numbered 0-5, the lower "
                f"first), not {action.first!r} and {action.second!r}",
            )
        return IllegalActionError("WID-2", f"the dice must be rolled first, not {action}")
    if isinstance(action, Roll):
        return IllegalActionError("WID-2", "the dice have been rolled: decide for each die")
    if isinstance(action, Pass):
        return IllegalActionError(
            "WID-2", f"a die that can be used must be used ({_dice_left(state)} left)"
        )
    if isinstance(action, Move):
        return _explain_move(state, action)
    if BLACK not in state.left:
        return IllegalActionError("WID-6", "the villain moves only on a black die")
    assert state.roll is not None
    other = state.roll.first
    if isinstance(action, Throw):
        return _explain_throw(state, action, other)
    if isinstance(action, Jump):
        return _explain_jump(state, action, other)
    if isinstance(action, Stay):  # refused only where a figure can be thrown
        return IllegalActionError(
            "WID-7",
            "black and white: the villain must throw a foreign figure where one can be "
            "thrown ('throw COLOUR FIELD')",
        )
    return IllegalActionError("WID-2", f"{action} is not a Widget decision")


def _dice_left(state: WidgetState) -> str:
    return " and ".join(FACE_NAMES[die] for die in state.left) or "no dice"


def _explain_move(state: WidgetState, move: Move) -> IllegalActionError:
    if move.die not in state.left:
        return _explain_missing_die(state, move)
    origin = PLACE_NAMES[move.origin]
    places = state.figures[state.player]
    if move.origin not in places:
        return IllegalActionError("WID-2", f"no figure of yours stands on {origin}")
    if move.origin == CONNECT and move.die != WHITE:
        return IllegalActionError(
            "WID-9", "a figure on the connecting field enters the spaceship only with a white die"
        )
    return IllegalActionError(
        "WID-2",
        f"the figure on {origin} has moved already; a figure moves twice only after a pair",
    )


def _explain_missing_die(state: WidgetState, move: Move) -> IllegalActionError:
    die = FACE_NAMES[move.die]
    roll = state.roll
    assert roll is not None
    if roll.second == BLACK and move.die == roll.first:
        if move.die == WHITE:
            return IllegalActionError(
                "WID-7", "black and white throw a figure; the white die moves nobody"
            )
        return IllegalActionError(
            "WID-6",
            f"black and {die}: the villain's jump uses both dice "
            "(unless the option black_also_moves is on)",
        )
    if move.die == WHITE and move.origin == CONNECT:
        return IllegalActionError(
            "WID-9", f"the spaceship is entered only with a white die ({_dice_left(state)} left)"
        )
    if move.die == WHITE:
        return IllegalActionError(
            "WID-5",
            f"{FACE_NAMES[move.colour]} can be chosen only with a white die "
            f"({_dice_left(state)} left)",
        )
    return IllegalActionError("WID-2", f"no {die} die to use ({_dice_left(state)} left)")


def _explain_throw(state: WidgetState, throw: Throw, other: int) -> IllegalActionError:
    if other != WHITE:
        return IllegalActionError(
            "WID-7", "the villain throws a chosen figure only on black and white"
        )
    colour = state.game.seat_name(throw.seat)
    if throw.seat == state.player:
        return IllegalActionError("WID-7", "the villain never throws your own figures")
    if throw.field not in state.figures[throw.seat]:
        return IllegalActionError("WID-7", f"no {colour} figure stands on field {throw.field}")
    field_colour = FACE_NAMES[state.board.colour[throw.field]]
    return IllegalActionError(
        "WID-8", f"the {colour} figure on {field_colour} field {throw.field} is safe"
    )


def _explain_jump(state: WidgetState, jump: Jump, other: int) -> IllegalActionError:
    if other == WHITE:
        return IllegalActionError(
            "WID-7", "black and white: the villain throws a figure ('throw COLOUR FIELD')"
        )
    if jump.field == state.villain:
        return IllegalActionError(
            "WID-6",
            f"the villain stands on {jump.field} already (to leave him there: 'villain stays')",
        )
    wanted = FACE_NAMES[other]
    found = FACE_NAMES[state.board.colour[jump.field]]
    assert jump.field < RING
    return IllegalActionError(
        "WID-6",
        f"black and {wanted}: the villain jumps to a {wanted} field, "
        f"not to {found} field {jump.field}",
    )
