"""Fields: 15 columns, numbered along the rows from ``a1``, and named like chess squares:
column letter ``a``-``o`` and row number from red's (the south) edge."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

COLUMNS: Final = 15
#: How the field number changes with one step north, east, south and west.
STRIDES: Final = (COLUMNS, 1, -COLUMNS, -1)


def field_name(field: int) -> str:
    return f"{chr(ord('a') + field % COLUMNS)}{field // COLUMNS + 1}"


def path_text(origin: int, legs: Iterable[tuple[int, int]]) -> str:
    """A path as written: ``c3-c7`` or ``c3-c6-e6``, the start, then where each leg
    (``(direction, fields)``) ends."""
    fields = [origin]
    for direction, steps in legs:
        fields.append(fields[-1] + STRIDES[direction] * steps)
    return "-".join(field_name(field) for field in fields)
