"""MCTS in Widget, Mojave and Dimenticato: hand-made positions with one right answer,
and information-set search that never reads a covered value."""

from __future__ import annotations

import random
from typing import Any

import pytest

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.agents.mcts import Budget, MCTSAgent
from wuerfelwerk.agents.mcts.tree import Node
from wuerfelwerk.core import CHANCE, State
from wuerfelwerk.games.dimenticato import NAME, DimenticatoState, Name


def best(state: State, spec: str = "mcts:iters=200", seed: int = 1) -> str:
    return str(make_agent(spec, state.game, seed).choose(state, state.current_player))


def widget(figures: list[list[str]], roll: list[str]) -> State:
    game = wuerfelwerk.load("widget", players=2)
    data = game.new_initial_state().to_json()
    state = game.state_from_json({**data, "figures": figures})
    state.apply(game.parse_action(f"roll {roll[0]} {roll[1]}"))
    return state


def test_widget_enters_the_spaceship_with_the_last_figure() -> None:
    """WID-9, WID-10: a white die takes the figure on the connecting field in; that wins."""
    state = widget([["connect", "ship", "ship"], ["26", "26", "26"]], ["white", "red"])
    assert best(state) == "white connect"


def test_widget_villain_throws_the_figure_nearest_its_goal() -> None:
    """WID-7: black and white throw any foreign figure; green's on 23 has nearly gone
    round, the others have just left their start field (26)."""
    state = widget([["0", "0", "0"], ["23", "29", "27"]], ["black", "white"])
    assert best(state) == "throw green 23"


def mojave(red: list[tuple[str, int]], black: list[tuple[str, int]]) -> State:
    """Dice as (field, top value), each turned the first way with that top."""
    from wuerfelwerk.games.mojave import ORIENTATIONS

    def die(field: str, top: int) -> dict[str, object]:
        o = next(o for o in ORIENTATIONS if o.top == top)
        return {"field": field, "top": o.top, "north": o.north, "east": o.east}

    game = wuerfelwerk.load("mojave")
    return game.state_from_json(
        {
            "player": 0,
            "moves": 10,
            "quiet_moves": 0,
            "dice": [[die(*d) for d in red], [die(*d) for d in black]],
            "zugzwang": [],
        }
    )


def outcomes(state: State) -> dict[str, State]:
    after = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        after[str(action)] = child
    return after


def test_mojave_throws_the_last_enemy_die() -> None:
    """MOJ-5, MOJ-8: h5-h7 tips the 2 onto its back, so a 5 ends beside black's last die,
    a 1: one move in 54 wins."""
    state = mojave([("h5", 2), ("c3", 3), ("k3", 1), ("m4", 4)], [("h8", 1)])
    after = outcomes(state)
    winning = {text for text, child in after.items() if child.is_terminal()}
    assert winning and len(winning) < len(after)
    assert best(state) in winning


def test_mojave_does_not_walk_into_a_stronger_die() -> None:
    """MOJ-5: a die that ends beside a higher enemy die leaves the board; red's 1 and 2
    must keep away from black's 6s, and most moves do not."""
    state = mojave([("g7", 1), ("i7", 2)], [("g9", 6), ("i9", 6), ("a16", 1), ("o16", 1)])
    after = outcomes(state)
    safe = {text for text, child in after.items() if len(child.to_json()["dice"][0]) == 2}
    assert safe and len(safe) < len(after)
    assert best(state) in safe


def dimenticato_naming(*watchers: Any) -> DimenticatoState:
    """A two-player game played by greedy players up to a naming decision (DIM-5); each
    of ``watchers`` (agents) is shown the game as it goes, as seat 0."""
    game = wuerfelwerk.load("dimenticato", players=2)
    state = game.new_initial_state()
    rng = random.Random(4)
    greedy = make_agent("greedy", game, 4)
    while not (isinstance(state, DimenticatoState) and state.phase == NAME and state.turns > 10):
        for agent in watchers:
            agent.observe(state, 0, state.moment())
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(greedy.choose(state, state.current_player))
    for agent in watchers:
        agent.observe(state, 0, state.moment())
    assert isinstance(state, DimenticatoState) and state.player == 0
    return state


def test_ismcts_names_the_value_it_remembers() -> None:
    """DIM-5: the value under the chosen figure was open before the figure landed there,
    and the bot saw it then. Remembering every value, each determinization is the same
    position, where the tree would try that name only: it is named without a search. A
    bot that forgets searches."""
    game = wuerfelwerk.load("dimenticato", players=2)
    agent = make_agent("mcts:iters=200", game, 1)
    forgetful = make_agent("mcts:iters=50,forget=0.9", game, 1)
    state = dimenticato_naming(agent, forgetful)
    assert isinstance(agent, MCTSAgent) and isinstance(forgetful, MCTSAgent)
    result = agent.search(state, 0)
    assert str(result.action) == f"name {state.values[state.chosen]}"
    assert result.simulations == 0
    assert forgetful.search(state, 0).simulations == 50


def test_ismcts_tree_names_only_the_value_under_the_figure() -> None:
    """DIM-5: a wrong name is a lost turn. With perfect memory every determinization is
    the same, so at every naming in the tree, the bot's and the opponent's, one name is
    tried: the right one; the other five would take most of the search."""
    agent = make_agent("mcts:iters=300", wuerfelwerk.load("dimenticato", players=2), 2)
    state = dimenticato_naming(agent)
    assert isinstance(agent, MCTSAgent) and agent.belief is not None
    root = Node(state.current_player, CHANCE)
    agent.searcher.run(root, agent.belief.sampler(state.observation(state.player)), Budget(300))
    namings = 0
    nodes = [root]
    while nodes:
        node = nodes.pop()
        names = [key for key in node.children if isinstance(key[1], Name)]
        if names:
            namings += 1
            assert len(names) == 1
        nodes.extend(node.children.values())
    assert namings > 10


def test_ismcts_never_reads_a_covered_value() -> None:
    """The covered values are dealt anew behind the bot's back: the same observation
    must give the same search, move for move."""
    state = dimenticato_naming()
    game = state.game
    observation = state.observation(state.current_player)
    hidden = game.hidden_fields(observation)  # type: ignore[attr-defined]
    names = state.geometry.names
    truth = {names[f]: state.values[f] for f in range(len(names)) if names[f] in hidden}
    shuffled = dict(zip(hidden, reversed([truth[n] for n in hidden]), strict=True))
    assert shuffled != truth
    other = game.determinize(observation, shuffled)  # type: ignore[attr-defined]
    assert other.observation(state.current_player) == observation
    for spec in ("mcts:iters=150", "mcts:iters=150,forget=0.5"):
        results = [
            make_agent(spec, game, 7).search(s, s.current_player)  # type: ignore[attr-defined]
            for s in (state, other)
        ]
        assert results[0].action == results[1].action
        assert results[0].visits == results[1].visits


@pytest.mark.parametrize("name", ["widget", "dimenticato"])
def test_plays_only_legal_actions_to_the_end(name: str) -> None:
    game = wuerfelwerk.load(name, players=2)
    agents = [make_agent("mcts:iters=4,depth=4", game, 1), make_agent("greedy", game, 2)]
    record = wuerfelwerk.play(game, agents, seed=3)  # an illegal choice would raise
    assert record.outcome is not None


def test_plays_only_legal_actions_to_the_end_of_a_mojave_endgame() -> None:
    start = mojave([("h5", 2), ("c3", 3), ("k3", 1)], [("h12", 4), ("c14", 2), ("k14", 5)])
    game = start.game
    agents = [make_agent("mcts:iters=6,depth=0", game, 1), make_agent("random", game, 2)]
    record = wuerfelwerk.play(game, agents, seed=3, state=start)
    assert record.outcome is not None
