"""Luck is unbiased: over many games its mean is nothing, for every seat.

A chance event's luck is the chance after the outcome less the probability-weighted
average over all outcomes, so its expectation is zero for any judge whatever: the test
checks that computation, with a judge cheap enough for 200 games (each seat's progress
to the goal, the die just rolled counted for the seat that moves, so every roll
matters), and the same mean-zero property exactly for every outcome of a roll.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

import pytest

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.agents.heuristics.malefiz import goal_distances
from wuerfelwerk.analysis import Judge, analyse, judge_for
from wuerfelwerk.analysis.analyse import judge_chance
from wuerfelwerk.analysis.leaves import from_values
from wuerfelwerk.analysis.searches import TreeSearch
from wuerfelwerk.analysis.views import Step
from wuerfelwerk.core import CHANCE, State, derive_seed
from wuerfelwerk.games.malefiz import HOUSE, MalefizGame, MalefizState
from wuerfelwerk.games.malefiz.state import MOVE

GAMES = 200


class Progress:
    """Each seat's chance from how near its leading figure is to the goal; the seat about
    to move is nearer by the die it rolled."""

    name = "progress"
    whole_turn = True

    def __init__(self, game: MalefizGame) -> None:
        board = game.board
        self.dist = goal_distances(board)
        self.home = [self.dist[board.houses[h].entry] + 1 for h in game.houses]

    def chances(self, states: Sequence[State]) -> list[list[float]]:
        rows = []
        for state in states:
            assert isinstance(state, MalefizState)
            if state.is_terminal():
                winner = state.winner
                rows.append([float(seat == winner) for seat in range(len(state.figures))])
                continue
            ahead = [
                -min(self.home[seat] if f == HOUSE else self.dist[f] for f in figures)
                for seat, figures in enumerate(state.figures)
            ]
            if state.phase == MOVE:
                ahead[state.player] += state.die
            lead = [a - max(b for o, b in enumerate(ahead) if o != s) for s, a in enumerate(ahead)]
            rows.append(from_values([math.tanh(gap / 8) for gap in lead]))
        return rows


def test_mean_luck_per_seat_is_nothing_over_200_games_of_equal_bots() -> None:
    game = wuerfelwerk.load("malefiz", players=2, board="quick")
    assert isinstance(game, MalefizGame)
    judge = Judge(game, Progress(game), TreeSearch(game, learned=False))
    lucks: list[list[float]] = [[], []]
    for index in range(GAMES):
        agents = [make_agent("greedy", game, derive_seed(3, index, seat)) for seat in range(2)]
        record = wuerfelwerk.play(game, agents, derive_seed(3, index))
        for seat in analyse(record, budget=0, judge=judge).seats:
            lucks[seat.seat].append(seat.luck)
    for seat, values in enumerate(lucks):
        mean = statistics.fmean(values)
        half = 1.96 * statistics.stdev(values) / math.sqrt(GAMES)
        assert mean - half <= 0 <= mean + half, f"seat {seat}: luck {mean:+.3f} ± {half:.3f}"
        # The dice did matter: a judge blind to them would pass without testing anything.
        assert statistics.stdev(values) > 0.05


@pytest.mark.parametrize("name", ["malefiz", "widget"])
def test_the_outcomes_luck_averages_to_nothing(name: str) -> None:
    """For every outcome of one roll, weighted by its probability, the luck adds up to
    nothing, seat by seat (Widget's rolls are not all alike likely)."""
    game = wuerfelwerk.load(name, players=2)
    judge = judge_for(game)
    assert judge is not None
    state = game.new_initial_state()
    record = wuerfelwerk.play(game, [make_agent("greedy", game, s) for s in range(2)], 5)
    for text in record.actions[:12]:  # into the game, where rolls matter
        state.apply(game.parse_action(text))
    while state.current_player != CHANCE:
        state.apply(state.legal_actions()[0])
    outcomes = state.chance_outcomes()
    total = [0.0, 0.0]
    spread = 0.0
    for outcome, probability in outcomes:
        luck = judge_chance(judge, Step(0, state, CHANCE, outcome, None)).luck
        assert luck is not None
        spread = max(spread, abs(luck[0]))
        for seat in range(2):
            total[seat] += probability * luck[seat]
    assert total == pytest.approx([0.0, 0.0], abs=1e-9)
    assert spread > 0.01  # some rolls were better than others
