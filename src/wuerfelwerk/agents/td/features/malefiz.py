"""The features of a Malefiz position for the value network.

Per seat, from the seat to act onwards, per figure (nearest the goal first): its way to
the goal with the barricades counted as detours, the way without them, how soon its way
meets a barricade (MAL-8), whether it is at home, how many opposing figures could
capture it with one roll and how many it could capture (MAL-7, MAL-9, MAL-10); then the
phase of the turn and the die.
"""

from __future__ import annotations

from ....core import Game, State
from ....games.malefiz import HOUSE, MalefizGame, MalefizState
from ....games.malefiz.board import MAX_DIE
from ....games.malefiz.state import MOVE, PLACE, ROLL
from ...heuristics.malefiz import goal_distances
from ...heuristics.malefiz_ways import ways, zones
from . import Features, register_features

VERSION = "malefiz-1"
#: Numbers per figure.
PER_FIGURE = 6
PHASES = (ROLL, MOVE, PLACE)


class MalefizFeatures(Features):
    version = VERSION

    def __init__(self, game: MalefizGame) -> None:
        board = game.board
        self.board = board
        self.players = game.num_players
        self.figures = board.figures_per_player
        self.entries = [board.houses[h].entry for h in game.houses]
        self.dist = goal_distances(board)
        self.zone = zones(board, MAX_DIE)
        # From home the entry field is the first step: one roll reaches five further.
        before = zones(board, MAX_DIE - 1)
        self.home_zone = [before[e] | 1 << e for e in self.entries]
        #: The longest plain way, from a house: the unit of every distance.
        self.unit = max(self.dist[e] for e in self.entries) + 1.0
        # Fields where a figure is safe from capture: rest fields and the forest (MAL-9,
        # MAL-10).
        safe = board.rest_mask | (0 if board.forest is None else 1 << board.forest)
        self.safe = safe
        self.size = self.players * self.figures * PER_FIGURE + len(PHASES) + MAX_DIE

    def first(self, state: State) -> int:
        assert isinstance(state, MalefizState)
        return state.player

    def encode(self, state: State) -> list[float]:
        assert isinstance(state, MalefizState)
        table = ways(self.board, state.barricades)
        length, clear = table.length, table.clear
        dist, unit, safe, zone = self.dist, self.unit, self.safe, self.zone
        figures = state.figures
        # Where each seat's figures stand, and which fields its figures at home reach
        # with one roll (the entry field is the first step, MAL-4).
        standing = [0] * self.players
        from_home = [0] * self.players
        for seat, fields in enumerate(figures):
            for field in fields:
                if field == HOUSE:
                    from_home[seat] = self.home_zone[seat]
                else:
                    standing[seat] |= 1 << field
        row: list[float] = []
        for seat in self.order(state):
            rivals = strike = 0
            for other in range(self.players):
                if other != seat:
                    rivals |= standing[other]
                    strike |= from_home[other]
            exposed_rivals = rivals & ~safe
            entry = self.entries[seat]
            rows = []
            for field in figures[seat]:
                if field == HOUSE:
                    rows.append((length[entry] + 1, dist[entry] + 1, clear[entry] + 1, 1.0, 0, 0))
                    continue
                near = zone[field]
                threatened = (
                    0 if safe >> field & 1 else (near & rivals).bit_count() + (strike >> field & 1)
                )
                threatening = (near & exposed_rivals).bit_count()
                rows.append(
                    (length[field], dist[field], clear[field], 0.0, threatened, threatening)
                )
            rows.sort()
            for way, plain, free, home, threatened, threatening in rows:
                row.append(way / unit)
                row.append(plain / unit)
                row.append((MAX_DIE + 1 - free) / MAX_DIE if free <= MAX_DIE else 0.0)
                row.append(home)
                row.append(threatened / 2)
                row.append(threatening / 2)
        phase, die = state.phase, state.die
        row.extend(1.0 if phase == p else 0.0 for p in PHASES)
        row.extend(1.0 if phase == MOVE and die == d else 0.0 for d in range(1, MAX_DIE + 1))
        return row


@register_features("malefiz")
def malefiz_features(game: Game) -> MalefizFeatures:
    assert isinstance(game, MalefizGame)
    return MalefizFeatures(game)
