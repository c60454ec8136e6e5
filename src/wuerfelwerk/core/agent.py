"""What the driver needs of an agent, and what it tells an agent that remembers."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .action import Action
    from .state import State


class Agent(Protocol):
    """Chooses an action for ``player``, who is able to act in ``state``.

    An agent may read only what ``state.observation(player)`` shows and the legal
    actions; in games with hidden information it must never read the hidden part.

    An agent that remembers what it saw (Dimenticato) also has ``observe(state, player,
    moment)``: a driver calls it with the start position and after every action, chance
    included, with the new state and its ``state.moment()``, so the agent sees each
    position and each momentary reveal when the players at the table see it.
    """

    def choose(self, state: State, player: int) -> Action: ...


Observe = Callable[["State", int, "Mapping[str, Any] | None"], None]


def watchers(agents: Sequence[object] | Mapping[int, object]) -> list[tuple[int, Observe]]:
    """``(seat, agent.observe)`` for every agent that remembers what it sees; ``agents``
    by seat, as a list or a mapping."""
    found = []
    seated = agents.items() if isinstance(agents, Mapping) else enumerate(agents)
    for seat, agent in seated:
        observe = getattr(agent, "observe", None)
        if observe is not None:
            found.append((seat, observe))
    return found


def tell(watching: Sequence[tuple[int, Observe]], state: State) -> None:
    """Show ``state`` and its moment to every watching agent."""
    if watching:
        moment = state.moment()
        for seat, observe in watching:
            observe(state, seat, moment)
