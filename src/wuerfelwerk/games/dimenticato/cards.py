"""The card set (DIM-1), read from ``cards.json``, and laying a card on the board."""

from __future__ import annotations

import json
from importlib import resources
from typing import Final

from .geometry import Geometry


def _load() -> tuple[tuple[str, ...], tuple[int, ...], tuple[tuple[tuple[int, int], ...], ...]]:
    data = json.loads(resources.files(__package__).joinpath("cards.json").read_text())
    colours = tuple(data["colours"])
    cards = tuple(
        tuple((value, colours.index(colour)) for value, colour in card)
        for card in data["small_cards"]
    )
    return colours, tuple(data["large_card_values"]), cards


#: Colour names; seat ``s`` plays colour ``s`` and owns the large card of that colour.
COLOURS, LARGE_CARD_VALUES, SMALL_CARDS = _load()
ROTATIONS: Final = 4


def lay(
    geo: Geometry, position: int, fields: tuple[tuple[int, int], ...], rotation: int
) -> list[tuple[int, int, int]]:
    """(field, value, colour) for a card with ``fields`` listed clockwise from its
    top-left corner, laid on card ``position`` turned ``rotation`` quarter turns."""
    return [
        (4 * position + (k + rotation) % ROTATIONS, value, colour)
        for k, (value, colour) in enumerate(fields)
    ]


def large_card(geo: Geometry, seat: int) -> list[tuple[int, int, int]]:
    """The large card of ``seat``: values 2-5 in the owner's colour, its picture turned
    with the board (ours)."""
    fields = tuple((value, seat) for value in LARGE_CARD_VALUES)
    return lay(geo, geo.large_positions[seat], fields, geo.large_turns[seat])
