"""Setting up Widget positions for the scenario tests, from any seat.

Every rule scenario runs from every seat of a 2-, 3- and 4-player game (``Seating``).
The ring looks different from each start field, so a scenario names its fields by how
they lie from the seats' start fields and by their colours, worked out here from the
ring as the rules print it (rules/widget.md), never from the engine's board.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import wuerfelwerk
from wuerfelwerk.games.widget import WidgetState

#: The default ring from the rules, field 0 (red's start field) first, clockwise.
RING_TEXT = "RBYBGRGBRYRGY BRYBGYBRGBRGY GRGBRYGYBRGYB YBRGYGBGRYRYB"
RING = 52
COLOURS = ("red", "blue", "green", "yellow")
FIELD_COLOUR = tuple(
    {"R": "red", "B": "blue", "G": "green", "Y": "yellow"}[letter]
    for letter in RING_TEXT.replace(" ", "")
)
START = {"red": 0, "blue": 13, "green": 26, "yellow": 39}
#: WID-1 and the gaps: the colours in play by number of players, seat 0 first.
SEAT_COLOURS = {2: ("red", "green"), 3: ("red", "blue", "green"), 4: COLOURS}

Place = int | str


def fields_of(colour: str) -> set[int]:
    return {field for field in range(RING) if FIELD_COLOUR[field] == colour}


def following(field: int, colour: str, skip: Iterable[int] = ()) -> int:
    """The first field of ``colour`` clockwise after ``field``, passing over the fields
    in ``skip`` (WID-3: occupied fields are skipped; start fields never are)."""
    skipped = set(skip) - set(START.values())
    for step in range(1, RING + 1):
        nxt = (field + step) % RING
        if FIELD_COLOUR[nxt] == colour and nxt not in skipped:
            return nxt
    raise AssertionError(f"no free {colour} field")


@dataclass(frozen=True)
class Seating:
    """A scenario's seat to act (``seat``) in a game of ``players``; ``other`` is the
    seat after it, whose figures the scenarios use as the foreign ones."""

    players: int
    seat: int

    def __str__(self) -> str:
        return f"{self.players}p-{self.colour}"

    @property
    def other(self) -> int:
        return (self.seat + 1) % self.players

    @property
    def third(self) -> int:
        """The seat after ``other`` (the scenario's own seat with 2 players)."""
        return (self.seat + 2) % self.players

    def colour_of(self, seat: int) -> str:
        return SEAT_COLOURS[self.players][seat]

    def start_of(self, seat: int) -> int:
        return START[self.colour_of(seat)]

    @property
    def colour(self) -> str:
        return self.colour_of(self.seat)

    @property
    def start(self) -> int:
        return self.start_of(self.seat)

    @property
    def other_colour(self) -> str:
        return self.colour_of(self.other)

    @property
    def other_start(self) -> int:
        return self.start_of(self.other)

    def neither(self) -> str:
        """A colour that is neither the seat's nor the other seat's."""
        return next(c for c in COLOURS if c not in (self.colour, self.other_colour))

    def position(
        self,
        mine: Iterable[Place] = (),
        theirs: Iterable[Place] = (),
        *,
        figures: dict[int, Iterable[Place]] | None = None,
        options: dict[str, Any] | None = None,
        **changes: Any,
    ) -> WidgetState:
        """``mine`` are the seat's figures, ``theirs`` the other seat's, ``figures`` any
        seat's; figures not given stand on their start field. ``changes`` as for
        ``position``; the seat is the one to act."""
        given = {self.seat: list(mine), self.other: list(theirs), **(figures or {})}
        placed = []
        for seat in range(self.players):
            names = [str(place) for place in given.get(seat, [])]
            placed.append(names + [str(self.start_of(seat))] * (3 - len(names)))
        return position(self.players, options, figures=placed, player=self.seat, **changes)


SEATINGS = [Seating(players, seat) for players in (2, 3, 4) for seat in range(players)]


def position(
    players: int = 2, options: dict[str, Any] | None = None, **changes: Any
) -> WidgetState:
    """The start position with ``changes`` to its JSON (``figures``, ``roll`` ...).

    A ``roll`` without ``dice_left`` puts the player to decide with both dice of it,
    the way the roll itself would.
    """
    game = wuerfelwerk.load("widget", players=players, **(options or {}))
    data = game.new_initial_state().to_json()
    if "roll" in changes and "dice_left" not in changes:
        roll = changes.pop("roll")
        state = game.state_from_json({**data, **changes})
        state.apply(game.parse_action(f"roll {roll[0]} {roll[1]}"))
    else:
        if "roll" in changes:
            changes.setdefault("phase", "decide")
        state = game.state_from_json({**data, **changes})
    assert isinstance(state, WidgetState)
    return state


def play(state: WidgetState, *texts: str) -> WidgetState:
    """Apply the actions written as ``texts`` in order; return the state."""
    for text in texts:
        state.apply(state.game.parse_action(text))
    return state


def places(state: WidgetState, seat: int) -> list[str]:
    return state.to_json()["figures"][seat]


def sorted_places(*names: Place) -> list[str]:
    """Places as the position lists them: sorted by number, ``connect`` and ``ship`` last."""
    order = {"connect": RING, "ship": RING + 1}
    return [str(p) for p in sorted(names, key=lambda p: order.get(str(p)) or int(p))]


def texts(state: WidgetState) -> set[str]:
    """The legal actions as text."""
    return {str(action) for action in state.legal_actions()}
