"""Each seat's memory for the RL adapters: what a learner was shown and may know later.

In a game whose hidden values are shown once (Dimenticato), a seat's observation tells
what it sees now, and its ``Recall`` keeps what it saw before. The adapters feed every
seat's recall after every action and hand learners the information state (the
observation with what is remembered), so that a learner needs no memory of its own.
"""

from __future__ import annotations

import copy
from typing import Any

from ..core import Game, State


class Memories:
    """One ``Recall`` per seat, or none where the observation tells all."""

    def __init__(self, game: Game) -> None:
        recalls = [game.new_recall() for _ in range(game.num_players)]
        self.recalls = recalls if all(r is not None for r in recalls) else []

    def copy(self) -> Memories:
        """An independent copy (a copied game state goes on with its own memories)."""
        other = Memories.__new__(Memories)
        other.recalls = [copy.deepcopy(recall) for recall in self.recalls]
        return other

    def see(self, state: State) -> None:
        """Show every seat ``state`` and what its last action showed for a moment."""
        if not self.recalls:
            return
        moment = state.moment()
        for seat, recall in enumerate(self.recalls):
            assert recall is not None
            recall.observe(state.observation(seat), moment)

    def information(self, state: State, seat: int) -> dict[str, Any]:
        """What ``seat`` sees now, with what it remembers."""
        observation = state.observation(seat)
        if not self.recalls:
            return observation
        recall = self.recalls[seat]
        assert recall is not None
        return recall.information(observation)
