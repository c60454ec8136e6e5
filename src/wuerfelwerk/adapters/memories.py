"""Each seat's view for the RL adapters: what a learner sees now, and what it may know
later.

In a game whose hidden values are shown once (Dimenticato), a seat's observation tells
what it sees now, and its ``Recall`` keeps what it saw before. The adapters feed every
seat's recall after every action and hand learners the information state (the
observation with what is remembered), so that a learner needs no memory of its own.

A learner's view leaves out the parts of the observation that record the game so far
(``Game.history_keys``, Dimenticato's log of events): they grow with the game, and what a
seat saw of them is summarised per field by its recall. So every view, string or tensor,
is as large as the board whatever the length of the game.
"""

from __future__ import annotations

from typing import Any

from ..core import Game, State


class Memories:
    """One ``Recall`` per seat, or none where the observation tells all."""

    def __init__(self, game: Game) -> None:
        recalls = [game.new_recall() for _ in range(game.num_players)]
        self.recalls = recalls if all(r is not None for r in recalls) else []
        self.history_keys = game.history_keys

    def copy(self) -> Memories:
        """An independent copy (a copied game state goes on with its own memories)."""
        other = Memories.__new__(Memories)
        other.recalls = [recall.copy() for recall in self.recalls if recall is not None]
        other.history_keys = self.history_keys
        return other

    def see(self, state: State) -> None:
        """Show every seat ``state`` and what its last action showed for a moment."""
        if not self.recalls:
            return
        moment = state.moment()
        for seat, recall in enumerate(self.recalls):
            assert recall is not None
            recall.observe(state.observation(seat), moment)

    def observation(self, state: State, seat: int) -> dict[str, Any]:
        """What ``seat`` sees now, without the record of the game so far."""
        observation = state.observation(seat)
        for key in self.history_keys:
            observation.pop(key, None)
        return observation

    def information(self, state: State, seat: int) -> dict[str, Any]:
        """What ``seat`` sees now, with what it remembers."""
        observation = self.observation(state, seat)
        if not self.recalls:
            return observation
        recall = self.recalls[seat]
        assert recall is not None
        return recall.information(observation)
