"""What MCTS knows of each game: judgements of positions and the rollout policies."""

from __future__ import annotations

import random

import wuerfelwerk
from wuerfelwerk.agents.heuristics.malefiz_ways import BARRICADE, way_lengths
from wuerfelwerk.agents.mcts.knowledge import knowledge_for, spread

from .test_mcts_games import dimenticato_naming
from .test_mcts_malefiz import START_BARRICADES, position


def test_spread_is_zero_sum_for_two_and_favours_the_leader() -> None:
    assert spread([-10.0, -20.0], 8.0)[0] == -spread([-10.0, -20.0], 8.0)[1] > 0
    three = spread([-5.0, -10.0, -10.0], 8.0)
    assert three[0] > 0 > three[1] == three[2]


def test_malefiz_a_barricade_on_the_way_is_a_detour() -> None:
    """MAL-8: g9 is the only way into the goal; its barricade costs every field behind."""
    game = wuerfelwerk.load("malefiz", players=2)
    board = game.board  # type: ignore[attr-defined]
    free = way_lengths(board, 0)
    blocked = way_lengths(board, 1 << board.field("g9"))
    assert blocked[board.field("h9")] == free[board.field("h9")] + BARRICADE


def test_malefiz_judges_the_figure_nearer_the_goal_ahead() -> None:
    barricades = ["d3", "d5", "g7", "c6", "j3", "j5"]
    state = position(["e9"], ["c3"], phase="roll", die=None, barricades=barricades)
    red, blue = knowledge_for(state.game).evaluate(state)
    assert red > 0.5 and blue == -red
    level = position(["c3"], ["k3"], phase="roll", die=None, barricades=START_BARRICADES)
    red, _ = knowledge_for(level.game).evaluate(level)
    assert 0 < red < 0.5, "the same distance: only the seat to roll is a little ahead"


def test_malefiz_rollouts_take_the_goal_and_block_the_leader() -> None:
    knowledge = knowledge_for(wuerfelwerk.load("malefiz", players=2))
    assert knowledge.policy is not None
    barricades = ["d3", "d5", "g7", "c6", "j3", "j5"]
    win = position(["e9", "c3"], ["i5"], die=3, barricades=barricades)
    policy = knowledge.policy(win.game, random.Random(1))
    assert str(policy(win, 0)) == "e9-g10"
    place = position(
        ["d5"], ["i9"], phase="place", die=None, barricades=["d3", "g7", "c6", "j3", "j5"]
    )
    assert str(policy(place, 0)) in {"barricade h9", "barricade g9"}


def test_widget_credits_the_seat_to_roll_with_its_turn() -> None:
    """The same figures judged before red's roll and before blue's: the seat about to
    roll is ahead by the ground a turn brings (WID-2), so positions judged at different
    stages of a turn compare fairly."""
    game = wuerfelwerk.load("widget", players=2)
    data = game.new_initial_state().to_json()
    figures = [["5", "9", "0"], ["31", "35", "26"]]
    red_rolls = game.state_from_json({**data, "figures": figures, "player": 0})
    blue_rolls = game.state_from_json({**data, "figures": figures, "player": 1})
    evaluate = knowledge_for(game).evaluate
    red = evaluate(red_rolls)[0]
    assert red - evaluate(blue_rolls)[0] > 0.5
    red_rolls.apply(game.parse_action("roll red blue"))
    assert evaluate(red_rolls)[0] > red, "the roll known, both dice still to use"


def test_dimenticato_credits_the_seat_to_move_with_its_turn() -> None:
    state = dimenticato_naming()
    mover = state.current_player
    game = state.game
    evaluate = knowledge_for(game).evaluate
    data = {**state.to_json(), "phase": "figure", "chosen": None}
    ours = game.state_from_json({**data, "player": mover})
    theirs = game.state_from_json({**data, "player": 1 - mover})
    assert evaluate(ours)[mover] - evaluate(theirs)[mover] > 0.5
