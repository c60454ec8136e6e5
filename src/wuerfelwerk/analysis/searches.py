"""A closer look at a move: a search from the position it leads to, within a number of
positions (never the clock, so the same record and budget give the same analysis).

The game's own search bots do the looking: MCTS with chance nodes where there are dice
(its leaves judged by the learned evaluation where a network ships), information-set
MCTS over the positions a seat's memory allows where values are hidden, alpha-beta where
there are neither dice nor hidden values. Each answers the chance of the seat that made
the move.
"""

from __future__ import annotations

import dataclasses
from typing import Protocol

from ..agents.alphabeta import AlphaBetaAgent
from ..agents.mcts import MCTSAgent, MCTSConfig
from ..agents.mcts.knowledge import knowledge_for
from ..agents.mcts.search import Budget
from ..agents.mcts.tree import Node
from ..core import Action, Game, State
from .leaves import from_return, from_values, result
from .views import View


class Search(Protocol):
    """``view.seat``'s chance to win after it takes ``action`` in ``view``'s position,
    searched within ``positions`` positions, every draw from ``seed``."""

    #: In words, for the report.
    name: str

    def chance(self, view: View, action: Action, positions: int, seed: int) -> float: ...


def _after(view: View, action: Action) -> State:
    world = view.draw()
    world.apply(action)
    return world


class TreeSearch:
    """MCTS from the position after the move (closed loop, chance nodes included), or
    from a fresh world drawn from the seat's view at every iteration (open loop,
    information-set MCTS) where something is hidden from it."""

    def __init__(self, game: Game, learned: bool) -> None:
        self.game = game
        self.config = MCTSConfig(learned=learned, depth=0 if learned else None, reuse=False)
        self.name = "MCTS"

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

    def chance(self, view: View, action: Action, positions: int, seed: int) -> float:
        seat = view.seat
        after = _after(view, action)
        if after.is_terminal():
            return result(after)[seat]
        value = AlphaBetaAgent(self.evaluate, None, None, seed).value(after, seat, positions)
        # A decided game is worth more than any judgement: a sure win or loss.
        values = [value if other == seat else -value for other in range(self.game.num_players)]
        return from_values(values)[seat]
