"""``play``: run one game between agents, with chance drawn from a seeded RNG."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .action import Action
from .agent import Agent, tell, watchers
from .chance import SeededChance
from .errors import IllegalActionError
from .game import Game
from .record import Record
from .state import CHANCE, SIMULTANEOUS, State


def play(
    game: Game,
    agents: Sequence[Agent],
    seed: int | None = None,
    *,
    state: State | None = None,
    on_action: Callable[[State, Action, int], None] | None = None,
    players: Sequence[str] | None = None,
) -> Record:
    """Play ``game`` from ``state`` (default: the start) to its end; return the record.

    Chance outcomes come from ``SeededChance(seed)``. In ``SIMULTANEOUS`` states the
    next seat to act is drawn uniformly (seeded) from the active players (games with a timing
    model bring their own driver). ``on_action(state, action, player)`` is called after
    each action, with the new state. Agents that remember what they see are shown every
    position and moment (``Agent``). An agent's illegal choice raises
    ``IllegalActionError``.
    """
    if len(agents) != game.num_players:
        raise ValueError(f"{game.name} has {game.num_players} seats, not {len(agents)} agents")
    chance = SeededChance(seed)
    rng = random.Random(seed)
    record = Record(game.name, game.options_json(), seed, players=list(players or []) or None)
    if state is None:
        state = game.new_initial_state()
    else:
        record.start = state.to_json()
    watching = watchers(agents)
    tell(watching, state)
    for _ in range(game.max_game_length + 1):
        if state.is_terminal():
            record.outcome = state.outcome()
            return record
        player = state.current_player
        if player == CHANCE:
            action = chance.draw(state, len(record.actions))
        else:
            if player == SIMULTANEOUS:
                player = rng.choice(state.active_players)
            action = agents[player].choose(state, player)
        state.apply(action)
        record.actions.append(str(action))
        tell(watching, state)
        if on_action is not None:
            on_action(state, action, player)
    raise IllegalActionError("", f"{game.name} exceeded its bound of {game.max_game_length}")
