"""MCTS in Malefiz: with a fixed iteration budget it finds the moves that decide a game."""

from __future__ import annotations

from typing import Any

import pytest

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.core import State

START_BARRICADES = ["d3", "d5", "g7", "g9", "j3", "j5"]


def position(red: list[str], blue: list[str], **fields: Any) -> State:
    """A two-player quick-board position, red (seat 0) to act; unlisted figures at home."""
    game = wuerfelwerk.load("malefiz", players=2)
    return game.state_from_json(
        {
            "phase": "move",
            "player": 0,
            "barricades": START_BARRICADES,
            "figures": [red + ["start"] * (4 - len(red)), blue + ["start"] * (4 - len(blue))],
            **fields,
        }
    )


def best(state: State, iters: int = 300, seed: int = 1) -> str:
    agent = make_agent(f"mcts:iters={iters}", state.game, seed)
    return str(agent.choose(state, state.current_player))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_takes_the_goal_with_an_exact_roll(seed: int) -> None:
    """MAL-11: e9 is three steps from the goal once g9 is free."""
    barricades = ["d3", "d5", "g7", "c6", "j3", "j5"]
    state = position(["e9", "c3"], ["i5"], die=3, barricades=barricades)
    assert best(state, seed=seed) == "e9-g10"


def test_captures_the_figure_about_to_win() -> None:
    """MAL-7, MAL-10: blue on h9 reaches the goal with a 2; red's 3 from k9 captures it
    and sends it to the forest."""
    barricades = ["d3", "d5", "g7", "c6", "j3", "j5"]
    state = position(["k9", "c3"], ["h9"], die=3, barricades=barricades)
    assert best(state) == "k9-h9"


def test_puts_the_barricade_in_the_way_of_the_leader() -> None:
    """MAL-8: red took the barricade on d5; blue on i9 is three steps from the goal, and
    every way there runs through h9 or g9."""
    state = position(
        ["d5"], ["i9"], phase="place", die=None, barricades=["d3", "g7", "c6", "j3", "j5"]
    )
    assert best(state) in {"barricade g9", "barricade h9"}


def test_plays_only_legal_actions_to_the_end() -> None:
    game = wuerfelwerk.load("malefiz", players=3)
    agents = [
        make_agent(spec, game, seat)
        for seat, spec in enumerate(
            ["mcts:iters=8", "mcts:iters=8,chance=sample,rollout=random,depth=4", "greedy"]
        )
    ]
    record = wuerfelwerk.play(game, agents, seed=5)  # an illegal choice would raise
    assert record.outcome is not None


def test_search_reports_its_work_and_the_same_seed_searches_alike() -> None:
    state = position(["c3"], ["i5"], die=4)
    first = make_agent("mcts:iters=120", state.game, 9).search(state, 0)  # type: ignore[attr-defined]
    again = make_agent("mcts:iters=120", state.game, 9).search(state, 0)  # type: ignore[attr-defined]
    assert first.simulations == 120 and first.reused == 0
    assert first.simulations_per_s > 0 and first.nodes > len(first.visits)
    assert sum(first.visits.values()) == 120
    assert (first.action, first.visits) == (again.action, again.visits)


def test_the_tree_is_kept_for_the_barricade_after_the_move() -> None:
    """MAL-8: taking a barricade and placing it is one turn, two decisions; the second
    search starts from the subtree the first one grew."""
    state = position(["e5"], ["i9"], die=1)
    agent = make_agent("mcts:iters=200", state.game, 3)
    agent.search(state, 0)  # type: ignore[attr-defined]
    state.apply(state.game.parse_action("e5-d5"))
    assert state.to_json()["phase"] == "place"
    result = agent.search(state, 0)  # type: ignore[attr-defined]
    assert result.reused > 0 and result.simulations == 200
