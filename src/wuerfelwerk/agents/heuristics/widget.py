"""``greedy`` for Widget: plan both dice of a roll to gain the most ground, enter the
spaceship whenever a white die allows, prefer fields of the own colour (the villain
cannot throw a figure there, WID-8), turn the villain on the leader, and keep far
advanced figures off fields where the villain can reach them cheaply."""

from __future__ import annotations

import random

from ...core import Action, Game, State
from ...games.widget import CONNECT, RING, SHIP, WidgetState
from ..spec import AgentSpec
from . import register_heuristic

#: A figure on the connecting field has done its lap; in the spaceship it is done.
CONNECT_VALUE = RING + 4.0
SHIP_VALUE = RING + 30.0
#: The chance that one opponent's roll lets the villain reach a given unprotected figure:
#: black and white (2/36), black and the field's colour (2/36), a black pair (1/36).
VILLAIN_REACH = 5 / 36
#: How much of the leading opponent's standing counts against us, and of the others'.
LEADER_WEIGHT = 1.0
OTHERS_WEIGHT = 0.25


def standing(state: WidgetState, seat: int) -> float:
    """The ground a seat has covered, less what the villain may cheaply take back."""
    board = state.board
    own = state.game.seat_colours[seat]
    start = board.start[own]
    opponents = state.game.num_players - 1 - len(state.finished)
    risk = VILLAIN_REACH * max(opponents, 1)
    total = 0.0
    for place in state.figures[seat]:
        if place == SHIP:
            total += SHIP_VALUE
        elif place == CONNECT:
            total += CONNECT_VALUE
        else:
            progress = (place - start) % RING
            total += progress
            if board.colour[place] != own:
                total -= risk * progress
    return total


def evaluate(state: WidgetState, player: int) -> float:
    """Our standing against the leading opponent's, and a little against the rest."""
    finished = state.finished
    if player in finished:
        return 1e9 - 1e6 * finished.index(player)
    others = sorted(
        (
            standing(state, seat)
            for seat in range(state.game.num_players)
            if seat != player and seat not in finished  # places already decided
        ),
        reverse=True,
    )
    if not others:
        return standing(state, player)
    rest = sum(others[1:])
    return standing(state, player) - LEADER_WEIGHT * others[0] - OTHERS_WEIGHT * rest


class WidgetGreedy:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, WidgetState)
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        return max(legal, key=lambda a: (self._value(state, player, a, 1), self.rng.random()))

    def _value(self, state: WidgetState, player: int, action: Action, depth: int) -> float:
        """The evaluation after ``action`` and the best decision for the die left over."""
        after = state.clone()
        after.apply(action)
        if depth and after.phase == "decide" and after.player == player:
            return max(self._value(after, player, a, 0) for a in after.legal_actions())
        return evaluate(after, player)


@register_heuristic("widget")
def make_widget_greedy(game: Game, spec: AgentSpec, seed: int) -> WidgetGreedy:
    spec.check_keys()
    return WidgetGreedy(seed)
