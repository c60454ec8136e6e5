"""The analysis of a record: its steps and sums, the same every time for the same record
and budget, the hints noted, and Wurf & Weg's speed per round."""

from __future__ import annotations

import pytest

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.agents.levels import expert_learns
from wuerfelwerk.analysis import NoJudgeError, analyse, analysis_json, judge_for
from wuerfelwerk.analysis.leaves import NetworkLeaf
from wuerfelwerk.analysis.speed import speed
from wuerfelwerk.core import Hint, Record
from wuerfelwerk.core.realtime import play_realtime


def malefiz_game(seed: int = 4) -> Record:
    game = wuerfelwerk.load("malefiz", players=2, board="quick")
    agents = [make_agent("random", game, seed), make_agent("greedy", game, seed + 1)]
    return wuerfelwerk.play(game, agents, seed)


def test_every_step_is_judged_and_summed() -> None:
    record = malefiz_game()
    analysis = analyse(record, budget=40)
    assert [step.step for step in analysis.steps] == list(range(1, len(record.actions) + 1))
    assert [step.action for step in analysis.steps] == record.actions
    for step in analysis.steps:
        assert sum(step.chances) == pytest.approx(1.0)
        if step.kind == "decision":
            assert step.best_chance is not None and step.played is not None
            assert step.loss == pytest.approx(max(0.0, step.best_chance - step.played))
            assert (step.best == step.action) == (step.loss == 0)
        elif step.kind == "chance":
            # The network answers in single precision.
            assert step.luck is not None and sum(step.luck) == pytest.approx(0.0, abs=1e-6)
            assert step.mover in (0, 1, None)
    for seat in analysis.seats:
        decisions = [s for s in analysis.steps if s.seat == seat.seat and s.kind == "decision"]
        assert seat.decisions == len(decisions)
        assert seat.loss == pytest.approx(sum(s.loss for s in decisions))
        assert seat.mistakes == sum(s.mark == "mistake" for s in decisions)
        assert seat.blunders == sum(s.mark == "blunder" for s in decisions)
    assert analysis.finished and analysis.verdict is not None
    winner = record.outcome.winners if record.outcome else frozenset()
    assert {analysis.verdict.winner} == set(winner)
    assert analysis.verdict.decided_by in ("luck", "play")
    # The last position is won: the winner's chance is whole.
    assert analysis.steps[-1].chances[analysis.verdict.winner] == 1.0


def test_the_same_record_and_budget_give_the_same_analysis() -> None:
    record = malefiz_game(9)
    first = analysis_json(record, 30)
    again = analysis_json(Record.loads(record.dumps()), 30)
    assert first == again
    assert first["budget"] == 30 and first["kind"] == "judged"


def test_a_game_not_over_has_no_verdict() -> None:
    record = malefiz_game()
    record.actions = record.actions[:30]
    analysis = analyse(record, budget=0)
    assert not analysis.finished and len(analysis.steps) == 30
    assert analysis.verdict is not None and analysis.verdict.decided_by is None


def test_a_hint_used_is_marked_and_counted() -> None:
    record = malefiz_game()
    decision = next(i for i, s in enumerate(analyse(record, 0).steps) if s.kind == "decision")
    seat = analyse(record, 0).steps[decision].seat
    record.hints = [Hint(seat, decision)]
    analysis = analyse(Record.loads(record.dumps()), budget=0)
    assert analysis.steps[decision].hint
    assert [s.hints for s in analysis.seats] == [int(seat == 0), int(seat == 1)]


def test_budget_zero_judges_every_move_at_a_glance() -> None:
    analysis = analyse(malefiz_game(), budget=0)
    assert analysis.budget == 0 and analysis.judge == "learned evaluation, a turn ahead"
    assert any(step.loss > 0 for step in analysis.steps)


def test_a_game_without_a_judge_has_its_speed_analysis() -> None:
    game = wuerfelwerk.load("wurfweg", players=3)
    record = play_realtime(game, [make_agent("bot:easy", game, s) for s in range(3)], 2)
    with pytest.raises(NoJudgeError, match="real time"):
        analyse(record)
    result = analysis_json(record)
    assert result["kind"] == "speed" and result["timed"] and result["finished"]
    final = record.final_state()
    for seat in result["seats"]:
        assert seat["coasters"] == len(final.to_json()["players"][seat["seat"]]["won"])
    for played in result["rounds"]:
        for seat in played["seats"]:
            assert seat["left"] >= 0 and (seat["left"] == 0) == seat["won"]
            for die in seat["placed"]:
                assert die["seconds"] is not None and die["seconds"] >= 0
                assert record.actions[die["step"] - 1].startswith(f"p{seat['seat'] + 1} place")


def test_speed_without_times_says_so() -> None:
    game = wuerfelwerk.load("wurfweg", players=2)
    record = play_realtime(game, [make_agent("bot:easy", game, s) for s in range(2)], 3)
    record.times = None
    result = speed(record)
    assert not result["timed"]
    assert all(s["mean_seconds"] is None for s in result["seats"])
    assert sum(s["placed"] for s in result["seats"]) == sum(
        " place " in action for action in record.actions
    )


@pytest.mark.parametrize(
    ("name", "players", "learned"),
    [
        ("malefiz", 2, True),
        ("widget", 2, True),
        ("widget", 3, True),
        ("widget", 4, True),
        ("mojave", 2, False),
        ("dimenticato", 2, False),
    ],
)
def test_the_judge_plays_a_network_only_where_the_expert_does(
    name: str, players: int, learned: bool
) -> None:
    """Mojave and Dimenticato ship networks that have not measured stronger than their
    search (docs/bots.md): their analysis keeps the search's judgement. Widget's expert
    plays its network with 2, 3 and 4 players, and so does its analysis."""
    game = wuerfelwerk.load(name, players=players)
    assert expert_learns(game) is learned
    judge = judge_for(game)
    assert judge is not None
    assert isinstance(judge.leaf, NetworkLeaf) is learned
