"""The shapes a move can take (MOJ-3 and our gaps): straight steps, then at most one
quarter turn and straight steps again, never turning back; 1 to 6 fields in all.

A shape is independent of where it starts; ``board.Board`` lays every shape on every
field. ``TURNED[shape][orientation]`` is the die's orientation at the end of the path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .dice import DIRECTIONS, ORIENTATIONS, TIPS

MAX_STEPS: Final = 6


@dataclass(frozen=True)
class Shape:
    """One or two legs, each ``(direction, fields)``; the second at a right angle."""

    legs: tuple[tuple[int, int], ...]

    @property
    def length(self) -> int:
        return sum(steps for _, steps in self.legs)

    def directions(self) -> list[int]:
        """The direction of every single tip, in order."""
        return [direction for direction, steps in self.legs for _ in range(steps)]


def _all_shapes() -> tuple[Shape, ...]:
    shapes = []
    for first in DIRECTIONS:
        for steps in range(1, MAX_STEPS + 1):
            shapes.append(Shape(((first, steps),)))
            # A quarter turn either way; half a turn would be turning back (MOJ-3).
            for second in ((first + 1) % 4, (first + 3) % 4):
                for more in range(1, MAX_STEPS + 1 - steps):
                    shapes.append(Shape(((first, steps), (second, more))))
    return tuple(shapes)


SHAPES: Final = _all_shapes()
#: ``LENGTHS[shape]``: the fields a die tips over along it, which its top value must be.
LENGTHS: Final = bytes(shape.length for shape in SHAPES)


def _turned(shape: Shape) -> tuple[int, ...]:
    result = []
    for number in range(len(ORIENTATIONS)):
        for direction in shape.directions():
            number = TIPS[number][direction]
        result.append(number)
    return tuple(result)


TURNED: Final = tuple(_turned(shape) for shape in SHAPES)
