"""A Dimenticato position as JSON: the whole of it, the public part, and reading it back.

The whole position holds every value and colour (while the cards are being dealt, the
deal so far instead: which small card went where, turned how). The public part (the
observation) holds the colours, the values of uncovered fields only and the log of public
events, from which a state with any values on the covered fields can be rebuilt
(``load_position``). Which card lies where is not public: with the card set it would
tell every covered value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core import InvalidPositionError
from ...core.position import seat_number, whole_number
from .cards import COLOURS, ROTATIONS, SMALL_CARDS, large_card, lay
from .paths import MAX_VALUE, OPENING_DISTANCES
from .phases import DEAL, DESTINATION, EMPTY, FIGURES, GO, NAME, OVER, PHASES

#: How many dealt boards a game keeps laid out for positions read from JSON (many
#: determinizations of one game share its board).
BOARDS_KEPT = 16

if TYPE_CHECKING:
    from .state import DimenticatoState


def _common(state: DimenticatoState) -> dict[str, Any]:
    names = state.geometry.names
    return {
        "phase": state.phase,
        "player": state.player,
        "turns": state.turns,
        "winner": state.winner,
        "figures": [[names[f] for f in sorted(figures)] for figures in state.figures],
        "opening": list(state.opening),
        "chosen": names[state.chosen] if state.chosen >= 0 else None,
        "steps": state.steps or None,
    }


def position_json(state: DimenticatoState) -> dict[str, Any]:
    names = state.geometry.names
    board: dict[str, Any] = (
        {"deal": [list(d) for d in state.deal]}
        if state.phase == DEAL
        else {"colours": dict(board_view(state)[0])}
    )
    return {
        **_common(state),
        **board,
        "values": {names[f]: v for f, v in enumerate(state.values) if v},
        "log": list(state.log),
    }


#: The colour and the value of every field by name, as the cards lie: built once per
#: board, copied into each observation.
BoardView = tuple[dict[str, str], dict[str, int]]


def board_view(state: DimenticatoState) -> BoardView:
    view = state.board_view
    if view is None:
        names = state.geometry.names
        view = state.board_view = (
            {names[f]: COLOURS[c] for f, c in enumerate(state.colours) if c >= 0},
            {names[f]: v for f, v in enumerate(state.values) if v},
        )
    return view


def public_json(state: DimenticatoState) -> dict[str, Any]:
    """Everything but the values under figures (DIM-4, hidden information)."""
    names = state.geometry.names
    values = state.values
    colours, shown = board_view(state)
    uncovered: dict[str, int | None] = dict(shown)
    for field in state.covered_fields():
        if values[field]:
            uncovered[names[field]] = None
    return {
        **_common(state),
        "colours": dict(colours),
        "values": uncovered,
        # Logged events are never changed, so every view shares them.
        "log": list(state.log),
    }


def load_position(state: DimenticatoState, position: Mapping[str, Any]) -> DimenticatoState:
    """Fill the fresh ``state`` from ``position``; ``InvalidPositionError`` says what is
    wrong."""
    geo = state.geometry
    players = state.game.num_players
    phase = position["phase"]
    if phase not in PHASES:
        raise InvalidPositionError(f"unknown phase {phase!r}")
    state.phase = phase
    state.player = seat_number(position["player"], players, "player")
    state.turns = whole_number(position["turns"], "turns")
    winner = position.get("winner")
    state.winner = None if winner is None else seat_number(winner, players, "winner")
    if phase == DEAL or "colours" not in position:
        _read_deal(state, position["deal"])
    else:
        _read_colours(state, position["colours"])
    _read_values(state, position["values"])
    figures = position["figures"]
    if len(figures) != players:
        raise InvalidPositionError(f"figures are needed for {players} seats")
    state.occupant = [EMPTY] * geo.size
    state.figures = []
    for seat, names in enumerate(figures):
        if len(names) != FIGURES:
            raise InvalidPositionError(f"seat {seat} needs {FIGURES} figures (DIM-1)")
        fields = [_field(state, name) for name in names]
        for field in fields:
            owner = geo.block_seat[field]
            if owner not in (-1, seat):
                raise InvalidPositionError(
                    f"DIM-9: a figure of seat {seat} on foreign start field {geo.names[field]}"
                )
            if state.occupant[field] != EMPTY:
                raise InvalidPositionError(f"DIM-9: two figures on {geo.names[field]}")
            state.occupant[field] = seat
        state.figures.append(fields)
    state.opening = [whole_number(n, "opening") for n in position["opening"]]
    if len(state.opening) != players:
        raise InvalidPositionError(f"opening is needed for {players} seats")
    for seat, left in enumerate(state.opening):
        home = sum(geo.block_seat[f] == seat for f in state.figures[seat])
        if left and home != left:
            raise InvalidPositionError(
                f"DIM-4: seat {seat} has {left} figures to bring out but {home} at the start"
            )
    _read_turn(state, position.get("chosen"), position.get("steps"))
    if state.winner is not None and (
        phase != OVER
        or state.opening[state.winner]
        or any(geo.block_seat[f] != state.winner for f in state.figures[state.winner])
    ):
        raise InvalidPositionError("DIM-8: the winner has all 4 figures home, and it is over")
    log = position.get("log", [])
    if not isinstance(log, list) or not all(isinstance(e, dict) for e in log):
        raise InvalidPositionError("the log must be a list of events")
    state.log = list(log)  # events are never changed once logged
    state.current_player = state.whose_turn()
    return state


def _read_deal(state: DimenticatoState, deal: Any) -> None:
    geo = state.geometry
    cards = [(int(card), int(rotation)) for card, rotation in deal]
    if len(cards) > len(geo.slots) or len({c for c, _ in cards}) != len(cards):
        raise InvalidPositionError(f"DIM-2: at most {len(geo.slots)} different small cards")
    if any(not 0 <= c < len(SMALL_CARDS) or not 0 <= r < ROTATIONS for c, r in cards):
        raise InvalidPositionError("DIM-2: a deal is a card 0-11 and a rotation 0-3")
    if (len(cards) < len(geo.slots)) != (state.phase == DEAL):
        raise InvalidPositionError("DIM-2: the deal phase lasts until every small card lies")
    state.deal = cards
    boards = state.game.boards
    key = tuple(cards)
    board = boards.get(key)
    if board is not None:
        state.values, state.colours = list(board[0]), list(board[1])
        return
    for seat in range(state.game.num_players):
        state.lay_card(large_card(geo, seat))
    for slot, (card, rotation) in enumerate(cards):
        state.lay_card(lay(geo, geo.slots[slot], SMALL_CARDS[card], rotation))
    if len(boards) >= BOARDS_KEPT:
        boards.clear()
    boards[key] = (tuple(state.values), tuple(state.colours))


def _read_colours(state: DimenticatoState, colours: Any) -> None:
    """A dealt board described field by field (DIM-2): every field's colour, the start
    fields and the large cards in their owner's."""
    geo = state.geometry
    if not isinstance(colours, Mapping):
        raise InvalidPositionError("colours must map every field to its colour")
    given = {_field(state, name): colour for name, colour in colours.items()}
    if set(given) != set(range(geo.size)):
        missing = sorted(geo.names[f] for f in set(range(geo.size)) - set(given))
        raise InvalidPositionError(f"DIM-2: every field needs a colour (missing {missing})")
    for seat in range(state.game.num_players):
        large = {field for field, _, _ in large_card(geo, seat)}
        for field in (*geo.blocks[seat], *large):
            if given[field] != COLOURS[seat]:
                raise InvalidPositionError(
                    f"DIM-1: {geo.names[field]} lies on the {COLOURS[seat]} large card or "
                    f"start block, so it is {COLOURS[seat]}"
                )
    for field, colour in given.items():
        if colour not in COLOURS:
            raise InvalidPositionError(f"{geo.names[field]}: no colour {colour!r} (DIM-1)")
        state.colours[field] = COLOURS.index(colour)
        if field < geo.ring_size:
            state.values[field] = 1  # a dealt track field: its value comes with the values
    state.deal = []
    state.board_view = None


def _read_values(state: DimenticatoState, values: Any) -> None:
    """The values may differ from the cards (a state built for a guess, ``determinize``)."""
    geo = state.geometry
    by_name = geo.by_name
    dealt = {f for f in range(geo.ring_size) if state.values[f]}
    given = {
        by_name[name] if name in by_name else _field(state, name): value
        for name, value in values.items()
    }
    if set(given) != dealt:
        raise InvalidPositionError("every dealt track field needs a value, and no other")
    for field, value in given.items():
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_VALUE:
            raise InvalidPositionError(f"DIM-5: the value on {geo.names[field]} must be 1-6")
        state.values[field] = value
    state.board_view = None


def _read_turn(state: DimenticatoState, chosen: Any, steps: Any) -> None:
    geo = state.geometry
    phase = state.phase
    state.chosen = -1 if chosen is None else _field(state, chosen)
    state.steps = 0 if steps is None else whole_number(steps, "steps")
    if (state.chosen >= 0) != (phase in (NAME, GO, DESTINATION)):
        raise InvalidPositionError(f"a chosen figure belongs to a turn under way, not {phase}")
    if state.chosen < 0:
        return
    if state.occupant[state.chosen] != state.player:
        raise InvalidPositionError("the chosen figure must be one of the player's")
    in_block = geo.block_seat[state.chosen] >= 0
    if phase == NAME and in_block:
        raise InvalidPositionError("DIM-5: only a figure on the track has a value to name")
    if phase == GO and not state.in_start(state.chosen):
        raise InvalidPositionError("DIM-4: a distance is chosen only for a start figure")
    if phase == DESTINATION:
        allowed = (
            OPENING_DISTANCES
            if state.in_start(state.chosen)
            else (0,)
            if in_block
            else (state.values[state.chosen],)
        )
        if state.steps not in allowed:
            raise InvalidPositionError(f"DIM-5: the figure goes {allowed}, not {state.steps}")
    elif state.steps:
        raise InvalidPositionError("steps are known only when the destination is chosen")


def _field(state: DimenticatoState, name: Any) -> int:
    if not isinstance(name, str) or name.lower() not in state.geometry.by_name:
        raise InvalidPositionError(f"no field {name!r} on the board")
    return state.geometry.by_name[name.lower()]
