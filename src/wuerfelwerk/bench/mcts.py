"""Our MCTS against OpenSpiel's, same game, same position (``wuerfelwerk bench mcts``).

Both searches run the same number of simulations from the same position, with the same
rollout policy (uniformly random moves and dice to the end of the game) and chance
sampled in the tree: ours through the core API, OpenSpiel's Python ``MCTSBot`` through
our OpenSpiel adapter. OpenSpiel's C++ ``MCTSBot`` on its own ``maedn`` is printed beside
them as a reference for what compiled code does. One run each, timed in CPU seconds of
the searching thread (steady on a busy machine, and blind to other threads of the
process, such as a BLAS library's idle workers); the position is the first choice of the
game, its dice drawn from the seed.
"""

from __future__ import annotations

import time
from typing import Any

from ..agents.mcts import MCTSAgent
from ..agents.registry import make_agent
from ..core import CHANCE, Game, State
from ..core.chance import SeededChance

REFERENCE = "maedn"
UCT_C = 2.0


def start_position(game: Game, seed: int) -> tuple[State, list[int]]:
    """The first position of the game where a seat has a choice, the dice drawn from
    ``seed``, and the action ids that lead there."""
    state = game.new_initial_state()
    chance = SeededChance(seed)
    ids: list[int] = []
    while state.current_player == CHANCE or len(state.legal_actions()) == 1:
        if state.current_player == CHANCE:
            action = chance.draw(state, len(ids))
        else:
            action = state.legal_actions()[0]
        ids.append(game.action_id(action))
        state.apply(action)
    return state, ids


def ours(game: Game, state: State, simulations: int, seed: int) -> float:
    """Simulations per second of our MCTS (``agents/mcts``), random rollouts to the end."""
    spec = (
        f"mcts:iters={simulations},rollout=random,depth={game.max_game_length},"
        f"c={UCT_C},chance=sample,reuse=off,widen=0"
    )
    agent = make_agent(spec, game, seed)
    assert isinstance(agent, MCTSAgent)
    start = time.thread_time()
    result = agent.search(state, state.current_player)
    return float(result.simulations / (time.thread_time() - start))


def openspiel_python(game: Game, ids: list[int], simulations: int, seed: int) -> float:
    """Simulations per second of OpenSpiel's Python MCTSBot on our game, via the adapter
    (its ISMCTSBot where information is hidden, as ours then searches information sets)."""
    import numpy as np
    from open_spiel.python.algorithms import (  # type: ignore[import-untyped]  # OpenSpiel ships no types
        ismcts,
        mcts,
    )

    from ..adapters import openspiel

    spiel_game = openspiel.load(game.name, **game.options_json())
    state = spiel_game.new_initial_state()
    for action in ids:
        state.apply_action(action)
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    if game.perfect_information:
        bot = mcts.MCTSBot(spiel_game, UCT_C, simulations, evaluator, solve=False, random_state=rng)
    else:
        bot = ismcts.ISMCTSBot(spiel_game, evaluator, UCT_C, simulations, random_state=rng)
    start = time.thread_time()
    bot.step(state)
    return simulations / (time.thread_time() - start)


def openspiel_cpp(simulations: int, seed: int) -> float:
    """Simulations per second of OpenSpiel's C++ MCTSBot on its own ``maedn``."""
    import random

    import pyspiel  # type: ignore[import-not-found]  # OpenSpiel's compiled module has no stubs

    game = pyspiel.load_game(REFERENCE)
    state = game.new_initial_state()
    rng = random.Random(seed)
    # Random play up to the first real choice: a search of a single move returns at once.
    while state.is_chance_node() or len(state.legal_actions()) == 1:
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(state.legal_actions()[0])
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.MCTSBot(game, evaluator, UCT_C, simulations, 1000, False, seed, False)
    start = time.thread_time()
    bot.step(state)
    return simulations / (time.thread_time() - start)


def mcts_benchmark(game: Game, simulations: int, seed: int = 0) -> dict[str, Any]:
    """``{"game", "simulations", "ours", "openspiel_python", "ratio", "openspiel_cpp_maedn"}``
    in simulations per second, from one run each."""
    state, ids = start_position(game, seed)
    our_rate = ours(game, state, simulations, seed)
    python_rate = openspiel_python(game, ids, simulations, seed)
    return {
        "game": game.name,
        "simulations": simulations,
        "ours": our_rate,
        "openspiel_python": python_rate,
        "ratio": our_rate / python_rate,
        "openspiel_cpp_maedn": openspiel_cpp(simulations, seed),
    }
