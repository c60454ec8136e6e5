"""Plain-text pictures of a Wurf & Weg position: lines of (text, tag) pieces.

The tags say what a piece shows (``label``, ``seat``, ``viewer``, ``symbol:pig``,
``lucky``, ``won``); the terminal front ends colour by tag, and ``text()`` gives the
bare picture.

>>> import wuerfelwerk
>>> print(text(wuerfelwerk.load("wurfweg", players=2).new_initial_state()))
round 1  drawing coasters  pile 18  tray 0
  p1  coaster -                    unrolled 3                won 0
  p2  coaster -                    unrolled 3                won 0
"""

from __future__ import annotations

from .coasters import CALM_ROLLS
from .position import CALM, DRAW, LUCKY, NONE, OVER, RACE
from .state import WurfWegState

Piece = tuple[str, str]


def phase_text(state: WurfWegState) -> str:
    game = state.game
    if state.phase == DRAW:
        return "drawing coasters"
    if state.phase == LUCKY:
        return "rolling the yellow die"
    if state.phase == CALM:
        return f"calm rolls: {game.seat_name(state.stopper)} called stop"
    if state.phase == OVER:
        return f"game over ({state.ending})"
    return "race"


def header(state: WurfWegState) -> list[Piece]:
    pieces: list[Piece] = [(f"round {state.round}  ", "label")]
    if state.phase in (RACE, CALM):
        lucky = state.game.coasters.symbols[state.lucky]
        pieces += [("lucky ", "label"), (lucky, f"symbol:{lucky}"), ("  ", "none")]
    pieces.append((phase_text(state), "phase"))
    pieces.append((f"  pile {len(state.pile)}  tray {state.tray}", "label"))
    return pieces


def hand_groups(state: WurfWegState, seat: int) -> list[tuple[int, int]]:
    """The dice in hand as (symbol, how many), in symbol order: dice showing the same
    symbol are alike, so the players pick a die by its group's number (1-6)."""
    hand = state.hand[seat]
    return [(symbol, hand.count(symbol)) for symbol in sorted(set(hand))]


def dice_pieces(state: WurfWegState, seat: int) -> list[Piece]:
    """The dice in hand, numbered by symbol from 1 (``2:pig×3``), then the ones not
    rolled yet and the ones lying on the coaster."""
    symbols = state.game.coasters.symbols
    pieces: list[Piece] = []
    for number, (symbol, count) in enumerate(hand_groups(state, seat), 1):
        name = symbols[symbol]
        tag = "lucky" if symbol == state.lucky else f"symbol:{name}"
        times = f"×{count}" if count > 1 else ""
        pieces += [(f"{number}:", "label"), (name, tag), (f"{times} ", "none")]
    if state.roller == seat:
        pieces.append((f"rolling {state.throwing} ", "label"))
    if state.unrolled[seat]:
        pieces.append((f"unrolled {state.unrolled[seat]} ", "label"))
    if state.on_coaster[seat]:
        pieces.append((f"+{state.on_coaster[seat]} on coaster ", "label"))
    if state.phase == CALM:
        if seat == state.stopper:
            pieces.append(("STOP ", "phase"))
        else:
            pieces.append((f"calm {state.calm_rolls[seat]}/{CALM_ROLLS} ", "label"))
    return pieces


def seat_line(state: WurfWegState, seat: int, viewer: int | None) -> list[Piece]:
    game = state.game
    symbols = game.coasters.symbols
    mark = ">" if seat == viewer else " "
    pieces: list[Piece] = [
        (f"{mark} {game.seat_name(seat)}  ", "viewer" if mark == ">" else "seat")
    ]
    if state.coaster[seat] == NONE:
        pieces.append(("coaster -" + " " * 20, "label"))
    else:
        coaster = game.coasters.coasters[state.coaster[seat]]
        left, right = symbols[coaster.left], symbols[coaster.right]
        pieces += [
            ("coaster ", "label"),
            (left, f"symbol:{left}"),
            ("|", "label"),
            (right, f"symbol:{right}"),
            (" " * max(1, 20 - len(left) - len(right)), "none"),
        ]
    dice = dice_pieces(state, seat)
    width = sum(len(text) for text, _ in dice)
    pieces += [*dice, (" " * max(1, 26 - width), "none")]
    pieces.append((f"won {len(state.won[seat])}", "won"))
    return pieces


def lines(state: WurfWegState, viewer: int | None = None) -> list[list[Piece]]:
    return [header(state), *(seat_line(state, s, viewer) for s in range(state.game.num_players))]


def text(state: WurfWegState, viewer: int | None = None) -> str:
    """The position as plain text, one line per row."""
    return "\n".join("".join(t for t, _ in line).rstrip() for line in lines(state, viewer))


def summary(state: WurfWegState) -> str:
    """The position on one line: round, phase, lucky symbol, tray, then per seat the
    coaster, the dice in hand (``?`` not rolled yet), ``+n`` on the coaster and ``won``."""
    game = state.game
    symbols = game.coasters.symbols
    lucky = symbols[state.lucky] if state.lucky != NONE else "-"
    seats = []
    for seat in range(game.num_players):
        coaster = game.coaster_names[state.coaster[seat]] or "-"
        dice = [symbols[s] for s in state.hand[seat]] + ["?"] * state.unrolled[seat]
        seats.append(
            f"{game.seat_name(seat)} {coaster} [{' '.join(dice)}] +{state.on_coaster[seat]}"
            f" won {len(state.won[seat])}"
        )
    head = f"r{state.round} {state.phase} lucky {lucky} tray {state.tray}"
    return " | ".join([head, *seats])
