"""Malefiz: a position is judged by how far each seat's figures are from the goal,
counting each barricade on the way as a detour (MAL-8: it stops a figure until one
lands on it exactly). Rollouts play a quick form of the greedy player: the move that
gains most (the goal first, then captures), a taken barricade put on the way of the
opponent figure nearest the goal."""

from __future__ import annotations

import random

from ....core import Action, Game, State
from ....games.malefiz import HOUSE, MalefizGame, MalefizState, Move, PlaceBarricade
from ....games.malefiz.state import ROLL
from ...heuristics.malefiz import MalefizGreedy, goal_distances
from ...heuristics.malefiz_ways import way_lengths
from . import Knowledge, Policy, Ranker, register_knowledge, spread

#: The mean roll: the seat about to roll is this much nearer, in effect.
TEMPO = 3.5
#: How much the figures behind the leading one count (the race is won by one figure,
#: MAL-11, but the others are spare runners when the leader is captured, MAL-7).
SUPPORT = 0.15
#: A gap of this many steps is a clear lead.
SCALE = 8.0
#: A capture is worth this share of the steps the victim loses (MAL-7, MAL-10).
CAPTURE = 0.8


def rollout_policy(game: Game, rng: random.Random) -> Policy:
    """The greedy player's choices at a fraction of the cost, for rollouts."""
    assert isinstance(game, MalefizGame)
    board = game.board
    goal, forest, village = board.goal, board.forest, board.village_mask
    dist = goal_distances(board)
    house = [dist[board.houses[h].entry] + 1 for h in game.houses]
    # One shortest way to the goal from every field: the first neighbour one step nearer.
    onward = [
        min(board.neighbours[f], key=lambda n: dist[n]) if f != goal else goal
        for f in range(board.size)
    ]

    def steps(seat: int, field: int) -> int:
        return house[seat] if field == HOUSE else dist[field]

    def move(state: MalefizState, player: int, legal: list[Action]) -> Action:
        occupant = state.occupant
        best, best_gain = legal[0], -1e9
        for action in legal:
            assert isinstance(action, Move)
            dest = action.dest
            if dest == goal:
                return action
            gain = steps(player, action.origin) - dist[dest] + rng.random() * 0.1
            victim = occupant[dest]
            if victim >= 0 and dest != forest:
                home = forest if village >> dest & 1 and forest is not None else HOUSE
                lost = steps(victim, home) - dist[dest]
                gain += CAPTURE * lost * (-1 if victim == player else 1)
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    def place(state: MalefizState, player: int, legal: list[Action]) -> Action:
        free = {a.field: a for a in legal if isinstance(a, PlaceBarricade)}
        _, field, seat = min(
            (steps(seat, f), f, seat)
            for seat, figures in enumerate(state.figures)
            if seat != player
            for f in figures
        )
        field = board.houses[game.houses[seat]].entry if field == HOUSE else field
        while field != goal:
            field = onward[field]
            if field in free:
                return free[field]
        return rng.choice(legal)

    def choose(state: State, player: int) -> Action:
        assert isinstance(state, MalefizState)
        legal = state.legal_actions(player)
        first = legal[0]
        if isinstance(first, PlaceBarricade):
            return place(state, player, legal)
        return move(state, player, legal) if isinstance(first, Move) else first

    return choose


@register_knowledge("malefiz")
def malefiz_knowledge(game: Game) -> Knowledge:
    assert isinstance(game, MalefizGame)
    board = game.board
    entries = [board.houses[h].entry for h in game.houses]

    def evaluate(state: State) -> list[float]:
        assert isinstance(state, MalefizState)
        length = way_lengths(board, state.barricades)
        scores = []
        for seat, figures in enumerate(state.figures):
            steps = [length[entries[seat]] + 1 if f == HOUSE else length[f] for f in figures]
            lead = min(steps)
            score = -(lead + SUPPORT * (sum(steps) - lead))
            if seat == state.player and state.phase == ROLL:
                score += TEMPO
            scores.append(score)
        return spread(scores, SCALE)

    return Knowledge(evaluate, depth=16, rollout="own", policy=rollout_policy, rank=greedy_rank)


def greedy_rank(game: Game, rng: random.Random) -> Ranker:
    """The greedy player's order: the move that gains most first (MAL-7, MAL-8, MAL-11);
    a taken barricade on the way of the leading opponent figure, nearest to it first."""
    greedy = MalefizGreedy(rng.getrandbits(63))

    def rank(state: State, player: int, actions: list[Action]) -> list[Action]:
        assert isinstance(state, MalefizState)
        return greedy.ranked(state, player, actions)

    return rank
