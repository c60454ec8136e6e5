"""``ReachTable``: the moves from one start with one die, per layout of barricades.

A compiled module (the state reads these tables on every move): its attributes are
native fields there, where a class of the interpreted ``game.py`` would be looked up by
name.
"""

from __future__ import annotations

from .actions import Move
from .board import PathTable

#: Reachable destinations with their moves.
Reach = tuple[tuple[int, Move], ...]


class ReachTable:
    """From one start (a field, or a house) with one die: the fields a way reaches, and
    per layout of the barricades on the fields those ways pass, the moves that jump no
    barricade (MAL-8). Barricades seldom stand near, and when they do the same few
    layouts recur, so each layout is worked out once.

    ``passed`` holds only fields where a barricade can stand (``barrier_mask``): on the
    quick board those are numbered below 62, so the layout is a machine word in the
    compiled build.
    """

    def __init__(self, paths: PathTable, row: list[Move], barrier_mask: int) -> None:
        self.paths = paths
        self.row = row
        passed = 0
        for _, masks in paths:
            for mask in masks:
                passed |= mask
        self.passed = passed & barrier_mask
        self.by_layout: dict[int, Reach] = {}
        #: The layout asked for last and its answer: read first, before the dict.
        self.last_layout = -1
        self.last_moves: Reach = ()

    def moves(self, barricades: int) -> Reach:
        """The reachable destinations with their moves; figures not considered."""
        layout = self.passed & barricades
        if layout == self.last_layout:
            return self.last_moves
        found = self.by_layout.get(layout)
        if found is None:
            row = self.row
            found = self.by_layout[layout] = tuple(
                (dest, row[dest])
                for dest, masks in self.paths
                if any(not mask & layout for mask in masks)
            )
        self.last_layout = layout
        self.last_moves = found
        return found
