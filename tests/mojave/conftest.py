"""Helpers for Mojave scenarios: positions are written as JSON, like FEN for chess.

A die is written ``"e5"`` (1 up), ``"e5=3"`` (a die with 3 up, turned the first way ``ORIENTATIONS``
lists) or ``"e5=3/1/2"`` (top, north, east in full).

Rule scenarios run from both seats through ``Side`` (the ``side`` fixture): a scenario
is written for red, the player at the south edge; for black the whole position, every
move and every field in an answer is turned half round the centre of the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

import wuerfelwerk
from wuerfelwerk.games.mojave import BLACK, COLUMNS, ORIENTATIONS, RED, MojaveGame, MojaveState

from ..scenario import apply, refused

LETTERS = "abcdefghijklmno"


def die(text: str) -> dict[str, Any]:
    field, _, faces = text.partition("=")
    values = [int(v) for v in (faces or "1").split("/")]
    if len(values) == 1:
        first = next(o for o in ORIENTATIONS if o.top == values[0])
        values = [first.top, first.north, first.east]
    top, north, east = values
    return {"field": field, "top": top, "north": north, "east": east}


def position(
    red: list[str],
    black: list[str],
    *,
    player: int = 0,
    zugzwang: dict[str, list[str]] | None = None,
    quiet_moves: int = 0,
    moves: int = 0,
    **options: Any,
) -> MojaveState:
    """Red (seat 0, south edge) and black (seat 1) dice; ``zugzwang`` maps a die of the
    player to move to its attackers."""
    dice_json = [[die(d) for d in red], [die(d) for d in black]]
    return _load(dice_json, player, zugzwang, options, moves=moves, quiet_moves=quiet_moves)


def _load(
    dice_json: list[list[dict[str, Any]]],
    player: int,
    zugzwang: dict[str, list[str]] | None,
    options: dict[str, Any],
    **counters: int,
) -> MojaveState:
    game = wuerfelwerk.load("mojave", **options)
    state = game.state_from_json(
        {
            "player": player,
            **counters,
            "dice": dice_json,
            "zugzwang": [{"die": d, "attackers": a} for d, a in (zugzwang or {}).items()],
        }
    )
    assert isinstance(state, MojaveState)
    return state


def moves(state: MojaveState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def dice(state: MojaveState) -> list[dict[str, int]]:
    """Each seat's dice as ``{field: top}``."""
    return [{d["field"]: d["top"] for d in seat} for seat in state.to_json()["dice"]]


@dataclass(frozen=True)
class Side:
    """A scenario written for red, played by ``seat``.

    For black everything is turned half round: field ``(column, row)`` becomes
    ``(o - column, rows + 1 - row)`` and a die's north and east faces become its south
    and west faces. A half turn keeps a die right-handed (a mirror image would not), so
    the turned position is a real one and every path shows the same values on the way.
    """

    seat: int
    rows: int = 16

    @property
    def other(self) -> int:
        return 1 - self.seat

    def field(self, name: str) -> str:
        if self.seat == RED:
            return name
        column, row = LETTERS.index(name[0]), int(name[1:])
        return f"{LETTERS[COLUMNS - 1 - column]}{self.rows + 1 - row}"

    def path(self, text: str) -> str:
        """A move written for red, as the seat plays it."""
        return text if text == "pass" else "-".join(self.field(f) for f in text.split("-"))

    def die(self, text: str) -> dict[str, Any]:
        written = die(text)
        if self.seat == RED:
            return written
        return {
            "field": self.field(written["field"]),
            "top": written["top"],
            "north": 7 - written["north"],
            "east": 7 - written["east"],
        }

    def position(
        self,
        mine: list[str],
        theirs: list[str],
        *,
        to_move: str = "mine",
        zugzwang: dict[str, list[str]] | None = None,
        moves: int = 0,
        quiet_moves: int = 0,
        **options: Any,
    ) -> MojaveState:
        """The seat's dice ``mine``, the other seat's ``theirs``; ``to_move`` is
        ``"mine"`` or ``"theirs"``."""
        own = [self.die(d) for d in mine]
        other = [self.die(d) for d in theirs]
        dice_json = [own, other] if self.seat == RED else [other, own]
        player = self.seat if to_move == "mine" else self.other
        turned = {
            self.field(d): [self.field(a) for a in attackers]
            for d, attackers in (zugzwang or {}).items()
        }
        return _load(
            dice_json,
            player,
            turned,
            {"rows": self.rows, **options},
            moves=moves,
            quiet_moves=quiet_moves,
        )

    def apply(self, state: MojaveState, *texts: str) -> MojaveState:
        return apply(state, *(self.path(t) for t in texts))

    def refused(self, state: MojaveState, text: str, rule: str) -> str:
        return refused(state, self.path(text), rule)

    def moves(self, state: MojaveState) -> set[str]:
        """The legal actions, written for red."""
        return {self.path(m) for m in moves(state)}  # a half turn undoes itself

    def dice(self, state: MojaveState) -> list[dict[str, int]]:
        """``[mine, theirs]`` as ``{field: top}``, fields written for red."""
        by_seat = [{self.field(f): top for f, top in seat.items()} for seat in dice(state)]
        return [by_seat[self.seat], by_seat[self.other]]

    def zugzwang(self, state: MojaveState) -> dict[str, list[str]]:
        """The dice in Zugzwang with their attackers, fields written for red."""
        return {
            self.field(z["die"]): sorted(self.field(a) for a in z["attackers"])
            for z in state.to_json()["zugzwang"]
        }

    def to_move(self, state: MojaveState) -> str:
        """``"mine"``, ``"theirs"`` or ``"nobody"`` (the game is over)."""
        player = state.current_player
        return "mine" if player == self.seat else "theirs" if player == self.other else "nobody"


@pytest.fixture(params=[RED, BLACK], ids=["red", "black"])
def side(request: pytest.FixtureRequest) -> Side:
    seat: int = request.param
    return Side(seat)


@pytest.fixture
def game() -> MojaveGame:
    loaded = wuerfelwerk.load("mojave")
    assert isinstance(loaded, MojaveGame)
    return loaded
