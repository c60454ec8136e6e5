"""Every registered game at a real server: bots watched by a spectator, a human seat playing
over WebSocket, and a reconnect. Every frame is checked against the seat's own view."""

from __future__ import annotations

import json
import random

import pytest

import wuerfelwerk
from wuerfelwerk.cli.verify import verify_record
from wuerfelwerk.server.launch import ServerProcess

from .client import (
    Client,
    actors,
    bot,
    check_frames,
    create_table,
    fetch_record,
    game_under_test,
    get,
)

GAMES = wuerfelwerk.game_names()


@pytest.mark.parametrize("name", GAMES)
def test_bot_game_watched_by_a_spectator(server: ServerProcess, name: str) -> None:
    game = game_under_test(name)
    table = create_table(server, game, [bot(game)] * game.num_players, bot_delay=0.002)
    assert all(seat["token"] is None for seat in table["seats"])
    spectator = Client.open(server, table, None)
    last = spectator.watch_to_end()
    spectator.close()
    record, data = fetch_record(server, table["id"])
    assert last["version"] == len(record.actions)
    assert [e["number"] for f in spectator.frames for e in f["log"]] == list(
        range(len(record.actions))
    ), "the log reports every action once, in order"
    check_frames(record, spectator.frames, None)
    assert data["seed_commitment"] == table["seed_commitment"]
    assert verify_record(data) == sum(_dice(record))
    replay = get(server, f"/api/tables/{table['id']}/replay").json()
    assert replay["outcome"] == data["outcome"]
    seats = [None, *actors(record)]
    for number, (frame, state) in enumerate(zip(replay["frames"], record.states(), strict=True)):
        assert frame["observation"] == json.loads(json.dumps(state.observation(None)))
        assert frame["seat"] == seats[number]
        # The game is over: every action is told, hidden information included.
        assert frame["action"] == (record.actions[number - 1] if number else None)
    view = get(server, f"/api/tables/{table['id']}").json()
    assert view["status"] == "finished"
    assert view["observation"] == json.loads(json.dumps(record.final_state().observation(None)))


def _dice(record: wuerfelwerk.Record) -> list[bool]:
    return [state.is_chance_node() for state in record.states()][:-1]


@pytest.mark.parametrize("name", GAMES)
def test_human_seat_plays_by_websocket(server: ServerProcess, name: str) -> None:
    game = game_under_test(name)
    seats = ["human"] + [bot(game)] * (game.num_players - 1)
    table = create_table(server, game, seats)
    assert table["seats"][0]["token"] and all(s["token"] is None for s in table["seats"][1:])
    human = Client.open(server, table, 0)
    spectator = Client.open(server, table, None)
    human.play_to_end(random.Random(7), game.simultaneous)
    spectator.watch_to_end()
    for client in (human, spectator):
        client.close()
    record, data = fetch_record(server, table["id"])
    check_frames(record, human.frames, 0)
    check_frames(record, spectator.frames, None)
    assert data["players"] == ["human"] + [bot(game)[4:]] * (game.num_players - 1)
    verify_record(data)


@pytest.mark.parametrize("name", GAMES)
def test_reconnect_gets_the_current_state_at_once(server: ServerProcess, name: str) -> None:
    game = game_under_test(name)
    table = create_table(server, game, ["human"] * game.num_players)
    clients = [Client.open(server, table, seat) for seat in range(game.num_players)]
    frames = [client.next_frame() for client in clients]
    seat = next(seat for seat, frame in enumerate(frames) if frame["legal_actions"])
    for other, client in enumerate(clients):
        if other != seat:
            client.close()
    first, frame = clients[seat], frames[seat]
    first.act(frame["version"], frame["legal_actions"][0])
    after = first.next_frame()
    assert after["version"] > frame["version"]
    first.close()
    again = Client.open(server, table, seat)
    current = again.next_frame()
    assert current["version"] == after["version"]
    assert current["observation"] == after["observation"]
    assert current["legal_actions"] == after["legal_actions"]
    assert [e["number"] for e in current["log"]] == list(range(current["version"]))
    again.send({"type": "sync"})
    assert again.next_frame()["version"] == current["version"]
    again.close()
