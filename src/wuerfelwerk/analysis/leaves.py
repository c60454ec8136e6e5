"""A glance at positions: each seat's chance to win, without searching.

Where a value network ships for the game (``agents.td.evaluator_for``), its calibrated
chances are the glance. Elsewhere the game's hand-made judgement of the search bots
(``agents.mcts.knowledge``) stands in: per-seat values in [-1, 1], turned into chances
that add up to one. Those are rough (a value of 0.5 is not a 75% chance), which is why
the analysis searches before it calls a move a mistake.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..agents.mcts.knowledge import knowledge_for
from ..agents.td import Evaluator
from ..core import Game, State


class Leaf(Protocol):
    """Each seat's chance to win from each of ``states``, at a glance."""

    #: In words, for the report: what judges.
    name: str
    #: Whether the glance sees what the rest of the mover's turn is worth (a network
    #: trained on every phase of a turn, the die included) or the mover must first play
    #: its turn out (``Judge.settle``).
    whole_turn: bool

    def chances(self, states: Sequence[State]) -> list[list[float]]: ...


def result(state: State) -> list[float]:
    """Each seat's share of the win in a finished game: the winners share it; in a draw,
    everybody alike."""
    outcome = state.outcome()
    assert outcome is not None
    players = state.game.num_players
    winners = outcome.winners or frozenset(range(players))
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(players)]


def from_values(values: Sequence[float]) -> list[float]:
    """Chances from per-seat values in [-1, 1] (a lead squashed by ``tanh``): each value
    moved to [0, 1], then scaled to add up to one."""
    raised = [min(1.0, max(0.0, (value + 1.0) / 2.0)) for value in values]
    total = sum(raised)
    if total <= 0:
        return [1.0 / len(values)] * len(values)
    return [share / total for share in raised]


def from_return(mean: float, players: int) -> float:
    """A seat's chance from its mean return in a search (``Outcome.returns``: +1 for sole
    first place, -1/(n-1) on average for a loss), which is exact for two players and
    counts places for more."""
    return min(1.0, max(0.0, ((players - 1) * mean + 1.0) / players))


class NetworkLeaf:
    """The learned evaluation of the game: calibrated chances from a value network."""

    whole_turn = True

    def __init__(self, evaluator: Evaluator) -> None:
        self.evaluator = evaluator
        self.name = "learned evaluation"

    def chances(self, states: Sequence[State]) -> list[list[float]]:
        rows: list[list[float]] = [[] for _ in states]
        open_rows = [row for row, state in enumerate(states) if not state.is_terminal()]
        if open_rows:
            judged = self.evaluator.chances([states[row] for row in open_rows])
            for row, chances in zip(open_rows, judged.tolist(), strict=True):
                rows[row] = [float(chance) for chance in chances]
        for row, state in enumerate(states):
            if state.is_terminal():
                rows[row] = result(state)
        return rows


class RulesLeaf:
    """The hand-made judgement the search bots use where a rollout stops."""

    whole_turn = False

    def __init__(self, game: Game) -> None:
        self.evaluate = knowledge_for(game).evaluate
        self.name = "hand-made judgement"

    def chances(self, states: Sequence[State]) -> list[list[float]]:
        return [
            result(state) if state.is_terminal() else from_values(self.evaluate(state))
            for state in states
        ]
