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

    Masks hold only fields where a barricade can stand (``barrier_mask``): on the quick
    board those are numbered below 62, so every mask is a machine word in the compiled
    build.
    """

    def __init__(self, paths: PathTable, row: list[Move], barrier_mask: int) -> None:
        #: The ways to each destination, each as the fields it passes where a barricade
        #: can stand.
        self.paths: PathTable = [
            (dest, tuple(mask & barrier_mask for mask in masks)) for dest, masks in paths
        ]
        self.row = row
        passed = 0
        for _, masks in self.paths:
            for mask in masks:
                passed |= mask
        self.passed = passed
        self.by_layout: dict[int, Reach] = {}
        #: The layout asked for last with its answer, read first, before the dict: one
        #: tuple, written at once, since one game's tables serve every table of the
        #: server and its bots' threads (a layout and the answer of another layout,
        #: seen together, would be wrong moves).
        self.last: tuple[int, Reach] = (-1, ())

    def moves(self, barricades: int) -> Reach:
        """The reachable destinations with their moves; figures not considered."""
        layout = self.passed & barricades
        last = self.last
        if last[0] == layout:
            return last[1]
        found = self.by_layout.get(layout)
        if found is None:
            row = self.row
            free: list[tuple[int, Move]] = []
            for dest, masks in self.paths:
                for mask in masks:
                    if not mask & layout:  # a way that jumps no barricade
                        free.append((dest, row[dest]))
                        break
            found = self.by_layout[layout] = tuple(free)
        self.last = (layout, found)
        return found
