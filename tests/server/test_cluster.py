"""Two real server processes on one PostgreSQL database, as a cluster: a page connected
to the process that does not run its table sees every frame and plays (the owner relays
over LISTEN/NOTIFY); undo and rematch go to the owner too; after a SIGKILL of one
process the other takes its tables over, no action a client has seen is lost, and the
clients that connect again to the survivor play the games to the end."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from click.testing import CliRunner
from websockets.exceptions import ConnectionClosed

from wuerfelwerk.cli import bench_server
from wuerfelwerk.server.connection import CLOSE_MOVED
from wuerfelwerk.server.launch import ServerProcess

from .client import (
    Client,
    bot,
    check_frames,
    create_table,
    fetch_record,
    game_under_test,
    play_out,
    top,
)
from .conftest import PostgresCluster

#: A lease well above the stalls of a busy machine: a live process is never taken for dead.
CLUSTER = {"WUERFELWERK_CLUSTER": "true", "WUERFELWERK_LEASE_SECONDS": "5"}
#: Seconds a test waits for the survivor to take the tables over (the lease and a round).
TAKEOVER = 120.0


@pytest.fixture
def pair(postgres_cluster: PostgresCluster, workdir: Path) -> Iterator[list[ServerProcess]]:
    url = postgres_cluster.new_database()
    servers = [
        ServerProcess(url, log=workdir / f"server-{n}.log", env=CLUSTER).start() for n in (0, 1)
    ]
    try:
        yield servers
    finally:
        for server in servers:
            server.stop()


def owner_of(server: ServerProcess, table: dict[str, Any]) -> bool:
    """Whether ``server`` runs ``table``: its list holds the tables it runs."""
    listed = httpx.get(f"{server.url}/api/tables", timeout=30).json()
    return table["id"] in {entry["id"] for entry in listed}


def wait_closed(client: Client) -> int:
    """Read until the server closes the connection; the close code."""
    while True:
        try:
            client.receive_any()
        except ConnectionClosed as closed:
            assert closed.rcvd is not None
            return closed.rcvd.code


def connect_again(server: ServerProcess, table: dict[str, Any], seat: int | None) -> Client:
    """Connect until the server seats the client (while the table moves over, the server
    closes with ``CLOSE_MOVED``: try again)."""
    deadline = time.monotonic() + TAKEOVER
    while True:
        client = Client.open(server, table, seat)
        try:
            client.next_frame()
            return client
        except ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == CLOSE_MOVED, closed
            assert time.monotonic() < deadline, "the table was not taken over"
            time.sleep(0.2)


def play(client: Client, rng: random.Random, moves: int) -> None:
    """Make ``moves`` of the seat's moves, each answered."""
    for _ in range(moves):
        frame = client.frames[-1]
        while not frame["legal_actions"]:
            frame = client.next_frame()
        client.act(frame["version"], rng.choice(frame["legal_actions"]))
        client.next_frame()


@pytest.mark.parametrize("name", ["malefiz", "dimenticato"])
def test_a_page_at_the_other_process_sees_every_frame_and_plays(
    pair: list[ServerProcess], name: str
) -> None:
    owner, other = pair
    game = game_under_test(name)
    table = create_table(owner, game, ["human"] + [bot(game)] * (game.num_players - 1))
    assert owner_of(owner, table) and not owner_of(other, table)
    human = Client.open(other, table, 0)
    watchers = [Client.open(other, table, None), Client.open(owner, table, None)]
    human.play_to_end(random.Random(3), game.simultaneous)
    for watcher in watchers:
        watcher.watch_to_end()
    record, _ = fetch_record(other, table["id"])
    check_frames(record, human.frames, 0)
    for watcher in watchers:
        check_frames(record, watcher.frames, None)
    # Every frame reached the relayed page: one per version from its first on.
    versions = [frame["version"] for frame in watchers[0].frames]
    assert versions == sorted(set(versions))
    assert versions[-1] == len(record.actions)


def test_presence_chat_undo_and_rematch_reach_across_processes(
    pair: list[ServerProcess],
) -> None:
    owner, other = pair
    game = game_under_test("malefiz")
    table = create_table(owner, game, ["human", "human"], undo=True)
    here = Client.open(owner, table, 0)
    there = Client.open(other, table, 1)
    assert here.next_notice("presence")["seats"][1]["online"] is False
    assert here.next_notice("presence")["seats"][1]["online"] is True
    there.send({"type": "chat", "text": "hello from the other process"})
    assert here.next_notice("chat")["lines"][0]["text"] == "hello from the other process"
    # Seat 1 moves through the other process, and takes the move back there.
    frame = here.frames[-1]
    while frame["legal_actions"]:
        here.act(frame["version"], frame["legal_actions"][0])
        frame = here.next_frame()
    frame = there.next_frame()
    while not frame["legal_actions"]:
        frame = there.next_frame()
    there.act(frame["version"], frame["legal_actions"][0])
    moved = there.next_frame()["version"]
    assert here.next_frame()["version"] == moved
    token = table["seats"][1]["token"]
    undone = httpx.post(
        f"{other.url}/api/tables/{table['id']}/undo", json={"token": token}, timeout=30
    )
    assert undone.status_code == 200, undone.text
    assert undone.json()["version"] < moved
    assert there.next_frame()["version"] == undone.json()["version"]
    refused = httpx.post(
        f"{other.url}/api/tables/{table['id']}/rematch", json={"token": token}, timeout=30
    )
    assert refused.status_code == 409
    assert refused.json()["code"] == "not_finished"
    there.close()
    assert here.next_notice("presence")["seats"][1]["online"] is False


def test_a_frame_larger_than_a_notification_comes_whole(pair: list[ServerProcess]) -> None:
    """The chat's history, tens of kilobytes, reaches a page at the other process whole
    (PostgreSQL's notifications hold below 8000 bytes: it goes in pieces)."""
    owner, other = pair
    table = create_table(owner, game_under_test("malefiz"), ["human", "human"])
    writer = Client.open(owner, table, 0)
    lines = [f"{n:03d} " + "x" * 290 for n in range(60)]
    for line in lines:
        writer.send({"type": "chat", "text": line})
        writer.next_notice("chat")
    reader = Client.open(other, table, None)
    history = reader.next_notice("chat")
    assert [line["text"] for line in history["lines"]] == lines
    assert len(json.dumps(history)) > 2 * 8000


def test_sigkill_of_one_process_the_other_takes_its_tables_over(
    pair: list[ServerProcess],
) -> None:
    rng = random.Random(5)
    killed, survivor = pair
    game = game_under_test("malefiz")
    seats = ["human", bot(game)]
    on_killed = create_table(killed, game, seats)
    on_survivor = create_table(survivor, game, seats)
    watched = create_table(killed, game, [bot(game)] * 2, bot_delay=0.05)
    # Each human plays through the process that does not run its table.
    relayed = Client.open(survivor, on_killed, 0)
    direct = Client.open(killed, on_survivor, 0)
    spectator = Client.open(killed, watched, None)
    for client in (relayed, direct):
        client.next_frame()
        play(client, rng, 3)
    while spectator.next_frame()["version"] < 5:
        pass
    seen = {
        on_killed["id"]: (0, list(relayed.frames)),
        on_survivor["id"]: (0, list(direct.frames)),
        watched["id"]: (None, list(spectator.frames)),
    }
    killed.kill()

    # The survivor takes the dead process's tables and closes the pages it relayed to
    # them: they connect again, like those that were connected to the dead process.
    assert wait_closed(relayed) == CLOSE_MOVED
    again = {
        on_killed["id"]: connect_again(survivor, on_killed, 0),
        on_survivor["id"]: connect_again(survivor, on_survivor, 0),
        watched["id"]: connect_again(survivor, watched, None),
    }
    assert owner_of(survivor, on_killed) and owner_of(survivor, watched)
    for table_id, client in again.items():
        seat, before = seen[table_id]
        assert client.frames[0]["version"] >= before[-1]["version"]
        if seat is None:
            client.watch_to_end()
        else:
            client.play_to_end(rng, game.simultaneous)
        record, _ = fetch_record(survivor, table_id)
        # What was seen before the kill is still the history of the table.
        check_frames(record, before, seat)
        check_frames(record, client.frames, seat)


def test_a_process_that_leaves_hands_its_tables_over_at_once(
    pair: list[ServerProcess],
) -> None:
    leaving, staying = pair
    game = game_under_test("malefiz")
    table = create_table(leaving, game, ["human", bot(game)])
    relayed = Client.open(staying, table, 0)
    relayed.next_frame()
    leaving.stop()
    assert wait_closed(relayed) == CLOSE_MOVED
    client = connect_again(staying, table, 0)
    client.play_to_end(random.Random(9), game.simultaneous)


def test_serve_with_two_workers_plays_on_either(
    postgres_cluster: PostgresCluster, workdir: Path
) -> None:
    """``serve --workers 2``: both workers share the port, so the pages of one table land
    on either worker; every game is played to the end all the same."""
    url = postgres_cluster.new_database()
    game = game_under_test("malefiz")
    with ServerProcess(url, log=workdir / "server.log", args=["--workers", "2"]) as server:
        tables = [create_table(server, game, ["human", "human"]) for _ in range(4)]
        for table in tables:
            clients = [Client.open(server, table, seat) for seat in (0, 1)]
            clients[0].next_frame()
            clients[1].next_frame()
            last = play_out(clients, [top, top])
            assert last["outcome"] is not None
            record, _ = fetch_record(server, table["id"])
            for seat, client in enumerate(clients):
                check_frames(record, client.frames, seat)


def test_the_benchmark_runs_on_two_processes(postgres_cluster: PostgresCluster) -> None:
    """``bench server --servers 2``: tables on both, seats relayed, the figures given."""
    database = postgres_cluster.new_database()
    options = ["--tables", "4", "--seconds", "2", "--warmup", "0", "--think", "0.02"]
    result = CliRunner().invoke(
        bench_server.server, [*options, "--json", "--servers", "2", "--db", database]
    )
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["servers"] == 2 and figures["errors"] == 0
    assert figures["actions_per_s"] > 0 and figures["p99_ms"] >= figures["p50_ms"] > 0
    # The database runs on this machine: its CPU is read beside the servers'.
    assert figures["database_cpu_ms_per_action"] is not None
    assert figures["database_cpu_ms_per_action"] >= 0 and figures["database_cores"] >= 0


def test_several_benchmark_servers_need_postgresql() -> None:
    result = CliRunner().invoke(bench_server.server, ["--servers", "2"])
    assert result.exit_code == 2
    assert "several servers share a PostgreSQL database: give --db" in result.output
