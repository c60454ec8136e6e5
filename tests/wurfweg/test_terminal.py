"""Real-time play in the terminal: keys drive the human seat while the bots act on
their own clocks. The screen runs on prompt_toolkit pipe input, and the whole command
in a pseudo-terminal. Every wait is for a condition (with a generous limit), never for
a fixed time."""

from __future__ import annotations

import asyncio
import contextvars
import json
import subprocess
import sys
import time
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput

import wuerfelwerk
from wuerfelwerk.agents.heuristics.wurfweg import LEVELS as PACES
from wuerfelwerk.cli.realtime import RealTimeScreen
from wuerfelwerk.core import Record
from wuerfelwerk.games.wurfweg.render import hand_groups

from ..terminal import Terminal
from .conftest import TOGETHER, apply, before_winning_together

LIMIT = 60.0
T = TypeVar("T")


def run_apart(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own, with this thread's context (the app
    session): another test in this process (Playwright's sync API) may own this
    thread's event loop."""
    context = contextvars.copy_context()
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(context.run, asyncio.run, coroutine).result()


SLOW = "bot:roll=600,place=600"  # bots that never act within a test
FAST = "bot:roll=0.02,place=0.02"


@contextmanager
def screen(seats: list[str], seed: int) -> Iterator[tuple[RealTimeScreen, PipeInput]]:
    game = wuerfelwerk.load("wurfweg", players=len(seats))
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        yield RealTimeScreen(game, seats, seed, pause=0), pipe


async def until(condition: Callable[[], object]) -> None:
    deadline = time.monotonic() + LIMIT
    while not condition():
        assert time.monotonic() < deadline, "the screen never got there"
        await asyncio.sleep(0.01)


def shown(table: RealTimeScreen) -> str:
    return "".join(text for _, text in table.screen())


def test_keys_roll_and_place_the_humans_dice() -> None:
    with screen(["human", SLOW, SLOW], seed=3) as (table, pipe):

        async def play() -> Record:
            running = asyncio.ensure_future(table.run_async())
            pipe.send_text("r")
            await until(lambda: "p1 roll" in table.clocks.record.actions)
            state = table.state
            groups = [symbol for symbol, _ in hand_groups(state, 0)]
            assert len(state.hand[0]) == 3 and "1:" in shown(table)
            matching = [n for n, s in enumerate(groups, 1) if state.target(0, s) is not None]
            other = [n for n, s in enumerate(groups, 1) if state.target(0, s) is None]
            before = len(table.clocks.record.actions)
            if other:  # a die that goes nowhere is refused with the rule, nothing changes
                pipe.send_text(str(other[0]))
                await until(lambda: table.message)
                assert table.message.startswith("WUW-4")
                assert len(table.clocks.record.actions) == before
            pipe.send_text("9")
            await until(lambda: "no die 9" in table.message)
            if matching:
                pipe.send_text(str(matching[0]))
                await until(lambda: len(table.clocks.record.actions) > before)
                assert " place " in table.clocks.record.actions[-1]
                assert len(table.state.hand[0]) == 2
            pipe.send_text("q")
            return await running

        record = run_apart(play())
    assert record.actions[:4] == [a for a in record.actions[:4] if "draws" in a or "lucky" in a]
    assert Record.loads(record.dumps()).final_state() == table.state


def test_bots_act_on_their_own_clocks_while_the_human_waits() -> None:
    with screen(["human", FAST, FAST], seed=4) as (table, pipe):

        async def play() -> Record:
            running = asyncio.ensure_future(table.run_async())
            await until(lambda: table.state.phase == "calm")  # a bot called stop
            text = shown(table)
            assert "calls STOP" in text and "lucky" in text and "> p1" in text
            assert not any(" roll" in a or " place" in a for a in p1_actions(table))
            pipe.send_text("r")  # the three calm rolls end the round
            await until(lambda: table.state.calm_rolls[0] >= 1 or table.state.round > 1)
            pipe.send_text("q")
            return await running

        record = run_apart(play())
    assert {a.split()[0] for a in record.actions if " roll" in a} >= {"p1", "p2", "p3"}


def p1_actions(table: RealTimeScreen) -> list[str]:
    return [a for a in table.clocks.record.actions if a.startswith("p1 ")]


@pytest.mark.parametrize("key", [b"q", b"\x03", b"\x04"], ids=["q", "ctrl-c", "ctrl-d"])
def test_play_command_in_a_pseudo_terminal(tmp_path: Path, key: bytes) -> None:
    seats = f"human,{FAST},{FAST}"
    with Terminal("play", "wurfweg", "--seats", seats, "--seed", "5", cwd=tmp_path) as terminal:
        terminal.read_until(b"calls STOP")  # the bots raced on their own, nobody pressed a key
        terminal.type(key)
        terminal.read_until(b"record saved")
        assert terminal.wait() == 0
    (saved,) = tmp_path.glob("wuerfelwerk-wurfweg-*.json")
    record = Record.loads(saved.read_text())
    assert json.loads(saved.read_text())["players"][0] == "human"
    assert any(a.startswith("p2 place") for a in record.actions)


def test_a_shared_win_names_every_winner_on_the_screen() -> None:
    """WUW-10: several at once win together; the screen names them all."""
    final = apply(before_winning_together(), *TOGETHER)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        view = RealTimeScreen(final.game, ["human", SLOW], 1, pause=0, start=final.to_json())
        shown = "".join(text for _, text, *_ in view.screen())
    assert "Game over: p1 and p2 won together (3 coasters)." in shown


def test_replay_names_every_winner_of_a_shared_win(tmp_path: Path) -> None:
    start = before_winning_together()
    record = Record("wurfweg", start.game.options_json(), 1, list(TOGETHER), start=start.to_json())
    record.outcome = record.final_state().outcome()
    assert record.to_json()["outcome"]["winners"] == [0, 1]
    saved = tmp_path / "together.json"
    saved.write_text(record.dumps())
    assert Record.loads(saved.read_text()).to_json()["outcome"]["winners"] == [0, 1]
    result = subprocess.run(
        [sys.executable, "-m", "wuerfelwerk.cli", "replay", str(saved), "--no-step"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "result: p1 and p2 won together (3 coasters)" in result.stdout


def test_a_newcomer_plays_against_the_easy_level(tmp_path: Path) -> None:
    with Terminal("play", "wurfweg", "--seed", "5", cwd=tmp_path) as terminal:
        terminal.read_until(b"q quit")  # the screen is up
        terminal.type(b"q")
        terminal.read_until(b"record saved")
        assert terminal.wait() == 0
    (saved,) = tmp_path.glob("wuerfelwerk-wurfweg-*.json")
    # The easy level's pace is a person's: slower than hard, and it overlooks matches.
    assert json.loads(saved.read_text())["players"] == ["human", "bot:easy"]
    easy, hard = PACES["easy"], PACES["hard"]
    assert easy.roll > hard.roll and easy.place > hard.place and easy.miss > hard.miss
