"""MCTS in Malefiz: with a fixed iteration budget it finds the moves that decide a game."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.agents.td.checkpoint import Training
from wuerfelwerk.agents.td.training import new_checkpoint
from wuerfelwerk.core import InvalidAgentSpecError, State

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


def test_widening_opens_the_barricade_placements_in_the_greedy_players_order() -> None:
    """MAL-8: of some 50 free fields, the search first opens the two on blue's only way
    (from i9 over h9 and g9 into the goal), the one nearest blue first."""
    state = position(
        ["d5"], ["i9"], phase="place", die=None, barricades=["d3", "g7", "c6", "j3", "j5"]
    )
    assert len(state.legal_actions()) > 40
    agent = make_agent("mcts:iters=1", state.game, 1)
    assert set(agent.search(state, 0).visits) == {"barricade h9"}  # type: ignore[attr-defined]
    agent = make_agent("mcts:iters=2", state.game, 1)
    opened = agent.search(state, 0).visits  # type: ignore[attr-defined]
    assert set(opened) == {"barricade h9", "barricade g9"}


def test_eval_td_judges_the_leaves_by_the_value_network(tmp_path: Path) -> None:
    """A network that gives the seat to act every game: after any move of red's, blue is
    to roll, so with depth 0 every leaf is worth blue's win to the network."""
    state = position(["c3"], ["i5"], die=4)
    checkpoint = new_checkpoint(state.game, 4, Training(seed=1))
    checkpoint.network.b2[:] = [5.0, 0.0]
    path = tmp_path / "sure.npz"
    checkpoint.save(path)
    agent = make_agent(f"mcts:iters=40,depth=0,eval=td,weights={path}", state.game, 1)
    result = agent.search(state, 0)  # type: ignore[attr-defined]
    blue = 1 / (1 + math.exp(-5.0))
    assert result.value == pytest.approx((1 - blue) - blue, abs=1e-5)
    with pytest.raises(InvalidAgentSpecError, match="eval must be rules or td"):
        make_agent("mcts:eval=oracle", state.game)
    with pytest.raises(InvalidAgentSpecError, match="weights=PATH is read with eval=td only"):
        make_agent(f"mcts:weights={path}", state.game)
