"""OpenSpiel's MCTS plays Malefiz through the wuerfelwerk adapter.

Malefiz is registered with pyspiel as ``wuerfelwerk_malefiz``; OpenSpiel's Python MCTSBot
(random rollouts) plays seat 0 against OpenSpiel's uniform random bot, chance sampled
from the dice probabilities.

    python examples/openspiel_mcts_malefiz.py --games 4 --simulations 50
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from wuerfelwerk.adapters import openspiel


def play_one(
    game: pyspiel.Game, bots: list[pyspiel.Bot], rng: np.random.RandomState
) -> list[float]:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state.returns()


def main(argv: list[str] | None = None) -> list[list[float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=50)
    parser.add_argument("--round-limit", type=int, default=60, help="Malefiz rounds before a draw")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    game = openspiel.load("malefiz", players=2, round_limit=args.round_limit)
    print(game, game.get_type().information, game.observation_tensor_shape())
    rng = np.random.RandomState(args.seed)
    searcher = mcts.MCTSBot(
        game, 2.0, args.simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng
    )
    bots = [searcher, pyspiel.make_uniform_random_bot(1, args.seed)]
    results = [play_one(game, bots, rng) for _ in range(args.games)]
    wins = sum(r[0] > 0 for r in results)
    draws = sum(r[0] == 0 for r in results)
    print(
        f"MCTS ({args.simulations} simulations) against random: {wins} won, {draws} drawn, "
        f"{len(results) - wins - draws} lost of {len(results)}"
    )
    return results


if __name__ == "__main__":
    main()
