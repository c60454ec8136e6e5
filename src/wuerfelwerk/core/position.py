"""Checks for reading positions from JSON: each names what is wrong."""

from __future__ import annotations

from typing import Any

from .errors import InvalidPositionError


def whole_number(value: Any, what: str, low: int = 0) -> int:
    """``value`` as a whole number of at least ``low`` (JSON booleans are not numbers)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise InvalidPositionError(f"{what} must be a whole number of at least {low}")
    return value


def seat_number(value: Any, players: int, what: str) -> int:
    """``value`` as a seat number of a game of ``players``."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise InvalidPositionError(f"{what} must be a seat from 0 to {players - 1}")
    return value
