"""The phases of a turn and other small constants shared by the rules modules."""

from __future__ import annotations

DEAL, FIGURE, NAME, GO, DESTINATION, OVER = "deal", "figure", "name", "go", "destination", "over"
PHASES = (DEAL, FIGURE, NAME, GO, DESTINATION, OVER)
EMPTY = -1
FIGURES = 4  # DIM-1
