"""Dimenticato: a position is judged by how far each seat's figures are from home and by
the values they stand on (a figure moves by the value under it, DIM-5, and comes home
only with an exact count, DIM-7); the memory is the greedy player's (what the seat was
shown, forgetting with age); rollouts are played by the greedy player in a determinization,
where it knows every value, and the tree names only the value there.

The seat to move is credited with the steps a turn is worth on average: otherwise a
position would look better for a seat just after its move than just before it, and the
search, which judges positions after odd and even numbers of moves, would prefer
whichever move it had looked at least deeply."""

from __future__ import annotations

import random

from ....core import Action, Game, State
from ....games.dimenticato import NAME, DimenticatoGame, DimenticatoState
from ...heuristics.dimenticato import (
    ENTRY_BONUS,
    SAFE_BONUS,
    VALUE_WEIGHT,
    DeterminizedGreedy,
    home_distances,
    lap,
)
from ...heuristics.dimenticato_memory import Memory
from . import Knowledge, Policy, register_knowledge, spread

#: Steps of lead that make a clear lead.
SCALE = 8.0
#: A figure near home whose value leads nowhere (DIM-6, DIM-7) waits to be captured
#: back: it counts this many steps further away.
STUCK = 20.0
#: Within this many steps of home, what matters is whether the value leads home.
NEAR = 6 + 3
#: A figure at home is worth more than any figure on the track could be (DIM-8).
HOME = ENTRY_BONUS + SAFE_BONUS + 1.0
#: The standing (against the opponent's) a seat gains with one turn, on average over
#: 100 two-player games of ``greedy`` against itself.
TEMPO = 5.4


def memory(game: Game, forget: float, rng: random.Random) -> Memory:
    """The memory of a seat with forgetting rate ``forget``: the greedy player's."""
    assert isinstance(game, DimenticatoGame)
    return Memory(game, forget, rng)


@register_knowledge("dimenticato")
def dimenticato_knowledge(game: Game) -> Knowledge:
    assert isinstance(game, DimenticatoGame)

    def standing(state: DimenticatoState, seat: int) -> float:
        """Steps home, less the greedy player's bonuses for what a figure stands on: a
        value that carries it home (a value that leads nowhere: a figure stuck), a high
        value far out, its own colour (DIM-9)."""
        geo = state.geometry
        dist = home_distances(geo)[seat]
        home = geo.block_seat
        total = 0.0
        for field in state.figures[seat]:
            if state.in_start(field):
                total -= lap(geo)
                continue
            left = dist[field]
            if left == 0:
                total += HOME
                continue
            value = state.values[field]
            total -= left
            if left <= NEAR:
                reach = state.reachable(field, value)
                if any(home[f] == seat for f in reach):
                    total += ENTRY_BONUS
                elif not reach:
                    total -= STUCK
            else:
                total += VALUE_WEIGHT * value
            if state.colours[field] == seat:
                total += SAFE_BONUS
        return total

    def evaluate(state: State) -> list[float]:
        assert isinstance(state, DimenticatoState)
        scores = [standing(state, seat) for seat in range(game.num_players)]
        mover = state.current_player
        if mover >= 0:
            scores[mover] += TEMPO
        return spread(scores, SCALE)

    names = game.names

    def candidates(state: State, player: int) -> list[Action]:
        """The tree names only the value under the figure (in the determinization): a
        wrong name is a lost turn, and trying all six at every figure, ours and the
        opponent's, would spend most of the search on lost turns (DIM-5)."""
        assert isinstance(state, DimenticatoState)
        if state.phase == NAME:
            return [names[state.values[state.chosen] - 1]]
        return state.legal_actions(player)

    def policy(game: Game, rng: random.Random) -> Policy:
        """Rollouts: the greedy player reading the determinization's values."""
        assert isinstance(game, DimenticatoGame)
        return DeterminizedGreedy(game, 0.0, rng.getrandbits(64)).choose

    return Knowledge(
        evaluate, depth=8, rollout="own", memory=memory, policy=policy, candidates=candidates
    )
