"""SIGKILL mid-game, start again on the same database: every unfinished table comes back by
replaying its stored actions, bots resume, the games finish, and no action a client has
seen is lost. One server runs a table of every game at once, so one kill hits them all.
Clocks, names and results come through a restart too."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

import wuerfelwerk
from wuerfelwerk.core import Game
from wuerfelwerk.server.db import TableRow
from wuerfelwerk.server.db.models import RatingRow, ResultRow
from wuerfelwerk.server.launch import ServerProcess

from .client import (
    Client,
    bot,
    check_frames,
    create_table,
    fetch_record,
    game_under_test,
    in_database,
)
from .test_accounts import browser, session, unique
from .test_clock import clocked_table, running_clock
from .test_rated_games import rated_table


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


def test_clocks_names_and_results_outlive_a_restart(
    new_database: Callable[[], str], workdir: Path
) -> None:
    """A running deadline is the same after a SIGKILL; one that passed while the server
    was down lets the bot move; a name's cookie holds (the server keeps its key); results
    of a game that ended just before the server stopped are stored at the next start."""
    server = ServerProcess(new_database(), log=workdir / "server.log").start()
    try:
        name = unique("Hana")
        hana = browser(server, name)
        rated = rated_table(hana, ["human", "bot:easy"])
        human = Client.open(server, rated, 0, hana)
        human.play_to_end(random.Random(7), simultaneous=False)
        human.next_notice("rated")
        human.close()
        long, short = clocked_table(server, seconds=600), clocked_table(server, seconds=1)
        before = {}
        for table in (long, short):
            seats = [Client.open(server, table, seat) for seat in (0, 1)]
            before[table["id"]] = (running_clock(seats[0]), seats[0].frames[-1]["version"])
        server.kill()
        in_database(server.database_url, forget_results(rated["id"]))
        server.start()

        clock, version = before[long["id"]]
        watcher = Client.open(server, long, None)
        assert watcher.next_frame()["version"] == version
        restored = watcher.next_notice("clock")
        assert (restored["deadline"], restored["running"]) == (clock["deadline"], clock["running"])
        # Nobody came back to the other table, and it does not stall: the bot makes the
        # idle seat's turn (at once, if the deadline passed while the server was down).
        clock, version = before[short["id"]]
        watcher = Client.open(server, short, None)
        while watcher.next_frame()["version"] == version:
            pass
        log = [e for f in watcher.frames for e in f["log"] if e["number"] >= version]
        assert log[0]["seat"] == clock["running"]

        assert session(hana) == {"name": name, "has_password": False}
        games = httpx.get(f"{server.url}/api/players/{name}", timeout=30).json()["games"]
        assert [(g["games"], g["rated_games"]) for g in games] == [(1, 1)]
    finally:
        server.stop()


def forget_results(table_id: str) -> Callable[[AsyncConnection], Awaitable[None]]:
    """Make the database look as if the server had stopped before storing the results
    (and so the ratings: they are stored together) of the players' first game."""

    async def forget(connection: AsyncConnection) -> None:
        players = select(ResultRow.player_id).where(ResultRow.table_id == table_id)
        await connection.execute(delete(RatingRow).where(RatingRow.player_id.in_(players)))
        await connection.execute(delete(ResultRow).where(ResultRow.table_id == table_id))
        await connection.execute(
            update(TableRow).where(TableRow.id == table_id).values(recorded=False)
        )

    return forget
