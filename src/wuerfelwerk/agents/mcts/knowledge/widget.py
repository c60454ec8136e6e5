"""Widget: a position is judged by the ground each seat has covered, less what the
villain may take back (the greedy player's ``standing``, WID-2 to WID-10)."""

from __future__ import annotations

from ....core import Game, State
from ....games.widget import WidgetState
from ...heuristics.widget import SHIP_VALUE, standing
from . import Knowledge, register_knowledge, spread

#: A lead of this much ground (a good roll or two) is a clear lead.
SCALE = 15.0


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
        return spread(scores, SCALE)

    # Judged at once: the greedy player's own rollouts are slow, random ones too noisy.
    return Knowledge(evaluate, depth=0, rollout="random")
