"""The phases of a turn and other small constants shared by the rules modules."""

from __future__ import annotations

from typing import Final

from ...core.state import OVER as OVER

DEAL: Final = "deal"
FIGURE: Final = "figure"
NAME: Final = "name"
GO: Final = "go"
DESTINATION: Final = "destination"
PHASES = (DEAL, FIGURE, NAME, GO, DESTINATION, OVER)
EMPTY: Final = -1
FIGURES: Final = 4  # DIM-1
