"""The Widget ``greedy`` agent: spaceship first, own colour, villain on the leader."""

from __future__ import annotations

from wuerfelwerk.agents import make_agent
from wuerfelwerk.games.widget import WidgetState

from .scenario import places, position


def decide_roll(state: WidgetState) -> WidgetState:
    """Let greedy take every decision of the current roll."""
    player = state.player
    agent = make_agent("greedy", state.game, seed=1)
    while state.phase == "decide" and state.player == player:
        state.apply(agent.choose(state, player))
    return state


def test_enters_the_spaceship_when_it_can() -> None:
    state = position(figures=[["connect", "10", "0"], ["26", "26", "26"]], roll=["white", "red"])
    decide_roll(state)
    assert "ship" in places(state, 0)


def test_prefers_the_safe_own_colour_far_along_the_lap() -> None:
    """From 40 the white die could reach blue 45; greedy takes red 41, where the villain
    cannot throw the figure (WID-8)."""
    state = position(figures=[["40", "ship", "ship"], ["26", "26", "26"]], roll=["white", "red"])
    agent = make_agent("greedy", state.game, seed=1)
    assert str(agent.choose(state, 0)) in {"white 40 as red", "red 40"}
    decide_roll(state)
    assert places(state, 0) == ["41", "ship", "ship"]


def test_turns_the_villain_on_the_leader() -> None:
    """Blue's figure is further along its lap, but green is about to win."""
    state = position(
        players=3,
        figures=[["0", "0", "0"], ["12", "13", "13"], ["23", "ship", "ship"]],
        roll=["white", "black"],
    )
    decide_roll(state)
    assert places(state, 2) == ["26", "ship", "ship"]
    assert places(state, 1) == ["12", "13", "13"]


def test_uses_a_jump_to_throw_rather_than_stay() -> None:
    state = position(figures=[["0", "0", "0"], ["16", "26", "26"]], roll=["blue", "black"])
    decide_roll(state)
    assert places(state, 1) == ["26", "26", "26"]
