"""``Recall``: one player's memory of a game with hidden information."""

from __future__ import annotations

import copy
from abc import abstractmethod
from collections.abc import Mapping
from typing import Any


class Recall:  # not an ``ABC``, as ``State`` (see there)
    """What one player has seen, kept from the moment it was seen.

    In a game with hidden information what a player knows is more than what it sees now:
    Dimenticato shows every value once and then covers it. A ``Recall`` is fed the
    player's observation after every action together with the action's moment
    (``State.moment()``); ``information(observation)`` is the observation with what is
    remembered, the player's information state with perfect recall. The game makes one
    per player (``Game.new_recall``); the RL adapters hand it to learners, and bots build
    their (perhaps forgetful) memories on it.
    """

    @abstractmethod
    def observe(self, observation: Mapping[str, Any], moment: Mapping[str, Any] | None) -> None:
        """Take in what the player sees now, and what the last action showed for a moment."""

    @abstractmethod
    def information(self, observation: Mapping[str, Any]) -> dict[str, Any]:
        """``observation`` with what this player remembers beyond it."""

    def copy(self) -> Recall:
        """An independent copy, for a copied game that goes on with its own memories."""
        return copy.deepcopy(self)
