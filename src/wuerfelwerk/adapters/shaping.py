"""A shaped reward for the environments: progress as a potential, for games whose random
play rarely ends, so that a learner sees something before the round limit.

Random Dimenticato play never brings four figures home: every game ends at the round
limit, a draw, and the return alone is zero throughout. With ``shaping=w`` the
environments add ``w`` times the change of each seat's potential to its reward at every
step: the seat's progress (``PROGRESS``, 0 at the start to 1 with every figure home)
less the mean progress of the other seats, and 0 once the game is over. That is
potential-based shaping (Ng, Harada and Russell, 1999): the steps' shaping adds up to
nothing over an episode, so every policy's total reward is still its return and the
best policy stays the best, while each step says whether it made progress. It is
zero-sum, as the returns are. Progress is read from the figures, which every seat sees:
it tells nobody anything hidden.
"""

from __future__ import annotations

from collections.abc import Callable

from ..agents.heuristics.dimenticato import home_distances, lap
from ..core import Game, State
from ..games.dimenticato import DimenticatoState

#: Per game: a seat's progress in [0, 1] in a state.
Progress = Callable[[State, int], float]


def dimenticato_progress(state: State, seat: int) -> float:
    """The share of the way home its four figures have made (DIM-4 to DIM-8): nothing
    for a figure still to leave the start fields, then the part of a lap it has
    covered, all of it at home."""
    assert isinstance(state, DimenticatoState)
    geo = state.geometry
    distances = home_distances(geo)[seat]
    whole = lap(geo)
    done = 0.0
    for field in state.figures[seat]:
        if not state.in_start(field):
            done += 1 - distances[field] / whole
    return done / len(state.figures[seat])


PROGRESS: dict[str, Progress] = {"dimenticato": dimenticato_progress}


class Shaping:
    """The potential of every seat in a game (``weight`` times progress less the others'
    mean), and the reward of a step as its change."""

    def __init__(self, game: Game, weight: float) -> None:
        if weight and game.name not in PROGRESS:
            shaped = ", ".join(sorted(PROGRESS))
            raise ValueError(f"no shaped reward for {game.name} (games with one: {shaped})")
        self.weight = weight
        self.progress = PROGRESS.get(game.name)
        self.seats = game.num_players

    def potentials(self, state: State) -> list[float]:
        if not self.weight or self.progress is None or state.is_terminal():
            return [0.0] * self.seats
        own = [self.progress(state, seat) for seat in range(self.seats)]
        total = sum(own)
        others = self.seats - 1
        return [self.weight * (mine - (total - mine) / others) for mine in own]
