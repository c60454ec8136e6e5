"""Why an action is not legal: one line naming the rule (DIM-1 to DIM-9)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Action, IllegalActionError
from .actions import Choose, Deal, Go, Move, Name, Pass
from .cards import ROTATIONS, SMALL_CARDS
from .phases import DEAL, FIGURE, GO, NAME

if TYPE_CHECKING:
    from .state import DimenticatoState


def explain_illegal(state: DimenticatoState, action: Action) -> IllegalActionError:
    phase = state.phase
    if phase == DEAL:
        if isinstance(action, Deal):
            if action.card not in range(len(SMALL_CARDS)) or action.rotation not in range(
                ROTATIONS
            ):
                return IllegalActionError(
                    "DIM-2",
                    f"a deal is one of the {len(SMALL_CARDS)} small cards turned 0-3 quarters, "
                    f"not card {action.card!r} turned {action.rotation!r}",
                )
            return IllegalActionError("DIM-2", f"card {action.card + 1} has been dealt already")
        return IllegalActionError("DIM-2", f"the board is being dealt; {action} must wait")
    if isinstance(action, Deal):
        return IllegalActionError("DIM-2", "the board is dealt already")
    if phase == FIGURE:
        return _explain_figure(state, action)
    where = state.geometry.names[state.chosen]
    if phase == NAME:
        if isinstance(action, Name):
            return IllegalActionError("DIM-5", f"a die value is 1 to 6, not {action.value}")
        return IllegalActionError("DIM-5", f"first name the value under the figure on {where}")
    if phase == GO:
        if isinstance(action, Go):
            return IllegalActionError(
                "DIM-4",
                f"the figure on {where} cannot leave the large card going {action.distance}",
            )
        return IllegalActionError("DIM-4", f"choose how far (2-5) the figure on {where} goes")
    if isinstance(action, Move):
        return _explain_move(state, action)
    return IllegalActionError("DIM-5", f"choose where the figure from {where} goes")


def _explain_figure(state: DimenticatoState, action: Action) -> IllegalActionError:
    geo = state.geometry
    if isinstance(action, Pass):
        return IllegalActionError("DIM-9", "a player who can move may not pass")
    if not isinstance(action, Choose):
        return IllegalActionError("DIM-3", f"choose a figure first, not {action}")
    name = geo.names[action.field]
    if state.occupant[action.field] != state.player:
        return IllegalActionError("DIM-3", f"no figure of yours stands on {name}")
    if state.opening[state.player]:
        if not state.in_start(action.field):
            return IllegalActionError(
                "DIM-4", "your first 4 moves bring your figures off the start fields"
            )
        return IllegalActionError("DIM-4", f"the figure on {name} cannot leave the large card")
    return IllegalActionError("DIM-7", f"the figure on {name} has no free goal field to move on to")


def _explain_move(state: DimenticatoState, move: Move) -> IllegalActionError:
    geo = state.geometry
    seat = state.player
    origin = state.chosen
    name = geo.names[move.dest]
    owner = geo.block_seat[move.dest]
    if owner >= 0 and owner != seat:
        return IllegalActionError(
            "DIM-9", f"{name} is a foreign start field and may not be entered"
        )
    reachable = set(state.reachable(origin, state.steps))
    if move.dest not in reachable:
        return _explain_distance(state, move.dest)
    standing = state.occupant[move.dest]
    if standing == seat:
        return IllegalActionError("DIM-9", f"{name} holds your own figure (one figure per field)")
    if standing < 0:  # reachable and free: only the push can be wrong
        return IllegalActionError("DIM-9", f"nobody stands on {name} to be captured")
    if state.colours[move.dest] == standing:
        return IllegalActionError("DIM-9", f"the figure on {name} is safe on its own colour")
    landings = [m.push for m in state.destinations(origin, state.steps) if m.dest == move.dest]
    if not landings:
        return IllegalActionError(
            "DIM-9",
            f"the figure on {name} cannot be captured: no free field 3 back that is not "
            "on or behind its own large card",
        )
    return IllegalActionError(
        "DIM-9",
        f"a figure captured on {name} goes back 3 fields (one turn) to "
        + " or ".join(geo.names[f] for f in landings),
    )


def _explain_distance(state: DimenticatoState, dest: int) -> IllegalActionError:
    geo = state.geometry
    origin = state.chosen
    name = geo.names[dest]
    opening = state.in_start(origin)
    if geo.block_seat[origin] >= 0 and not opening:
        return IllegalActionError(
            "DIM-7", f"a figure in the goal moves on within the goal fields, not to {name}"
        )
    if opening and (dest >= geo.ring_size or dest in geo.large_fields[state.player]):
        return IllegalActionError("DIM-4", f"the first moves leave the large card; {name} is on it")
    if state.tables.needs_more_turns(origin, state.steps, dest, opening):
        return IllegalActionError(
            "DIM-6", f"{name} is {state.steps} fields away only with a third turn"
        )
    return IllegalActionError(
        "DIM-6",
        f"{name} is not {state.steps} fields forward and sideways from {geo.names[origin]}",
    )
