"""SIGKILL mid-game, start again on the same database: every unfinished table comes back by
replaying its stored actions, bots resume, the games finish, and no action a client has
seen is lost. One server runs a table of every game at once, so one kill hits them all."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import wuerfelwerk
from wuerfelwerk.core import Game
from wuerfelwerk.server.launch import ServerProcess

from .client import Client, bot, check_frames, create_table, fetch_record, game_under_test


def play_a_little(human: Client, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        frame = human.frames[-1] if human.frames else human.next_frame()
        while not frame["legal_actions"]:
            frame = human.next_frame()
        human.act(frame["version"], rng.choice(frame["legal_actions"]))
        human.next_frame()


def test_sigkill_and_restart_mid_game(new_database: Callable[[], str], workdir: Path) -> None:
    rng = random.Random(11)
    server = ServerProcess(new_database(), log=workdir / "server.log").start()
    games: list[Game] = [game_under_test(name) for name in wuerfelwerk.game_names()]
    tables: list[tuple[Game, dict[str, Any], dict[str, Any]]] = []
    seen: dict[str, tuple[int | None, list[dict[str, Any]]]] = {}
    for game in games:
        played = create_table(server, game, ["human"] + [bot(game)] * (game.num_players - 1))
        watched = create_table(server, game, [bot(game)] * game.num_players, bot_delay=0.05)
        tables.append((game, played, watched))
    for _, played, watched in tables:
        human = Client.open(server, played, 0)
        spectator = Client.open(server, watched, None)
        play_a_little(human, rng, 3)
        while spectator.next_frame()["version"] < 3:
            pass
        seen[played["id"]] = (0, list(human.frames))
        seen[watched["id"]] = (None, list(spectator.frames))
    server.kill()
    unfinished = {table_id for table_id, (_, frames) in seen.items() if not frames[-1]["outcome"]}
    assert {played["id"] for _, played, _ in tables} <= unfinished, "humans had yet to act"
    assert {watched["id"] for _, _, watched in tables} & unfinished, "no bots left to resume"

    server.start()  # same port, same database
    try:
        for game, played, watched in tables:
            human = Client.open(server, played, 0)
            spectator = Client.open(server, watched, None)
            assert human.next_frame()["version"] >= seen[played["id"]][1][-1]["version"]
            assert spectator.next_frame()["version"] >= seen[watched["id"]][1][-1]["version"]
            human.play_to_end(rng, game.simultaneous)
            spectator.watch_to_end()
            human.close()
            spectator.close()
            for table, client in ((played, human), (watched, spectator)):
                record, _ = fetch_record(server, table["id"])
                assert record.outcome is not None
                seat, before = seen[table["id"]]
                # What was seen before the kill is still the history of the table.
                check_frames(record, before, seat)
                check_frames(record, client.frames, seat)
    finally:
        server.stop()
