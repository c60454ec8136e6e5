"""Observation tensors: one module per game, the same arrays for PettingZoo and OpenSpiel.

A tensor is built from ``state.observation(player)`` alone, so it shows exactly what
that seat may see. Each game module defines a ``Tensor`` subclass named ``TENSOR`` with
its planes (the first axis) documented; ``docs/rl.md`` lists them. A game without a
module of its own gets ``HashedFeatures`` until it has one.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from ...core import Game


class Tensor(ABC):
    """The encoding of one game's observations as a float32 array of fixed ``shape``.

    ``planes`` names the slices along the first axis, in order; every value lies in
    ``[0, high]``.
    """

    planes: tuple[str, ...]
    shape: tuple[int, ...]
    high: float = 1.0
    #: What the other axes are, for the documentation (``"board rows, columns"``).
    axes: ClassVar[str] = ""

    def __init__(self, game: Game) -> None:
        self.game = game

    @abstractmethod
    def fill(self, observation: Mapping[str, Any], out: np.ndarray) -> None:
        """Write the tensor of ``observation`` into ``out`` (zeros, of ``shape``)."""

    def encode(self, observation: Mapping[str, Any]) -> np.ndarray:
        out = np.zeros(self.shape, np.float32)
        self.fill(observation, out)
        return out


def relative_seat(seat: int, viewer: int | None, players: int) -> int:
    """Seats counted from the viewer: 0 is the viewer, 1 the next seat, and so on.

    A spectator (``viewer`` None) sees the seats in their own order. Tensors put the
    viewer first so one network can play every seat.
    """
    return (seat - (viewer or 0)) % players


def tensor_for(game: Game) -> Tensor:
    """The tensor of ``game``: its own module's ``TENSOR``, else ``HashedFeatures``."""
    name = f"{__name__}.{game.name}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        from .hashed import HashedFeatures

        return HashedFeatures(game)
    tensor: Tensor = module.TENSOR(game)
    return tensor
