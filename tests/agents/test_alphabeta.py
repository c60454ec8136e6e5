"""``alphabeta`` in Mojave: the value it finds is the minimax value, it takes a win in
one, keeps its dice out of reach, and plays only legal moves."""

from __future__ import annotations

import random

import pytest

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.agents.alphabeta import AlphaBetaAgent
from wuerfelwerk.agents.mcts import DEFAULT_BUDGET
from wuerfelwerk.core import InvalidAgentSpecError, State

from .test_mcts_games import mojave, outcomes


def minimax(agent: AlphaBetaAgent, state: State, depth: int, player: int, ply: int) -> float:
    """Plain minimax with the agent's leaf values: what pruning must not change."""
    if depth == 0 or state.is_terminal():
        return agent._leaf(state, player, ply)
    values = []
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        values.append(minimax(agent, after, depth - 1, player, ply + 1))
    return max(values) if state.current_player == player else min(values)


def random_position(seed: int, moves: int) -> State:
    game = wuerfelwerk.load("mojave", rows=12)
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("seed", range(12))
def test_the_chosen_move_has_the_minimax_value(seed: int) -> None:
    state = random_position(seed, 30 + 9 * seed)
    player = state.current_player
    agent = make_agent("alphabeta:depth=2", state.game, seed)
    assert isinstance(agent, AlphaBetaAgent)
    chosen = agent.choose(state, player)
    values = {}
    for text, child in outcomes(state).items():
        values[text] = minimax(agent, child, 1, player, 1)
    assert values[str(chosen)] == max(values.values())


@pytest.mark.parametrize("spec", ["alphabeta:depth=1", "alphabeta:depth=2", "alphabeta:time=0.05"])
def test_throws_the_last_enemy_die(spec: str) -> None:
    """MOJ-5, MOJ-8: one move in 54 wins at once."""
    state = mojave([("h5", 2), ("c3", 3), ("k3", 1), ("m4", 4)], [("h8", 1)])
    winning = {text for text, child in outcomes(state).items() if child.is_terminal()}
    move = make_agent(spec, state.game, 1).choose(state, 0)
    assert str(move) in winning


def test_keeps_its_dice_out_of_reach() -> None:
    """MOJ-5: red's 1 and 2 must not end beside black's 6s; two plies see it."""
    state = mojave([("g7", 1), ("i7", 2)], [("g9", 6), ("i9", 6), ("a16", 1), ("o16", 1)])
    move = make_agent("alphabeta:depth=2", state.game, 1).choose(state, 0)
    after = state.clone()
    after.apply(move)
    assert len(after.to_json()["dice"][0]) == 2


def test_plays_only_legal_moves_to_the_end() -> None:
    start = mojave([("h5", 2), ("c3", 3), ("k3", 1)], [("h12", 4), ("c14", 2), ("k14", 5)])
    game = start.game
    agents = [make_agent("alphabeta:depth=2", game, 1), make_agent("random", game, 2)]
    record = wuerfelwerk.play(game, agents, seed=3, state=start)  # an illegal move would raise
    assert record.outcome is not None
    assert record.outcome.returns()[0] == 1.0


def test_same_seed_same_moves() -> None:
    state = random_position(9, 25)
    first = make_agent("alphabeta:depth=2", state.game, 4).choose(state, state.current_player)
    again = make_agent("alphabeta:depth=2", state.game, 4).choose(state, state.current_player)
    assert first == again


def test_bare_alphabeta_thinks_as_long_as_bare_mcts_and_needs_a_game_without_dice() -> None:
    agent = make_agent("alphabeta", wuerfelwerk.load("mojave"))
    assert isinstance(agent, AlphaBetaAgent)
    assert (agent.seconds, agent.depth) == (DEFAULT_BUDGET.seconds, None)
    with pytest.raises(InvalidAgentSpecError, match="unknown agent 'alphabeta' for malefiz"):
        make_agent("alphabeta:depth=2", wuerfelwerk.load("malefiz"))
