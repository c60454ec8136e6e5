"""Bots think in threads with a deadline: a bot that would think too long plays a random
legal action in time, and the server answers everyone meanwhile."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import wuerfelwerk
from wuerfelwerk.core import Action, State
from wuerfelwerk.server.bots import BotSeats, SearchThreads
from wuerfelwerk.server.launch import ServerProcess

from .client import Client, create_table, game_under_test, get


def test_a_bot_past_its_deadline_plays_a_legal_action(workdir: Path) -> None:
    log = workdir / "server.log"
    env = {"WUERFELWERK_BOT_DEADLINE": "0.2", "WUERFELWERK_ANY_BOT": "true"}
    with ServerProcess(f"sqlite:///{workdir / 'bots.db'}", log=log, env=env) as server:
        game = game_under_test("malefiz")
        # The search would take 30 s a move; the deadline cuts it short.
        table = create_table(server, game, ["human", "bot:mcts:time=30"])
        human = Client.open(server, table, 0)
        for _ in range(3):
            frame = human.frames[-1] if human.frames else human.next_frame()
            while not frame["legal_actions"]:
                frame = human.next_frame()
                assert get(server, "/api/games").status_code == 200
            human.act(frame["version"], frame["legal_actions"][0])
            human.next_frame()
        human.close()
    text = log.read_text()
    assert "bot seat 1 missed its 0.2 s deadline" in text


def test_in_real_time_each_bot_keeps_its_own_pace_beside_a_person(server: ServerProcess) -> None:
    simultaneous = [g for g in map(game_under_test, wuerfelwerk.game_names()) if g.simultaneous]
    for game in simultaneous:
        seats = ["human"] + ["bot:greedy"] * (game.num_players - 1)
        table = create_table(server, game, seats)
        human = Client.open(server, table, 0)
        # The person waits; the bots act on their own, each at its own pace.
        acted: set[int] = set()
        while not acted >= set(range(1, game.num_players)):
            frame = human.next_frame()
            acted |= {entry["seat"] for entry in frame["log"] if entry["seat"] > 0}
        human.close()


class EndsItsThread:
    """A bot whose search raises SystemExit, as a broken bot might."""

    def choose(self, state: State, player: int) -> Action:
        raise SystemExit(1)


# The SystemExit ends the search thread, as it should; pytest reports every exception
# that ends a thread.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_bot_that_raises_systemexit_leaves_the_event_loop_running() -> None:
    game = wuerfelwerk.load("malefiz", players=2)
    start = ["d3", "d5", "g7", "g9", "j3", "j5"]
    position = {"phase": "move", "player": 1, "die": 3, "figures": [["start"] * 4] * 2}
    state = game.state_from_json({**position, "barricades": start})
    bots = BotSeats(game, ["human", "bot:random"], 1, SearchThreads(1), deadline=0.2)
    bots.agents[1] = EndsItsThread()
    # The search's SystemExit stays in its thread: the table's loop gets the fallback.
    action = asyncio.run(bots.choose(state, 1))
    assert state.is_legal(action)
