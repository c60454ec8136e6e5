"""What the driver needs of an agent."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .action import Action
    from .state import State


class Agent(Protocol):
    """Chooses an action for ``player``, who is able to act in ``state``.

    An agent may read only what ``state.observation(player)`` shows and the legal
    actions; in games with hidden information it must never read the hidden part.
    """

    def choose(self, state: State, player: int) -> Action: ...
