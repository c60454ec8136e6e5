"""The discrete-event driver and the timed bot: simulated time orders the actions, a
seed gives the same game, each bot keeps its own pace, and simulate uses the driver."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

import wuerfelwerk
from wuerfelwerk.agents import make_agent, parse_spec
from wuerfelwerk.agents.heuristics.wurfweg import LEVELS, Timing
from wuerfelwerk.core import Action, InvalidAgentSpecError, Record, State, derive_seed
from wuerfelwerk.core.realtime import Clocks, play_realtime
from wuerfelwerk.sim.runner import Matchup, play_one

from .conftest import position


def bots(specs: list[str], seed: int) -> tuple[wuerfelwerk.Game, list]:
    game = wuerfelwerk.load("wurfweg", players=len(specs))
    return game, [make_agent(s, game, derive_seed(seed, i)) for i, s in enumerate(specs)]


def test_a_seed_gives_the_same_game_and_another_seed_another() -> None:
    specs = ["bot", "bot:place=0.4", "greedy"]
    first = play_realtime(*bots(specs, 7), 7)
    again = play_realtime(*bots(specs, 7), 7)
    other = play_realtime(*bots(specs, 8), 8)
    assert first.actions == again.actions and first.outcome == again.outcome
    assert first.actions != other.actions
    assert Record.loads(first.dumps()).outcome == first.outcome


def test_actions_land_in_the_order_of_their_simulated_times() -> None:
    times: list[float] = []
    by_seat: dict[int, list[float]] = {}

    def log(state: State, action: Action, seat: int, now: float) -> None:
        times.append(now)
        if seat >= 0:
            by_seat.setdefault(seat, []).append(now)

    play_realtime(
        *bots(["bot:roll=1,place=0.5,spread=0", "bot:roll=3,place=2"], 2), 2, on_action=log
    )
    assert times == sorted(times)
    # with no spread the first bot's actions are at least its 0.5 s per placement apart
    assert all(b - a >= 0.5 - 1e-9 for a, b in pairwise(by_seat[0]))
    assert len(by_seat[0]) > len(by_seat[1])  # the quicker hands act more often


def test_actions_due_at_the_same_moment_land_in_seat_order() -> None:
    state = position(["clover-pig", "penny-horseshoe"], [["hamsa"], ["hamsa"]])
    same = "bot:roll=1,place=1,spread=0,miss=0"
    agents = [make_agent(same, state.game, seat) for seat in (2, 1)]
    landed: list[tuple[float, str]] = []

    def log(state: State, action: Action, seat: int, now: float) -> None:
        if seat >= 0:
            landed.append((now, str(action)))

    Clocks(state.game, agents, 4, state=state, on_action=log).advance(1.0)
    assert landed == [(1.0, "p1 roll"), (1.0, "p2 roll")]


def test_an_action_overtaken_by_stop_is_dropped_and_the_seat_chooses_again() -> None:
    # p1 places its last die at once; p2's slow placement lands after stop and is dropped.
    state = position(["clover-pig", "penny-horseshoe"], [["clover"], ["penny", "hamsa"]])
    game = state.game
    agents = [
        make_agent("bot:place=0.1,spread=0,miss=0", game, 1),
        make_agent("bot:place=5,roll=5,spread=0,miss=0", game, 2),
    ]
    clocks = Clocks(game, agents, 3, state=state)
    assert {s: str(p.action) for s, p in clocks.pending.items()} == {
        0: "p1 place clover left",
        1: "p2 place penny left",
    }
    clocks.advance(0.1)
    assert clocks.state.phase == "calm"
    assert str(clocks.pending[1].action) == "p2 roll"  # chosen again after stop
    clocks.advance(100)
    assert "p2 place penny left" not in clocks.record.actions


def test_humans_act_between_the_bots() -> None:
    state = position(["clover-pig", "penny-horseshoe"], [["clover", "pig"], ["penny"]])
    bot = make_agent("bot:roll=2,place=2,spread=0", state.game, 1)
    clocks = Clocks(state.game, [None, bot], 1, state=state)
    assert list(clocks.pending) == [1]
    clocks.advance(1.0)
    clocks.act(0, state.game.parse_action("p1 place clover left"))
    assert clocks.record.actions == ["p1 place clover left"]
    with pytest.raises(wuerfelwerk.IllegalActionError, match="WUW-4"):
        clocks.act(0, state.game.parse_action("p1 place pig left"))
    with pytest.raises(wuerfelwerk.IllegalActionError, match="not an action of p1"):
        clocks.act(0, state.game.parse_action("p2 roll"))
    clocks.advance(2.0)
    assert clocks.record.actions[1] == "p2 place penny left"


def test_the_timing_model_has_the_mean_and_spread_it_is_given() -> None:
    timing = Timing(spread=0.3)
    rng = random.Random(1)
    times = [timing.seconds(0.6, rng) for _ in range(20_000)]
    mean = sum(times) / len(times)
    spread = (sum((t - mean) ** 2 for t in times) / len(times)) ** 0.5 / mean
    assert mean == pytest.approx(0.6, rel=0.02)
    assert spread == pytest.approx(0.3, rel=0.05)
    assert min(times) > 0


def test_a_bot_overlooks_matches_at_its_miss_rate() -> None:
    game = wuerfelwerk.load("wurfweg", players=2)
    state = position(["clover-pig", "penny-horseshoe"], [["clover"] * 3, ["penny"]])
    blind = make_agent("bot:miss=1", game, 1)
    sharp = make_agent("bot:miss=0", game, 1)
    assert str(blind.choose(state, 0)) == "p1 roll"
    assert str(sharp.choose(state, 0)) == "p1 place clover left"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("bot:place=fast", "place must be a number"),
        ("bot:miss=2", r"miss must lie in \[0.0, 1.0\]"),
        ("bot:speed=1", "no parameter 'speed'"),
        ("bot:level=godlike", "no level 'godlike'"),
    ],
)
def test_bad_bot_specs_are_refused(spec: str, message: str) -> None:
    with pytest.raises(InvalidAgentSpecError, match=message):
        make_agent(spec, wuerfelwerk.load("wurfweg", players=2))


def test_levels_set_a_pace_and_parameters_override_it() -> None:
    assert Timing.from_spec(parse_spec("bot:level=easy")) == LEVELS["easy"]
    assert Timing.from_spec(parse_spec("bot:level=easy,miss=0")).miss == 0
    assert Timing.from_spec(parse_spec("bot")) == Timing()


def test_simulate_plays_real_time_games_on_the_driver() -> None:
    matchup = Matchup("wurfweg", {"players": 2}, ("bot:place=0.4", "bot:place=0.8"), 5)
    result = play_one(matchup, 3)
    game = wuerfelwerk.load("wurfweg", players=2)
    agents = [
        make_agent(matchup.agents[a], game, derive_seed(5, 3, "seat", s))
        for s, a in enumerate(matchup.seats(3, 2))
    ]
    record = play_realtime(game, agents, derive_seed(5, 3))
    assert result.actions == len(record.actions)
    assert record.outcome is not None
    assert result.scores == tuple(
        1 / len(record.outcome.winners) if s in record.outcome.winners else 0.0 for s in range(2)
    )


@pytest.mark.parametrize("specs", [["greedy", "random"], ["random", "random", "bot"]])
def test_greedy_and_random_play_whole_games(specs: list[str]) -> None:
    record = play_realtime(*bots(specs, 11), 11)
    assert record.outcome is not None
    assert Record.loads(record.dumps()).final_state().is_terminal()
