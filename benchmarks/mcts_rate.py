"""MCTS simulations per second of every turn-based game, on one core.

    python benchmarks/mcts_rate.py [--seconds 2]

From the first position of each game where a seat has a choice (the dice drawn from seed
0), one search of ``--seconds``: the game's default search (its rollout policy, depth
and evaluation from ``agents/mcts/knowledge``), and the setting of ``wuerfelwerk bench
mcts`` (uniformly random rollouts to the end, chance sampled), and where the game has a
learned evaluation (Malefiz) the search that judges every new position by the shipped
value network without a rollout (``eval=td,depth=0``). Printed beside each other, with
the ratio of the first two.
"""

from __future__ import annotations

import argparse

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.agents.td import has_features
from wuerfelwerk.bench.mcts import start_position

RANDOM_TO_END = ",rollout=random,depth={depth},chance=sample,widen=0,reuse=off"
LEARNED = ",eval=td,depth=0"


def rate(game_name: str, settings: str, seconds: float) -> float:
    """Simulations per second of one search with ``mcts:time=<seconds><settings>``."""
    game = wuerfelwerk.load(game_name, players=2)
    state, _ = start_position(game, 0)
    spec = f"mcts:time={seconds}{settings.format(depth=game.max_game_length)}"
    agent = make_agent(spec, game, 0)
    result = agent.search(state, state.current_player)
    return float(result.simulations_per_s)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    games = [name for name in wuerfelwerk.game_names() if not wuerfelwerk.load(name).simultaneous]
    print(f"{'game':<12} {'default':>10} {'random to end':>14} {'ratio':>7} {'learned':>9}")
    for name in games:
        default = rate(name, "", args.seconds)
        random_to_end = rate(name, RANDOM_TO_END, args.seconds)
        ratio = default / random_to_end
        learned = (
            f"{rate(name, LEARNED, args.seconds):,.0f}"
            if has_features(wuerfelwerk.load(name))
            else "-"
        )
        print(f"{name:<12} {default:>10,.0f} {random_to_end:>14,.0f} {ratio:>6.1f}x {learned:>9}")


if __name__ == "__main__":
    main()
