"""A Wurf & Weg position as JSON, and back: set up any position, like FEN for chess.

Symbols and coasters are written by name, seats as numbers from 0; the tray is not
written, it holds the dice accounted for nowhere else.

>>> import wuerfelwerk
>>> state = wuerfelwerk.load("wurfweg", players=2).new_initial_state()
>>> state.to_json()["players"][0]
{'coaster': None, 'won': [], 'unrolled': 3, 'hand': [], 'on_coaster': 0, 'rolls': 0, \
'calm_rolls': 0}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core import InvalidPositionError
from ...core.position import seat_number, whole_number
from ...core.state import OVER as OVER
from .coasters import CALM_ROLLS, DICE_PER_PLAYER

if TYPE_CHECKING:
    from .state import WurfWegState

DRAW, LUCKY, RACE, CALM = "draw", "lucky", "race", "calm"
PHASES = (DRAW, LUCKY, RACE, CALM, OVER)
NONE = -1


def position_json(state: WurfWegState) -> dict[str, Any]:
    game = state.game
    # Both name lists end in None, so NONE (-1) reads as null.
    symbols = game.symbol_names
    names = game.coaster_names
    coaster = state.coaster
    won = state.won
    unrolled = state.unrolled
    hand = state.hand
    on_coaster = state.on_coaster
    rolls = state.rolls
    calm_rolls = state.calm_rolls
    return {
        "phase": state.phase,
        "round": state.round,
        "lucky": symbols[state.lucky],
        "stopper": state.stopper if state.stopper != NONE else None,
        "roller": state.roller if state.roller != NONE else None,
        "throwing": state.throwing,
        "ending": state.ending or None,
        "pile": [names[c] for c in state.pile],
        "players": [
            {
                "coaster": names[coaster[seat]],
                "won": [names[c] for c in won[seat]],
                "unrolled": unrolled[seat],
                "hand": [symbols[s] for s in hand[seat]],
                "on_coaster": on_coaster[seat],
                "rolls": rolls[seat],
                "calm_rolls": calm_rolls[seat],
            }
            for seat in range(game.num_players)
        ],
    }


def read_position(state: WurfWegState, position: Mapping[str, Any]) -> WurfWegState:
    """Fill the fresh ``state`` from ``position``; ``InvalidPositionError`` names what
    is impossible about it."""
    game = state.game
    coasters = game.coasters
    n = game.num_players
    phase = position["phase"]
    if phase not in PHASES:
        raise InvalidPositionError(f"unknown phase {phase!r} (phases: {', '.join(PHASES)})")
    state.phase = phase
    state.round = whole_number(position.get("round", 1), "round", low=1)
    lucky = position.get("lucky")
    state.lucky = NONE if lucky is None else _symbol(coasters, lucky)
    state.stopper = _seat_or_none(position.get("stopper"), n, "stopper")
    state.roller = _seat_or_none(position.get("roller"), n, "roller")
    state.throwing = whole_number(position.get("throwing", 0), "throwing")
    ending = position.get("ending")
    state.ending = str(ending) if ending else ""
    state.pile = tuple(sorted(_coaster(coasters, name) for name in position["pile"]))
    players = position["players"]
    if len(players) != n:
        raise InvalidPositionError(f"the position needs {n} players, not {len(players)}")
    state.coaster = [
        NONE if p.get("coaster") is None else _coaster(coasters, p["coaster"]) for p in players
    ]
    state.won = [tuple(_coaster(coasters, name) for name in p.get("won", ())) for p in players]
    state.unrolled = [whole_number(p.get("unrolled", 0), "unrolled") for p in players]
    state.hand = [tuple(sorted(_symbol(coasters, s) for s in p.get("hand", ()))) for p in players]
    state.on_coaster = [whole_number(p.get("on_coaster", 0), "on_coaster") for p in players]
    state.rolls = [whole_number(p.get("rolls", 0), "rolls") for p in players]
    state.calm_rolls = [whole_number(p.get("calm_rolls", 0), "calm_rolls") for p in players]
    state.current_player = state.whose_turn()
    _check(state)
    return state


def _check(state: WurfWegState) -> None:
    n = state.game.num_players
    seen = [*state.pile, *(c for c in state.coaster if c != NONE)]
    for won in state.won:
        seen.extend(won)
    if len(seen) != len(set(seen)):
        raise InvalidPositionError("a coaster lies in two places at once (WUW-1: 18 coasters)")
    if state.tray < 0:
        raise InvalidPositionError(f"more than {DICE_PER_PLAYER * n} dice in play (WUW-2)")
    phase = state.phase
    playing = phase in (RACE, CALM)
    if (state.roller != NONE) != (state.throwing > 0) or (state.roller != NONE and not playing):
        raise InvalidPositionError("dice are in the air exactly while someone rolls in a round")
    if playing or phase == LUCKY:
        if NONE in state.coaster:
            raise InvalidPositionError("every player has a coaster during a round (WUW-2)")
    elif phase == DRAW and NONE not in state.coaster:
        raise InvalidPositionError("the draw phase needs a player without a coaster")
    # A game that ends with a round keeps its last lucky symbol and stop on the table.
    if phase != OVER and playing != (state.lucky != NONE):
        raise InvalidPositionError("the lucky symbol is shown exactly during the race and calm")
    if phase != OVER and (phase == CALM) != (state.stopper != NONE):
        raise InvalidPositionError("someone has called stop exactly in the calm phase (WUW-8)")
    if phase == CALM and state.dice(state.stopper) != 0:
        raise InvalidPositionError("the player who called stop has no dice left (WUW-8)")
    if phase == RACE and any(state.dice(s) == 0 for s in range(n) if s != state.roller):
        raise InvalidPositionError("a player without dice calls stop: the race is over (WUW-8)")
    if any(c > CALM_ROLLS for c in state.calm_rolls):
        raise InvalidPositionError(f"a player makes at most {CALM_ROLLS} calm rolls (WUW-8)")
    if any(r > state.game.options.roll_limit for r in state.rolls):
        raise InvalidPositionError("more rolls than the option roll_limit allows")
    if (phase == OVER) != bool(state.ending):
        raise InvalidPositionError("a finished game, and only that, says how it ended")
    if playing and state.roller == NONE and not state.active_players:
        raise InvalidPositionError("a round in which nobody can act is over")


def _seat_or_none(value: Any, players: int, what: str) -> int:
    return NONE if value is None else seat_number(value, players, what)


def _symbol(coasters: Any, name: Any) -> int:
    try:
        return int(coasters.symbol(name))
    except (KeyError, TypeError):
        known = ", ".join(coasters.symbols)
        raise InvalidPositionError(f"no symbol {name!r} (symbols: {known})") from None


def _coaster(coasters: Any, name: Any) -> int:
    try:
        return int(coasters.coaster(name).number)
    except (KeyError, TypeError):
        raise InvalidPositionError(f"no coaster {name!r} (write left-right: clover-pig)") from None
