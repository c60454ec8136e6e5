"""Wurf & Weg is decided by speed and attention, not by choices to judge: per round, how
long each player took to put each die away once it showed a symbol that could go
(WUW-4, WUW-5), which such dice were rolled again instead, or still in hand when "stop"
was called (WUW-8), and how many dice each player was left with when the round ended
(WUW-9). The seconds come from the record's ``times`` (games played on a clock: the
server, the terminal, the simulated clocks); without them, everything but the seconds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core import Record
from ..games.wurfweg import WurfWegState
from ..games.wurfweg.actions import TARGETS, TRAY, Place, Roll, Throw
from ..games.wurfweg.position import CALM, RACE
from .result import ANALYSIS_FORMAT


@dataclass
class SeatRound:
    """One seat in one round: each die put away (symbol, where, seconds since it
    showed, the action number), the symbols ``missed`` (could go, but were rolled again
    or still in hand at "stop"), the dice ``left`` at the end, and whether it won its
    coaster."""

    seat: int
    placed: list[dict[str, Any]] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    left: int = 0
    won: bool = False
    #: Dice showing a symbol that may go now: (symbol, second it showed).
    waiting: list[tuple[int, float | None]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "placed": self.placed,
            "missed": self.missed,
            "left": self.left,
            "won": self.won,
        }


@dataclass
class Round:
    number: int
    lucky: str | None = None
    stopper: int | None = None
    seats: list[SeatRound] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.number,
            "lucky": self.lucky,
            "stopper": self.stopper,
            "seats": [seat.to_json() for seat in self.seats],
        }


def held(state: WurfWegState, seat: int) -> int:
    """The dice ``seat`` still has, those in the air included."""
    return state.dice(seat) + (state.throwing if state.roller == seat else 0)


def speed(record: Record) -> dict[str, Any]:
    """The speed analysis of a Wurf & Weg record, as JSON (``Analysis`` for the others)."""
    state = record.initial_state()
    if not isinstance(state, WurfWegState):
        raise ValueError(f"speed analysis is for Wurf & Weg, not {record.game}")
    game = state.game
    symbols = game.coasters.symbols
    players = game.num_players
    times = record.times
    rounds: list[Round] = []
    current = Round(state.round, seats=[SeatRound(seat) for seat in range(players)])
    for index, text in enumerate(record.actions):
        action = game.parse_action(text)
        at = times[index] if times is not None else None
        before = state.clone()
        state.apply(action)
        if isinstance(action, Throw):
            symbol, seat = action.symbol, action.player
            if _may_go(before, seat, symbol):
                current.seats[seat].waiting.append((symbol, at))
        elif isinstance(action, Roll):
            _miss(current.seats[action.player], symbols)
        elif isinstance(action, Place):
            _place(current.seats[action.player], action, at, index, symbols)
        if before.phase == RACE and state.phase != RACE:
            current.stopper = state.stopper if state.stopper >= 0 else None
            for waiting in current.seats:
                _miss(waiting, symbols)
        if before.lucky >= 0:
            current.lucky = symbols[before.lucky]
        if state.round != before.round or state.is_terminal():
            _end(current, before, action, state)
            rounds.append(current)
            current = Round(state.round, seats=[SeatRound(seat) for seat in range(players)])
    if any(seat.placed or seat.missed for seat in current.seats):
        rounds.append(current)  # a game cut short during a round
    return {
        "format": ANALYSIS_FORMAT,
        "kind": "speed",
        "game": record.game,
        "options": game.options_json(),
        "timed": times is not None,
        "finished": state.is_terminal(),
        "rounds": [r.to_json() for r in rounds],
        "seats": [_summary(seat, game.seat_name(seat), rounds) for seat in range(players)],
    }


def _may_go(state: WurfWegState, seat: int, symbol: int) -> bool:
    """Whether a die of ``seat`` landing on ``symbol`` may be put away (WUW-4, WUW-8)."""
    if state.phase == RACE:
        return state.target(seat, symbol) is not None
    return state.phase == CALM and symbol == state.lucky


def _miss(seat: SeatRound, symbols: tuple[str, ...]) -> None:
    seat.missed.extend(symbols[symbol] for symbol, _ in seat.waiting)
    seat.waiting.clear()


def _place(
    seat: SeatRound, action: Place, at: float | None, index: int, symbols: tuple[str, ...]
) -> None:
    waited = next((i for i, (symbol, _) in enumerate(seat.waiting) if symbol == action.die), None)
    shown = seat.waiting.pop(waited)[1] if waited is not None else None
    seconds = None if at is None or shown is None else round(at - shown, 3)
    seat.placed.append(
        {
            "step": index + 1,
            "die": symbols[action.die],
            "target": TARGETS[action.target],
            "seconds": seconds,
        }
    )


def _end(current: Round, before: WurfWegState, action: Any, after: WurfWegState) -> None:
    """The dice each seat was left with when the round ended: those it held just before
    the last action, less the die that action put away (WUW-9)."""
    left = [held(before, seat) for seat in range(len(current.seats))]
    if isinstance(action, Place):
        left[action.player] -= 1
        if action.target != TRAY:
            left[before.neighbour(action.player, action.target)] += 1
    for seat in current.seats:
        seat.left = left[seat.seat]
        seat.won = len(after.won[seat.seat]) > len(before.won[seat.seat])
        seat.missed.extend(before.game.coasters.symbols[s] for s, _ in seat.waiting)
        seat.waiting.clear()


def _summary(seat: int, name: str, rounds: list[Round]) -> dict[str, Any]:
    mine = [r.seats[seat] for r in rounds]
    seconds = [p["seconds"] for s in mine for p in s.placed if p["seconds"] is not None]
    return {
        "seat": seat,
        "name": name,
        "placed": sum(len(s.placed) for s in mine),
        "mean_seconds": round(sum(seconds) / len(seconds), 3) if seconds else None,
        "missed": sum(len(s.missed) for s in mine),
        "left": sum(s.left for s in mine),
        "coasters": sum(s.won for s in mine),
    }
