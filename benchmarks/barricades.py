"""Where Malefiz bots put the barricades they take (MAL-8), and how they fare.

    python benchmarks/barricades.py --board classic --agents bot:expert,greedy --games 40

Plays the same seeded games as ``wuerfelwerk simulate malefiz --agents ...`` (seats
rotated, the same seeds) and looks at every barricade a bot places: is the field on a
shortest way from the leading opponent figure (the one nearest the goal) to the goal,
"ahead of the leader", and is it within one roll (six steps) of that figure? Prints per
agent the placements, both shares and the win rate, each with its 95% Wilson interval,
and the barricades it took (and so placed) per game.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

import wuerfelwerk
from wuerfelwerk.agents import make_agent, split_specs
from wuerfelwerk.agents.heuristics.malefiz import (
    figure_distance,
    goal_distances,
    leading_figure,
    shortest_way_fields,
)
from wuerfelwerk.core import Action, Agent, State, derive_seed
from wuerfelwerk.games.malefiz import MalefizState, PlaceBarricade
from wuerfelwerk.sim.runner import Matchup
from wuerfelwerk.sim.stats import wilson_interval

#: The most steps one roll of the die covers (MAL-3).
ROLL = 6


@dataclass
class Placements:
    placed: int = 0
    ahead: int = 0
    near: int = 0
    games: int = 0
    won: float = 0.0


def judge(state: MalefizState, player: int, field: int) -> tuple[bool, bool]:
    """Whether ``field`` is ahead of the leading opponent figure, and within a roll of it."""
    opponents = [seat for seat in range(state.game.num_players) if seat != player]
    leader = leading_figure(state, opponents)
    ahead = field in shortest_way_fields(state.board, leader) or field == leader
    dist = goal_distances(state.board)
    gap = min(figure_distance(state, seat, f) for seat in opponents for f in state.figures[seat])
    return ahead, ahead and gap - dist[field] <= ROLL


class Watched:
    """An agent whose barricade placements are counted."""

    def __init__(self, agent: Agent, counts: Placements) -> None:
        self.agent = agent
        self.counts = counts

    def choose(self, state: State, player: int) -> Action:
        action = self.agent.choose(state, player)
        if isinstance(action, PlaceBarricade):
            assert isinstance(state, MalefizState)
            ahead, near = judge(state, player, action.field)
            self.counts.placed += 1
            self.counts.ahead += ahead
            self.counts.near += near
        return action


def share(part: float, whole: int) -> str:
    rate = part / whole if whole else 0.0
    low, high = wilson_interval(rate, whole)
    return f"{rate:6.1%} ({low:.1%}-{high:.1%})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="quick")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--agents", default="bot:expert,greedy")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    specs = tuple(split_specs(args.agents))
    matchup = Matchup("malefiz", {"players": args.players, "board": args.board}, specs, args.seed)
    game = wuerfelwerk.load("malefiz", players=args.players, board=args.board)
    counts = {spec: Placements() for spec in specs}
    for index in range(args.games):
        seats = matchup.seats(index, game.num_players)
        agents: list[Agent] = [
            Watched(
                make_agent(specs[a], game, derive_seed(args.seed, index, "seat", s)),
                counts[specs[a]],
            )
            for s, a in enumerate(seats)
        ]
        record = wuerfelwerk.play(game, agents, derive_seed(args.seed, index))
        assert record.outcome is not None
        winners = record.outcome.winners
        for seat, agent in enumerate(seats):
            counts[specs[agent]].games += 1
            counts[specs[agent]].won += 1 / len(winners) if seat in winners else 0.0
    print(f"malefiz, {args.board} board, {args.players} players, {args.games} games")
    print(
        f"{'agent':<28} {'per game':>10} {'placed':>6}  {'ahead of leader':<22} "
        f"{'within a roll':<22} won"
    )
    for spec, c in counts.items():
        print(
            f"{spec:<28} {c.placed / max(c.games, 1):>10.1f} {c.placed:>6}  "
            f"{share(c.ahead, c.placed):<22} {share(c.near, c.placed):<22} {share(c.won, c.games)}"
        )


if __name__ == "__main__":
    main()
