"""Dimenticato: a position is judged by how far each seat's figures are from home; the
memory is the greedy player's (the public log, forgetting with age); rollouts run in a
determinization, where every player names the value under the figure correctly."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ....core import Action, Game, State
from ....games.dimenticato import DESTINATION, NAME, DimenticatoGame, DimenticatoState
from ...heuristics.dimenticato import home_distances, lap
from ...heuristics.dimenticato_memory import Memory, last_seen
from . import Knowledge, Policy, Recall, register_knowledge, spread

#: Steps of lead that make a clear lead.
SCALE = 8.0


def recall(game: Game, forget: float, rng: random.Random) -> Recall:
    """The covered values a seat with forgetting rate ``forget`` still remembers."""
    assert isinstance(game, DimenticatoGame)
    memory = Memory(game, forget, rng)

    def remembered(observation: Mapping[str, Any]) -> dict[str, int]:
        turns = observation["turns"]
        seen = last_seen(observation)
        return {
            name: seen[name][0]
            for name in game.hidden_fields(observation)
            if name in seen and not memory.forgets(turns, name, turns - seen[name][1])
        }

    return remembered


def rollout_policy(game: Game, rng: random.Random) -> Policy:
    """Any figure; its value named right (DIM-5); the destination nearest home."""
    assert isinstance(game, DimenticatoGame)

    def choose(state: State, player: int) -> Action:
        assert isinstance(state, DimenticatoState)
        phase = state.phase
        if phase == NAME:
            return game.names[state.values[state.chosen] - 1]
        legal = state.legal_actions(player)
        if phase != DESTINATION:
            return rng.choice(legal)
        dist = home_distances(state.geometry)[player]
        return min(legal, key=lambda m: (dist[m.dest], rng.random()))  # type: ignore[attr-defined]

    return choose


@register_knowledge("dimenticato")
def dimenticato_knowledge(game: Game) -> Knowledge:
    assert isinstance(game, DimenticatoGame)

    def evaluate(state: State) -> list[float]:
        assert isinstance(state, DimenticatoState)
        geo = state.geometry
        tables = home_distances(geo)
        far = lap(geo)
        scores = [
            -sum(far if state.in_start(f) else tables[seat][f] for f in figures)
            for seat, figures in enumerate(state.figures)
        ]
        return spread(scores, SCALE)

    return Knowledge(evaluate, depth=12, rollout="own", memory=recall, policy=rollout_policy)
