"""The judge: each seat's chance to win from here, judged from what a seat knows.

``glances`` looks at every move at once (``leaves``), ``chance`` looks closer at one
(``searches``); ``look`` gives the chances of a position as it stands, for the chart and
the luck of the dice. ``judge_for(game)`` picks the strongest judge the game has: its
learned evaluation where its expert plays one (``expert_learns``: a network ships and
measured stronger), else its hand-made judgement, searched by the game's own search.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..agents.levels import expert_learns
from ..agents.td import evaluator_for, has_features
from ..core import Action, Game, InvalidAgentSpecError, State
from .leaves import Leaf, NetworkLeaf, RulesLeaf
from .searches import AlphaBetaSearch, Lookahead, Search, TreeSearch
from .views import View

#: Worlds drawn from a view that hides something, for a glance at its moves.
WORLDS = 8
#: Decisions of one seat played out in a row at most before a glance (``settle``).
SETTLE_LIMIT = 8


class Judge:
    """A glance (``leaf``) and a closer look (``search``) at the moves of one game."""

    def __init__(self, game: Game, leaf: Leaf, search: Search) -> None:
        self.game = game
        self.leaf = leaf
        self.search = search
        self.name = f"{leaf.name}, {search.name}"

    def look(self, state: State, seat: int | None = None) -> list[float]:
        """Each seat's chance in ``state`` as it stands, every value in it known; the turn
        of ``seat``, if it is to act, played out first (``settle``)."""
        return self.leaf.chances([self.settle(state, seat)])[0]

    def looks(self, states: Sequence[State]) -> list[list[float]]:
        """``look`` at the positions after each outcome of a roll: the turn of the seat
        who rolled (the one to act) played out first."""
        return self.leaf.chances([self.settle(state, state.current_player) for state in states])

    def settle(self, state: State, seat: int | None) -> State:
        """Where the glance does not see the rest of a turn, ``seat`` plays its turn out
        if it is to act, each decision the one that looks best at a glance: a roll's worth
        shows in what it lets the seat do (Widget: both dice), a figure's in where its
        value takes it (Dimenticato: chosen, named, moved). The position itself where the
        glance sees a whole turn. Only for a position the seat knows whole: playing on in
        a drawn world would read what the world made up."""
        if self.leaf.whole_turn or seat is None:
            return state
        if state.current_player != seat:
            return state
        state = state.clone()
        for _ in range(SETTLE_LIMIT):
            legal = state.legal_actions(seat)
            afters = []
            for action in legal:
                after = state.clone()
                after.apply(action)
                afters.append(after)
            rows = self.leaf.chances(afters)
            state = afters[max(range(len(legal)), key=lambda index: rows[index][seat])]
            if state.current_player != seat:
                break
        return state

    def glances(self, view: View, actions: Sequence[Action]) -> list[list[float]]:
        """Per action of ``actions`` (the seat's legal ones), each seat's chance after it,
        as ``view.seat`` sees it: the mean over several worlds where something is hidden
        from it (a name is right in some of them and wrong in the others)."""
        worlds = [view.draw() for _ in range(1 if view.whole else WORLDS)]
        afters: list[State] = []
        for action in actions:
            for world in worlds:
                after = world.clone()
                after.apply(action)
                afters.append(self.settle(after, view.seat) if view.whole else after)
        rows = self.leaf.chances(afters)
        count = len(worlds)
        players = self.game.num_players
        return [
            [
                sum(rows[index * count + w][seat] for w in range(count)) / count
                for seat in range(players)
            ]
            for index in range(len(actions))
        ]

    def chance(self, view: View, action: Action, positions: int, seed: int) -> float:
        """``view.seat``'s chance after ``action``, searched within ``positions``."""
        return self.search.chance(view, action, positions, seed)


def judge_for(game: Game) -> Judge | None:
    """The strongest judge ``game`` has; ``None`` for real-time games, which are
    decided by speed (``speed.py``)."""
    if game.simultaneous:
        return None
    if has_features(game) and game.perfect_information and expert_learns(game):
        try:
            evaluator = evaluator_for(game)
        except InvalidAgentSpecError:  # no network ships for these options
            pass
        else:
            return Judge(game, NetworkLeaf(evaluator), Lookahead(evaluator))
    search: Search
    if game.has_chance or not game.perfect_information or game.num_players != 2:
        search = TreeSearch(game, learned=False)
    else:
        search = AlphaBetaSearch(game)
    return Judge(game, RulesLeaf(game), search)
