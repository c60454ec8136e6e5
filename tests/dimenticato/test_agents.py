"""``greedy`` with memory: it names from the public log only, never from the state's
hidden values, and forgets by the documented formula."""

from __future__ import annotations

import random

import pytest

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.agents.heuristics.dimenticato import DeterminizedGreedy, DimenticatoGreedy
from wuerfelwerk.agents.heuristics.dimenticato_memory import Memory, last_seen
from wuerfelwerk.core import Action, InvalidAgentSpecError, State
from wuerfelwerk.games.dimenticato import (
    DEAL,
    DESTINATION,
    FIGURE,
    GO,
    NAME,
    DimenticatoState,
    Name,
)

from .conftest import load

SPECS = ["greedy:memory=perfect", "greedy:forget=0.3", "greedy:forget=1"]


def naming_states(seed: int, count: int) -> list[DimenticatoState]:
    """Copies of the states of a greedy game where a value is to be named."""
    game = load(2)
    found: list[DimenticatoState] = []

    def keep(state: State, action: Action, player: int) -> None:
        assert isinstance(state, DimenticatoState)
        if state.phase == NAME and len(found) < count:
            found.append(state.clone())

    agents = [make_agent("greedy", game, seed), make_agent("greedy:forget=0.2", game, seed + 1)]
    wuerfelwerk.play(game, agents, seed, on_action=keep)
    return found


def changed_behind_its_back(state: DimenticatoState) -> DimenticatoState:
    """The same state with another value under the figure to be named; the log, the
    record of what everybody saw, still tells the old one."""
    data = state.to_json()
    name = state.geometry.names[state.chosen]
    data["values"][name] = 1 + data["values"][name] % 6
    changed = state.game.state_from_json(data)
    assert isinstance(changed, DimenticatoState)
    return changed


def test_perfect_memory_names_every_value_right() -> None:
    game = load(2)
    agents = [make_agent("greedy:memory=perfect", game, s) for s in range(2)]
    record = wuerfelwerk.play(game, agents, seed=8)
    final = record.final_state()
    assert isinstance(final, DimenticatoState)
    names = [e for e in final.log if e["event"] == "name"]
    assert names and all(e["right"] for e in names)
    assert record.outcome is not None and record.outcome.winners


def test_a_bot_fails_to_name_values_changed_behind_its_back() -> None:
    for state in naming_states(seed=3, count=12):
        changed = changed_behind_its_back(state)
        player = state.current_player
        bot = make_agent("greedy:memory=perfect", state.game, 1)
        named = bot.choose(changed, player)
        assert isinstance(named, Name)
        assert named.value == state.values[state.chosen]
        changed.apply(named)
        assert changed.log[-1]["right"] is False


def decision_states(seed: int) -> list[DimenticatoState]:
    """Copies of the states of a 3-player greedy game where a seat has a real choice:
    a figure, a value, a distance or a destination."""
    game = load(3)
    found: list[DimenticatoState] = []

    def keep(state: State, action: Action, player: int) -> None:
        assert isinstance(state, DimenticatoState)
        if state.phase != DEAL and len(state.legal_actions()) > 1:
            found.append(state.clone())

    agents = [make_agent("greedy:forget=0.2", game, seed + seat) for seat in range(3)]
    wuerfelwerk.play(game, agents, seed, on_action=keep)
    return found


def all_covered_values_changed(state: DimenticatoState) -> DimenticatoState:
    """The same state with another value under every figure that hides one (the figure
    lifted to move has shown its value); the log still tells the old values."""
    data = state.to_json()
    lifted = state.chosen if state.phase == DESTINATION else -1
    for figures in state.figures:
        for field in figures:
            name = state.geometry.names[field]
            if field != lifted and name in data["values"]:
                data["values"][name] = 1 + data["values"][name] % 6
    changed = state.game.state_from_json(data)
    assert isinstance(changed, DimenticatoState)
    return changed


@pytest.mark.parametrize("spec", SPECS)
def test_a_bot_decides_the_same_whatever_lies_under_the_figures(spec: str) -> None:
    """In every phase: a bot that read a covered value anywhere (choosing the figure,
    naming, scoring a landing or a capture) would decide differently here."""
    states = decision_states(seed=4)
    assert {s.phase for s in states} == {FIGURE, NAME, GO, DESTINATION}
    for state in states:
        changed = all_covered_values_changed(state)
        player = state.current_player
        first = make_agent(spec, state.game, 7).choose(state, player)
        second = make_agent(spec, state.game, 7).choose(changed, player)
        assert first == second, f"{spec} decided by a covered value in {state.phase}"


def test_the_rollout_greedy_decides_as_the_greedy_player_with_perfect_memory() -> None:
    """``DeterminizedGreedy`` (MCTS rollouts) reads the values from the state instead of
    the log: where the log tells the truth, as in a game played out, it decides the
    same, in every phase."""
    states = decision_states(seed=5)
    assert {s.phase for s in states} == {FIGURE, NAME, GO, DESTINATION}
    for state in states:
        player = state.current_player
        greedy = DimenticatoGreedy(state.game, 0.0, 7)
        rollout = DeterminizedGreedy(state.game, 0.0, 7)
        assert rollout.choose(state, player) == greedy.choose(state, player)


def test_the_rollout_greedy_names_the_value_under_the_figure() -> None:
    """Behind its back the values changed, and the greedy player with perfect memory
    names the old one; the rollout player names what lies there (DIM-5)."""
    state = naming_states(seed=3, count=1)[0]
    changed = changed_behind_its_back(state)
    player = state.current_player
    actual = changed.values[changed.chosen]
    assert str(DeterminizedGreedy(state.game, 0.0, 1).choose(changed, player)) == f"name {actual}"
    assert str(make_agent("greedy", state.game, 1).choose(changed, player)) != f"name {actual}"


def test_memory_reads_new_events_only_and_starts_again_on_another_history() -> None:
    """``Memory.seen`` keeps up with a log incrementally and equals ``last_seen`` at
    every step, also when it is handed an earlier or an unrelated position."""
    states = decision_states(seed=6)
    memory = Memory(load(3), 0.0, random.Random(1))
    order = [*states[::7], states[3], states[-1], naming_states(seed=2, count=1)[0], states[-2]]
    for state in order:
        observation = state.observation(0)
        assert memory.seen(observation) == last_seen(observation)


def test_the_forgetting_formula() -> None:
    """p_forget(age) = 1 - (1 - P) ** age, drawn once per field and turn."""
    memory = Memory(load(2), 0.3, random.Random(1))
    for age, expected in ((0, 0.0), (1, 0.3), (3, 1 - 0.7**3)):
        lost = sum(memory.forgets(turn, f"age{age}", age) for turn in range(4000)) / 4000
        assert abs(lost - expected) < 0.03
    assert memory.forgets(5, "x", 2) == memory.forgets(5, "x", 2)


def test_a_forgotten_value_is_guessed_from_the_card_set() -> None:
    state = naming_states(seed=5, count=1)[0]
    observation = state.observation(state.current_player)
    memory = Memory(state.game, 1.0, random.Random(2))
    beliefs = memory.beliefs(observation)
    name = state.geometry.names[state.chosen]
    value, chance = beliefs[name]
    counts = state.game.value_counts(observation)
    card = state.chosen // 4
    names = state.geometry.names
    on_card = {observation["values"][names[f]] for f in range(4 * card, 4 * card + 4)}
    assert counts[value] > 0 and value not in on_card
    assert 0 < chance <= 1


def test_greedy_beats_random() -> None:
    game = load(2)
    wins = 0
    for seed in range(6):
        agents = [make_agent("greedy", game, seed), make_agent("random", game, seed)]
        record = wuerfelwerk.play(game, agents, seed)
        wins += record.outcome is not None and record.outcome.winners == {0}
    assert wins == 6


@pytest.mark.parametrize(
    "spec",
    ["greedy:memory=bad", "greedy:forget=2", "greedy:memory=perfect,forget=0.3", "greedy:x=1"],
)
def test_bad_specs(spec: str) -> None:
    with pytest.raises(InvalidAgentSpecError):
        make_agent(spec, load(2), 1)
