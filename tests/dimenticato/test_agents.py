"""``greedy`` with memory: it names what it was shown as the game went on, never from
the state's hidden values nor from the log, and forgets by the documented formula."""

from __future__ import annotations

import random
from typing import Any

import pytest

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.agents.heuristics.dimenticato import DeterminizedGreedy, DimenticatoGreedy
from wuerfelwerk.agents.heuristics.dimenticato_memory import Memory
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

from .conftest import apply, load, position

SPECS = ["greedy:memory=perfect", "greedy:forget=0.3", "greedy:forget=1"]

#: A copy of a state after an action, with what the action showed for a moment.
Step = tuple[DimenticatoState, dict[str, Any] | None]


def played(players: int, seed: int, specs: list[str]) -> list[Step]:
    """Every position of a game between ``specs`` with its moment, the start first."""
    game = load(players)
    steps: list[Step] = [(game.new_initial_state(), None)]

    def keep(state: State, action: Action, player: int) -> None:
        assert isinstance(state, DimenticatoState)
        steps.append((state.clone(), state.moment()))

    agents = [make_agent(spec, game, seed + seat) for seat, spec in enumerate(specs)]
    wuerfelwerk.play(game, agents, seed, on_action=keep)
    return steps


def shown(agent: Any, steps: list[Step], seat: int) -> Any:
    """The agent after it was shown ``steps`` as a driver shows them (``observe``)."""
    for state, moment in steps:
        agent.observe(state, seat, moment)
    return agent


def changed_behind_its_back(state: DimenticatoState) -> DimenticatoState:
    """The same state with another value under the figure to be named."""
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


def test_a_bot_names_the_value_it_saw_not_what_lies_there() -> None:
    """Changed behind its back, the value under the figure is not what the bot saw: it
    names what it saw, and is wrong (DIM-5)."""
    steps = played(2, 3, ["greedy", "greedy:forget=0.2"])
    naming = [i for i, (state, _) in enumerate(steps) if state.phase == NAME][:12]
    assert naming
    for index in naming:
        state = steps[index][0]
        player = state.current_player
        bot = shown(make_agent("greedy:memory=perfect", state.game, 1), steps[: index + 1], player)
        changed = changed_behind_its_back(state)
        named = bot.choose(changed, player)
        assert isinstance(named, Name)
        assert named.value == state.values[state.chosen]
        changed.apply(named)
        assert changed.log[-1]["right"] is False


def test_a_bot_remembers_from_the_moment_it_saw_a_value() -> None:
    """A value covered before a bot came to the table is unknown to it; one shown for a
    moment while it watched (a wrong name, DIM-5) is remembered; the log tells nothing."""
    state = position(
        [["e6", "a6", "a5", "b5"], ["c1", "j2", "i1", "j1"]], values={"e6": 3, "c1": 5}
    )
    late = Memory(state.game, 0.0, random.Random(1))
    watching = Memory(state.game, 0.0, random.Random(1))
    watching.observe(state.observation(1))
    assert watching.recalled(state.observation(1)) == {}  # covered before it looked
    apply(state, "figure e6", "name 4")
    watching.observe(state.observation(1), state.moment())
    late.observe(state.observation(1))
    assert watching.recalled(state.observation(1)) == {"e6": 3}
    assert late.recalled(state.observation(1)) == {}
    assert late.beliefs(state.observation(1))["e6"][1] < 1


def decision_steps(seed: int) -> tuple[list[Step], list[int]]:
    """A 3-player game, and where a seat has a real choice: a figure, a value, a distance
    or a destination."""
    steps = played(3, seed, ["greedy:forget=0.2"] * 3)
    chosen = [
        i
        for i, (state, _) in enumerate(steps)
        if state.phase != DEAL and not state.is_terminal() and len(state.legal_actions()) > 1
    ]
    return steps, chosen


def all_covered_values_changed(state: DimenticatoState) -> DimenticatoState:
    """The same state with another value under every figure that hides one (the figure
    lifted to move has shown its value)."""
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
    steps, chosen = decision_steps(seed=4)
    assert {steps[i][0].phase for i in chosen} == {FIGURE, NAME, GO, DESTINATION}
    for index in chosen:
        state = steps[index][0]
        changed = all_covered_values_changed(state)
        player = state.current_player
        first = shown(make_agent(spec, state.game, 7), steps[: index + 1], player)
        second = shown(make_agent(spec, state.game, 7), steps[: index + 1], player)
        assert first.choose(state, player) == second.choose(changed, player), (
            f"{spec} decided by a covered value in {state.phase}"
        )


def test_the_rollout_greedy_decides_as_the_greedy_player_with_perfect_memory() -> None:
    """``DeterminizedGreedy`` (MCTS rollouts) reads the values from the state: where they
    are what a watching player saw, as in a game played out, it decides the same as the
    greedy player with perfect memory, in every phase."""
    steps, chosen = decision_steps(seed=5)
    assert {steps[i][0].phase for i in chosen} == {FIGURE, NAME, GO, DESTINATION}
    for index in chosen:
        state = steps[index][0]
        player = state.current_player
        greedy = shown(DimenticatoGreedy(state.game, 0.0, 7), steps[: index + 1], player)
        rollout = DeterminizedGreedy(state.game, 0.0, 7)
        assert rollout.choose(state, player) == greedy.choose(state, player)


def test_the_rollout_greedy_names_the_value_under_the_figure() -> None:
    """Behind its back the value changed, and the greedy player with perfect memory
    names the one it saw; the rollout player names what lies there (DIM-5)."""
    steps = played(2, 3, ["greedy", "greedy:forget=0.2"])
    index = next(i for i, (state, _) in enumerate(steps) if state.phase == NAME)
    state = steps[index][0]
    changed = changed_behind_its_back(state)
    player = state.current_player
    actual = changed.values[changed.chosen]
    assert str(DeterminizedGreedy(state.game, 0.0, 1).choose(changed, player)) == f"name {actual}"
    greedy = shown(make_agent("greedy", state.game, 1), steps[: index + 1], player)
    assert str(greedy.choose(changed, player)) != f"name {actual}"


def test_the_forgetting_formula() -> None:
    """p_forget(age) = 1 - (1 - P) ** age, drawn once per field and turn."""
    memory = Memory(load(2), 0.3, random.Random(1))
    for age, expected in ((0, 0.0), (1, 0.3), (3, 1 - 0.7**3)):
        lost = sum(memory.forgets(turn, f"age{age}", age) for turn in range(4000)) / 4000
        assert abs(lost - expected) < 0.03
    assert memory.forgets(5, "x", 2) == memory.forgets(5, "x", 2)


def test_a_forgotten_value_is_guessed_from_the_values_not_accounted_for() -> None:
    """What the board held, as seen before any figure covered a value, less the open
    values: the guess is one of those, and not a value still seen on the same card."""
    steps = played(2, 5, ["greedy", "greedy:forget=0.2"])
    index = next(i for i, (state, _) in enumerate(steps) if state.phase == NAME)
    state = steps[index][0]
    player = state.current_player
    observation = state.observation(player)
    memory = Memory(state.game, 1.0, random.Random(2))
    for seen, moment in steps[: index + 1]:
        memory.observe(seen.observation(player), moment)
    counts = memory.unaccounted(observation)
    assert counts is not None and sum(counts.values()) == len(state.game.hidden_fields(observation))
    value, chance = memory.beliefs(observation)[state.geometry.names[state.chosen]]
    card = state.chosen // 4
    names = state.geometry.names
    on_card = {observation["values"][names[f]] for f in range(4 * card, 4 * card + 4)}
    assert counts[value] > 0 and value not in on_card
    assert 0 < chance < 1


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
