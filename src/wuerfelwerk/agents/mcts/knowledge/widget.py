"""Widget: a position is judged by the ground each seat has covered, less what the
villain may take back (the greedy player's ``standing``, WID-2 to WID-10), plus the
ground the seat to act can still expect from the dice of its turn.

Without that last term a position would look better for a seat just after its own move
than just before it, and the search, which judges positions at every stage of a turn,
would prefer whichever move it had looked at least deeply.
"""

from __future__ import annotations

from ....core import Game, State
from ....games.widget import WidgetState
from ....games.widget.state import DECIDE, ROLL
from ...heuristics.widget import SHIP_VALUE, standing
from . import Knowledge, register_knowledge, spread

#: A lead of this much ground (a good roll or two) is a clear lead.
SCALE = 15.0
#: The ground (standing against the opponent's) a seat gains, on average, from this
#: stage of its turn to the end of it: before the roll, and with two or one dice left
#: (pairs rolling again included). Measured over 150 two-player games of ``greedy``
#: against itself.
TEMPO_ROLL = 9.3
TEMPO_DICE = {2: 10.6, 1: 5.9}


def tempo(state: WidgetState) -> float:
    """The ground the seat to act can still expect from its turn."""
    if state.phase == ROLL:
        return TEMPO_ROLL
    if state.phase == DECIDE:
        return TEMPO_DICE.get(len(state.left), 0.0)
    return 0.0


@register_knowledge("widget")
def widget_knowledge(game: Game) -> Knowledge:
    players = game.num_players

    def evaluate(state: State) -> list[float]:
        assert isinstance(state, WidgetState)
        finished = state.finished
        scores = [
            # A seat with its places decided stands ahead of every seat still racing.
            10 * SHIP_VALUE * (players - finished.index(seat))
            if seat in finished
            else standing(state, seat)
            for seat in range(players)
        ]
        scores[state.player] += tempo(state)
        return spread(scores, SCALE)

    # Judged at once: the greedy player's own rollouts are slow, random ones too noisy.
    return Knowledge(evaluate, depth=0, rollout="random")
