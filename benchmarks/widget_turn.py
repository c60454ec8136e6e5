"""Widget: what looking one turn further than the greedy player is worth.

    python benchmarks/widget_turn.py [--games 200] [--width 4]

A whole-turn expectimax plays ``greedy`` (two players, seats rotated, seeded, the same
games as ``wuerfelwerk simulate``): it tries every way to use both dice of its roll
(WID-2, WID-5 to WID-7) and, for the ``--width`` best by the greedy player's judgement,
weighs each of the opponent's 21 rolls by its odds, the opponent answering as the
greedy player would, all judged by the greedy player's ``evaluate``. The greedy player
plans its own roll the same way but stops there. Prints the win rate with its 95%
Wilson interval.
"""

from __future__ import annotations

import argparse

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.agents.heuristics.widget import evaluate
from wuerfelwerk.core import Action, Agent, State, derive_seed
from wuerfelwerk.games.widget import WidgetState
from wuerfelwerk.sim.runner import Matchup
from wuerfelwerk.sim.stats import wilson_interval


def share(part: float, whole: int) -> str:
    rate = part / whole if whole else 0.0
    low, high = wilson_interval(rate, whole)
    return f"{rate:.1%} (95% CI {low:.1%}-{high:.1%}, {whole} games)"


class TurnExpectimax:
    """Plans its whole roll, then weighs the opponent's answer to every roll."""

    def __init__(self, seed: int, width: int) -> None:
        self.width = width
        self.seed = seed

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, WidgetState)
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        plans: list[tuple[float, int, WidgetState]] = []
        for number, action in enumerate(legal):
            after = state.clone()
            after.apply(action)
            for end in self._ends(after, player):
                plans.append((evaluate(end, player), number, end))
        plans.sort(key=lambda plan: -plan[0])
        best, best_value = plans[0][1], float("-inf")
        for _, number, end in plans[: self.width]:
            value = self._answered(end, player)
            if value > best_value:
                best, best_value = number, value
        return legal[best]

    def _ends(self, state: WidgetState, player: int) -> list[WidgetState]:
        """Every position where the roll's decisions are done (WID-2)."""
        if state.is_terminal() or state.current_player != player:
            return [state]
        ends = []
        for action in state.legal_actions(player):
            after = state.clone()
            after.apply(action)
            ends.extend(self._ends(after, player))
        return ends

    def _answered(self, state: WidgetState, player: int) -> float:
        """The evaluation once the opponent has rolled and answered, over its rolls."""
        if state.is_terminal() or state.player == player:
            return evaluate(state, player)  # the game is over, or our pair rolls again
        answer = make_agent("greedy", state.game, self.seed)
        total = 0.0
        for roll, probability in state.chance_outcomes():
            after = state.clone()
            after.apply(roll)
            opponent = after.current_player
            while not after.is_terminal() and after.current_player == opponent:
                after.apply(answer.choose(after, opponent))
            total += probability * evaluate(after, player)
        return total


def turns(games: int, width: int) -> None:
    game = wuerfelwerk.load("widget", players=2)
    matchup = Matchup("widget", {"players": 2}, ("expectimax", "greedy"), seed=0)
    won = 0.0
    for index in range(games):
        seats = matchup.seats(index, 2)
        agents: list[Agent] = [
            TurnExpectimax(derive_seed(0, index, "seat", s), width)
            if a == 0
            else make_agent("greedy", game, derive_seed(0, index, "seat", s))
            for s, a in enumerate(seats)
        ]
        record = wuerfelwerk.play(game, agents, derive_seed(0, index))
        assert record.outcome is not None
        winners = record.outcome.winners or frozenset({0, 1})
        mine = seats.index(0)
        won += 1 / len(winners) if mine in winners else 0.0
    print(f"whole-turn expectimax (width {width}) against greedy: {share(won, games)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--width", type=int, default=4)
    args = parser.parse_args()
    turns(args.games, args.width)


if __name__ == "__main__":
    main()
