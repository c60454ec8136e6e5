"""What a Widget state reads on every step, built once per game: the shared action
objects, the rolls and what each leaves to decide, the seats' start fields, the options.

The game (``game.py``) stays plain Python; a state reads these through its typed
``tables`` attribute, so the compiled build reads them as native fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...core import Action
from .actions import Jump, Move, Pass, Roll, Stay, Throw
from .board import BLACK, COLOURS, CONNECT, FACE_NAMES, FACES, RING, SHIP, WHITE, Board

#: Every place a figure or the villain can be: the ring, the connecting field, the ship.
PLACES: Final = SHIP + 1


class Tables:
    """The game's actions and settings as one object of typed fields.

    Every action is one shared object: legal actions are looked up, never built. Lists
    handed out whole (``villain_choices``, ``stay_only``, ``pass_only``) are never
    changed by anyone.
    """

    def __init__(
        self,
        board: Board,
        seat_colours: tuple[int, ...],
        black_also_moves: bool,
        play_for_places: bool,
        roll_bound: int,
    ) -> None:
        self.board = board
        self.players = len(seat_colours)
        self.seat_colours: list[int] = list(seat_colours)
        #: Each seat's big start field (WID-1), where thrown figures return.
        self.seat_start: list[int] = [board.start[colour] for colour in seat_colours]
        self.black_also_moves = black_also_moves
        self.play_for_places = play_for_places
        self.roll_bound = roll_bound
        self.rolls: list[Roll] = [Roll(a, b) for a in range(FACES) for b in range(a, FACES)]
        self.roll_odds: list[tuple[Action, float]] = [
            (roll, (1 if roll.is_pair else 2) / FACES**2) for roll in self.rolls
        ]
        #: The roll of faces ``a`` and ``b`` at ``a * FACES + b``, in either order.
        by_faces = {(roll.first, roll.second): roll for roll in self.rolls}
        self.roll_at: list[Roll] = [
            by_faces[min(a, b), max(a, b)] for a in range(FACES) for b in range(FACES)
        ]
        #: The dice decided one by one after the roll at the same index (WID-2).
        self.dice_at: list[list[int]] = [
            roll.dice_to_decide(black_also_moves) for roll in self.roll_at
        ]
        self.pass_action = Pass()
        self.stay = Stay()
        self.pass_only: list[Action] = [self.pass_action]
        self.stay_only: list[Action] = [self.stay]
        self.colour_moves: list[list[Move]] = [
            [Move(c, o, c, f"{FACE_NAMES[c]} {_place(o)}") for o in range(CONNECT + 1)]
            for c in COLOURS
        ]
        self.white_moves: list[list[Move]] = [
            [Move(WHITE, o, c, f"white {o} as {FACE_NAMES[c]}") for c in COLOURS]
            for o in range(RING)
        ]
        self.enter_ship = Move(WHITE, CONNECT, SHIP, "white connect")
        self.jumps: list[Jump] = [Jump(f, f"villain {f}") for f in range(RING)]
        self.throws: list[list[Throw]] = [
            [Throw(seat, f, f"throw {FACE_NAMES[colour]} {f}") for f in range(RING)]
            for seat, colour in enumerate(seat_colours)
        ]
        #: ``villain_choices[other][villain]``: after black and ``other`` (a colour, or
        #: black for a black pair), with the villain on ``villain``: staying, then every
        #: jump to a field of that colour (any field after a black pair) but his own
        #: (WID-6). After black and white the throws are found on the board (WID-7).
        self.villain_choices: list[list[list[Action]]] = []
        for other in range(FACES):
            targets: Sequence[int] = board.fields_of[other] if other in COLOURS else ()
            if other == BLACK:
                targets = range(RING)
            self.villain_choices.append(
                [
                    [self.stay, *(self.jumps[f] for f in targets if f != villain)]
                    for villain in range(PLACES)
                ]
            )
        self.actions: list[Action] = [
            *self.rolls,
            self.pass_action,
            self.stay,
            *(move for row in self.colour_moves for move in row),
            *(move for row in self.white_moves for move in row),
            self.enter_ship,
            *self.jumps,
            *(throw for row in self.throws for throw in row),
        ]

    def roll_of(self, a: int, b: int) -> Roll:
        """The chance outcome for a roll of faces ``a`` and ``b``, in either order."""
        return self.roll_at[a * FACES + b]


def _place(place: int) -> str:
    return "connect" if place == CONNECT else str(place)
