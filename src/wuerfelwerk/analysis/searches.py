"""A closer look at a move: a search from the position it leads to, within a number of
positions (never the clock, so the same record and budget give the same analysis).

The game's own bots do the looking: where a network ships, the learned evaluation a
turn ahead over the dice (the expert's look); else MCTS with chance nodes where there
are dice, information-set MCTS over the positions a seat's memory allows where values
are hidden from it, alpha-beta where there are neither dice nor hidden values. Each
answers the chance of the seat that made the move.
"""

from __future__ import annotations

import dataclasses
from typing import Protocol

from ..agents.alphabeta import AlphaBetaAgent
from ..agents.mcts import MCTSAgent, MCTSConfig
from ..agents.mcts.knowledge import knowledge_for
from ..agents.mcts.search import Budget
from ..agents.mcts.tree import Node
from ..agents.td import Evaluator
from ..agents.td.agent import TDAgent
from ..core import Action, Game, State
from .leaves import from_return, from_values, result
from .views import View


class Search(Protocol):
    """``view.seat``'s chance to win after it takes ``action`` in ``view``'s position,
    searched within ``positions`` positions, every draw from ``seed``."""

    #: In words, for the report.
    name: str
    #: The positions one look costs where a search always looks as far (``Lookahead``):
    #: the budget then pays for more moves looked at; ``None`` where a search takes the
    #: positions it is given.
    cost: int | None

    def chance(self, view: View, action: Action, positions: int, seed: int) -> float: ...


def _after(view: View, action: Action) -> State:
    world = view.draw()
    world.apply(action)
    return world


class Lookahead:
    """The learned evaluation a turn further (the expert's look, ``td:depth=2``): after
    the move, every roll with its probability, the next seat's best answer at a glance,
    and the network's chances there. No sampling: the same move always looks the same."""

    def __init__(self, evaluator: Evaluator) -> None:
        self.agent = TDAgent(evaluator, seed=0, depth=2)
        self.name = "a turn ahead"
        #: Positions a look costs, about: six rolls, some ten answers to each.
        self.cost: int | None = 100

    def chance(self, view: View, action: Action, positions: int, seed: int) -> float:
        return self.agent.expect(view.draw(), action, view.seat)


class TreeSearch:
    """MCTS from the position after the move (closed loop, chance nodes included), or
    from a fresh world drawn from the seat's view at every iteration (open loop,
    information-set MCTS) where something is hidden from it."""

    def __init__(self, game: Game, learned: bool) -> None:
        self.game = game
        self.config = MCTSConfig(learned=learned, depth=0 if learned else None, reuse=False)
        self.name = "MCTS"
        self.cost: int | None = None

    def chance(self, view: View, action: Action, positions: int, seed: int) -> float:
        seat = view.seat
        agent = MCTSAgent(self.game, self.config, seed)
        search = agent.searcher
        budget = Budget(iters=positions)
        if view.whole:
            after = _after(view, action)
            if after.is_terminal():
                return result(after)[seat]
            root = Node(after.current_player, seat)
            search.run(root, after, budget)
        else:
            # Every name is tried: a world's value must not tell the seat what to say.
            search = dataclasses.replace(search, candidates=None)
            root = Node(seat, seat)
            search.run(root, lambda: _after(view, action), budget)
        return from_return(root.mean(), self.game.num_players)


class AlphaBetaSearch:
    """Alpha-beta from the position after the move, as deep as the positions allow."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.evaluate = knowledge_for(game).evaluate
        self.name = "alpha-beta"
        self.cost: int | None = None

    def chance(self, view: View, action: Action, positions: int, seed: int) -> float:
        seat = view.seat
        after = _after(view, action)
        if after.is_terminal():
            return result(after)[seat]
        value = AlphaBetaAgent(self.evaluate, None, None, seed).value(after, seat, positions)
        # A decided game is worth more than any judgement: a sure win or loss.
        values = [value if other == seat else -value for other in range(self.game.num_players)]
        return from_values(values)[seat]
