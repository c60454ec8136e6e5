"""``analyse``: every decision of a record against the best move found, every chance
event against the average of its outcomes.

A decision's loss is the best move's chance less the chance of the move played, both
for the mover and judged from what the mover knew then (``views``): every move gets a
glance, the few best of them and the move played a closer look (a search of the
budget's positions shared out among them). A chance event's luck, for each seat, is its
chance after the outcome less the average over all outcomes, weighted by their
probabilities; so luck averages to nothing over many games, whatever the judge. Every
draw of the analysis comes from the record's seed and the step, so the same record and
budget give the same analysis.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..core import CHANCE, Action, Record, derive_seed, game_class
from .judge import Judge, judge_for
from .result import Analysis, Judged, decision_mark, luck_mark
from .speed import speed
from .summary import summarise
from .views import Step, View, Walk

#: Positions a search looks at per decision, unless told otherwise,
DEFAULT_BUDGET = 400
#: and where a game needs more: Mojave's alpha-beta looks at every answer to a move (some
#: 60 to 90) before it sees two plies deep.
GAME_BUDGETS = {"mojave": 8000}
#: Moves that get a closer look, besides the move played: the best at a glance. More
#: would find a better move the glance missed now and then, but where a search is a
#: sampling one (MCTS), the best of more noisy values is more often a lucky one, which
#: would charge good moves with losses that are only noise. (A search without noise that
#: always looks as far, ``Search.cost``, looks at as many as the budget pays for.)
CANDIDATES = 2

#: Called after each step with the steps done and the steps in all.
Progress = Callable[[int, int], None]


class NoJudgeError(ValueError):
    """A game decided by speed, not by decisions one could judge (Wurf & Weg)."""


def default_budget(game: str) -> int:
    """The positions per decision an analysis of ``game`` (its name) searches by default."""
    return GAME_BUDGETS.get(game, DEFAULT_BUDGET)


def analyse(
    record: Record,
    budget: int | None = None,
    progress: Progress | None = None,
    judge: Judge | None = None,
) -> Analysis:
    """Judge every step of ``record`` with ``budget`` positions per decision (0: each
    move at a glance only; ``None``: the game's default); ``judge`` defaults to the
    game's strongest."""
    walk = Walk(record)
    game = walk.state.game
    if budget is None:
        budget = default_budget(game.name)
    judge = judge or judge_for(game)
    if judge is None:
        raise NoJudgeError(f"{game.title} is played in real time: see its speed analysis")
    if budget < 0:
        raise ValueError("the budget is a number of positions, 0 or more")
    hinted = {(hint.seat, hint.before) for hint in record.hints}
    analysis = Analysis(game.name, game.options_json(), judge.name, budget, judge.look(walk.state))
    total = len(record.actions)
    waiting: list[Judged] = []  # chance events whose mover is still to come
    for step in walk:
        if step.actor == CHANCE:
            judged = judge_chance(judge, step)
            waiting.append(judged)
        else:
            judged = judge_decision(judge, step, budget, record.seed)
            judged.hint = (step.actor, step.index) in hinted
            for event in waiting:
                _give_mover(event, step.actor)
            waiting = []
        analysis.steps.append(judged)
        if progress is not None:
            progress(step.index + 1, total)
    analysis.finished = walk.state.is_terminal()
    analysis.seats, analysis.verdict = summarise(analysis, walk.state)
    return analysis


def analysis_json(
    record: Record, budget: int | None = None, progress: Progress | None = None
) -> dict[str, Any]:
    """The analysis of ``record`` as JSON: judged step by step (``analyse``), or for a
    real-time game its speed analysis (``speed``)."""
    if game_class(record.game).simultaneous:
        result = speed(record)
        # Nothing is searched; the budget asked for names the analysis all the same.
        result["budget"] = default_budget(record.game) if budget is None else budget
        if progress is not None:
            progress(len(record.actions), len(record.actions))
        return result
    return analyse(record, budget, progress).to_json()


def _give_mover(event: Judged, mover: int) -> None:
    assert event.luck is not None
    event.mover = mover
    event.mark = luck_mark(event.luck[mover])


def judge_chance(judge: Judge, step: Step) -> Judged:
    """Each seat's luck in a chance event: its chance after the outcome less the
    average over all outcomes."""
    before = step.before
    outcomes = before.chance_outcomes()
    afters = []
    for outcome, _ in outcomes:
        after = before.clone()
        after.apply(outcome)
        afters.append(after)
    rows = judge.looks(afters)
    actual = next(i for i, (outcome, _) in enumerate(outcomes) if outcome == step.action)
    players = before.game.num_players
    expected = [
        sum(p * row[seat] for (_, p), row in zip(outcomes, rows, strict=True))
        for seat in range(players)
    ]
    luck = [rows[actual][seat] - expected[seat] for seat in range(players)]
    return Judged(step.index + 1, CHANCE, str(step.action), "chance", rows[actual], luck=luck)


def judge_decision(judge: Judge, step: Step, budget: int, seed: int | None) -> Judged:
    """The move played against the best found, both judged from what the mover knew."""
    before, seat, action = step.before, step.actor, step.action
    played_state = before.clone()
    played_state.apply(action)
    judged = Judged(step.index + 1, seat, str(action), "forced", judge.look(played_state, seat))
    legal = before.legal_actions(seat)
    if len(legal) < 2:
        return judged
    played = legal.index(action)
    chances = searched(
        judge,
        lambda rng: step.view(seat, rng),
        legal,
        budget,
        derive_seed(seed, "analysis", step.index),
        played,
    )
    best = max(chances, key=lambda index: (chances[index], index == played))
    loss = max(0.0, chances[best] - chances[played])
    judged.kind = "decision"
    judged.options = len(legal)
    judged.played = chances[played]
    judged.best = str(legal[best])
    judged.best_chance = chances[best]
    judged.loss = loss
    judged.mark = decision_mark(loss)
    return judged


def searched(
    judge: Judge,
    view_of: Callable[[random.Random], View],
    legal: list[Action],
    budget: int,
    seed: int,
    played: int | None = None,
) -> dict[int, float]:
    """The mover's chance after each move that gets a closer look, by its index in
    ``legal``: the best few at a glance and the move ``played``, each searched within an
    equal share of ``budget``; every move at a glance where the budget is 0. The mover and
    what it knows are ``view_of(rng)``, drawing with ``rng``."""
    view = view_of(random.Random(derive_seed(seed, "glance")))
    seat = view.seat
    rows = judge.glances(view, legal)
    order = sorted(range(len(legal)), key=lambda index: -rows[index][seat])
    if budget == 0:
        return {index: rows[index][seat] for index in order}
    cost = judge.search.cost
    # A search that looks as far whatever it is given looks at more moves for more budget.
    candidates = order[: CANDIDATES if cost is None else max(1, budget // cost)]
    if played is not None and played not in candidates:
        candidates.append(played)
    positions = max(1, budget // len(candidates))
    search_seed = derive_seed(seed, "search")
    chances = {}
    for index in candidates:
        # Every move is searched with the same draws, so that equal moves look equal.
        view = view_of(random.Random(search_seed))
        chances[index] = judge.chance(view, legal[index], positions, search_seed)
    return chances
