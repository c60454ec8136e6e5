"""The features of a Mojave position for the value network.

For the side to move, then the other: how many dice it has and how many show each top
value (MOJ-5 to MOJ-8), how far they have come towards the other side, how many stand
beside one of their own, and which of them an enemy die could beat or tie next move. An
enemy die's arrival beside a die is found by its paths (MOJ-2, MOJ-3; other dice on the
way left aside) and fought as the rules sum strength (MOJ-5, MOJ-6, our gaps): where it
arrives beside two or three of the side's dice, their total defends against it; beside
this die alone, the arrival and every enemy die already beside this one attack it
together. Then the dice of the side to move in Zugzwang (MOJ-7) and how near the game
is to the draw after 200 moves without a die thrown (our gaps).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np

from ....core import Game, State
from ....games.mojave import ORIENTATIONS, TOPS, Board, MojaveGame, MojaveState
from ....games.mojave.fields import COLUMNS
from ....games.mojave.occupancy import SPAN
from ....games.mojave.paths import TURNED
from ....games.mojave.position import DICE_PER_PLAYER
from ....games.mojave.state import NO_CAPTURE_LIMIT
from ..network import FLOAT
from . import Features, register_features

VERSION = "mojave-2"
FACES = 6
#: Numbers per side: dice, dice per top value, ground covered, side by side, beaten,
#: tied (as dice and as the values they show).
PER_SIDE = 1 + FACES + 1 + 1 + 4


@cache
def arrival_table(board: Board) -> np.ndarray:
    """``table[slot, field]``: the highest top value a die in ``slot`` (field times the
    orientations, plus its orientation) can arrive with on ``field`` in one move, other
    dice left aside; 0 where it cannot, and in the last row and column (no die, no
    field)."""
    slots = len(ORIENTATIONS)
    table = np.zeros((board.size * slots + 1, board.size + 1), dtype=np.int8)
    for field in range(board.size):
        for orientation in range(slots):
            row = table[field * slots + orientation]
            for move in board.slot_paths[field * slots + orientation]:
                row[move.dest] = max(row[move.dest], TOPS[TURNED[move.shape][orientation]])
    return table


class MojaveFeatures(Features):
    version = VERSION

    def __init__(self, game: MojaveGame) -> None:
        board = game.board
        self.players = 2
        self.board = board
        self.size = 2 * PER_SIDE + 2
        slots = len(ORIENTATIONS)
        self.slots = slots
        self.tops = np.array([*TOPS, 0], dtype=np.int8)  # the last: no die
        self.arrival = arrival_table(board)
        #: A field no die stands on: the padding of a side's list of dice.
        self.nowhere = nowhere = board.size
        rows = board.rows
        row = np.arange(board.size + 1) // COLUMNS
        #: Per seat, how far a die on each field has come towards the other side.
        self.ground = np.stack([row / (rows - 1), (rows - 1 - row) / (rows - 1)]).astype(FLOAT)
        self.ground[:, nowhere] = 0.0
        #: Whether two fields are neighbours (the padding is nobody's neighbour).
        self.beside = np.zeros((nowhere + 1, nowhere + 1), dtype=bool)
        #: The neighbours of each field, padded with ``nowhere`` to four.
        self.around = np.full((nowhere + 1, 4), nowhere, dtype=np.intp)
        for field, neighbours in enumerate(board.neighbours):
            self.beside[field, list(neighbours)] = True
            self.around[field, : len(neighbours)] = neighbours

    def first(self, state: State) -> int:
        assert isinstance(state, MojaveState)
        return state.player

    def encode(self, state: State) -> list[float]:
        return [float(x) for x in self.encode_all([state])[0]]

    def encode_all(self, states: Sequence[State]) -> np.ndarray:
        count, dice = len(states), DICE_PER_PLAYER
        nowhere, no_face = self.nowhere, len(ORIENTATIONS)
        # Per state, side (the one to move first) and die: its field and orientation.
        at: list[int] = []
        up: list[int] = []
        movers = np.empty(count, dtype=np.intp)
        tail = np.zeros((count, 2), dtype=FLOAT)
        for index, state in enumerate(states):
            assert isinstance(state, MojaveState)
            face, where = state.face, state.where
            mover = state.player
            for seat in (mover, 1 - mover):
                base = seat * SPAN
                on = where[base + 1 : base + 1 + where[base]]
                at.extend(on)
                up.extend([face[f] for f in on])
                missing = dice - len(on)
                at.extend([nowhere] * missing)
                up.extend([no_face] * missing)
            movers[index] = mover
            tail[index, 0] = len(state.zugzwang) / 3
            tail[index, 1] = state.quiet / NO_CAPTURE_LIMIT
        fields = np.array(at, dtype=np.intp).reshape(count, 2, dice)
        faces = np.array(up, dtype=np.intp).reshape(count, 2, dice)
        present = fields != nowhere
        top = self.tops[faces]  # count x side x die
        slot = np.where(present, fields * self.slots + faces, self.arrival.shape[0] - 1)
        seats = np.stack([movers, 1 - movers], axis=1)
        # Per side and field, the top value of the side's die there (0: none).
        standing = np.zeros((count, 2, nowhere + 1), dtype=np.int16)
        np.put_along_axis(standing, fields, top.astype(np.int16), axis=2)
        standing[:, :, nowhere] = 0
        free = (standing == 0).all(axis=1)
        free[:, nowhere] = False
        # Per side and field, the total and the number of the side's dice beside it.
        total_beside = standing[:, :, self.around].sum(axis=3)
        count_beside = (standing[:, :, self.around] > 0).sum(axis=3)
        parts = []
        for side in (0, 1):
            mine, theirs = fields[:, side], 1 - side
            beaten, tied = self.fights(
                mine,
                top[:, side],
                # The strongest arrival of any enemy die on each free field.
                np.where(free, self.arrival[slot[:, theirs]].max(axis=1), 0),
                total_beside[:, side],
                count_beside[:, side],
                total_beside[:, theirs],
            )
            per_top = (top[:, side, :, None] == np.arange(1, FACES + 1)).sum(axis=1)
            friends = self.beside[mine[:, :, None], mine[:, None, :]].any(axis=2)
            number = present[:, side].sum(axis=1)
            ground = self.ground[seats[:, side, None], mine].sum(axis=1)
            parts.append(
                np.column_stack(
                    [
                        number / dice,
                        per_top / dice,
                        ground / np.maximum(number, 1),
                        friends.sum(axis=1) / dice,
                        beaten.sum(axis=1) / 4,
                        (beaten * top[:, side]).sum(axis=1) / 12,
                        tied.sum(axis=1) / 4,
                        (tied * top[:, side]).sum(axis=1) / 12,
                    ]
                )
            )
        return np.concatenate([*parts, tail], axis=1).astype(FLOAT)

    def fights(
        self,
        mine: np.ndarray,
        top: np.ndarray,
        arrival: np.ndarray,
        defence: np.ndarray,
        defenders: np.ndarray,
        attack: np.ndarray,
    ) -> tuple[np.ndarray, np.ndarray]:
        """Which of a side's dice (fields ``mine`` and values ``top``, a row per
        position) an enemy die arriving next move beats or ties, arriving on a free
        neighbour with the value ``arrival`` gives per field. ``defence`` and
        ``defenders`` give per field the total and number of the side's dice beside it,
        ``attack`` the total of the enemy's dice beside it."""
        rows = np.arange(len(mine))[:, None, None]
        near = self.around[mine]  # position x die x neighbour
        strength = arrival[rows, near].astype(np.int16)
        alone = defenders[rows, near] == 1
        # Beside this die alone: the arrival and the enemy dice beside it attack it.
        attackers = np.where(alone, strength + attack[rows, mine[:, :, None]], strength)
        defending = np.where(alone, top[:, :, None], defence[rows, near])
        arrives = strength > 0
        beaten = (arrives & (attackers > defending)).any(axis=2)
        tied = (arrives & (attackers == defending)).any(axis=2) & ~beaten
        return beaten, tied


@register_features("mojave")
def mojave_features(game: Game) -> MojaveFeatures:
    assert isinstance(game, MojaveGame)
    return MojaveFeatures(game)
