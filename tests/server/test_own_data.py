"""A player's own data: the download holds every finished game as a record (checked as
``wuerfelwerk verify`` does), the ratings and the seat's chat; deleting the name takes
the name, password, ratings and results away, and the games stay with an anonymous seat."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import httpx

from wuerfelwerk.core import Record
from wuerfelwerk.server.accounts import COOKIE
from wuerfelwerk.server.launch import ServerProcess

from .client import Client, play_out
from .test_accounts import browser, unique
from .test_rated_games import MALEFIZ, eventually, profile_games, rated_table, top


def download(client: httpx.Client) -> dict[str, Any]:
    answer = client.get("/api/session/games")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-disposition"].startswith("attachment;")
    data: dict[str, Any] = answer.json()
    return data


def test_the_download_holds_every_game_as_a_record_with_the_seats_chat(
    server: ServerProcess,
) -> None:
    name = unique("Ida")
    ida = browser(server, name, password="ida's password")
    table = rated_table(ida, ["human", "bot:easy"])
    page = Client.open(server, table, 0, ida)
    page.send({"type": "chat", "text": "my line"})
    page.play_to_end(random.Random(6), simultaneous=False)
    eventually(lambda: profile_games(server, name))
    body = {"game": "malefiz", "options": MALEFIZ, "seats": ["human", "human"]}
    still_open = ida.post("/api/tables", json=body).json()
    Client.open(server, still_open, 1, ida).next_frame()
    data = download(ida)
    assert data["player"]["name"] == name and data["player"]["has_password"]
    assert [rating["game"] for rating in data["ratings"]] == ["malefiz"]
    (game,) = data["games"]
    assert (game["table"], game["seat"], game["rated"]) == (table["id"], 0, True)
    assert game["chat"][0]["text"] == "my line"
    record = Record.from_json(game)
    assert record.outcome is not None and game["outcome"] == record.outcome.to_json()
    assert hashlib.sha256(str(record.seed).encode()).hexdigest() == table["seed_commitment"]
    assert data["playing"] == [
        {"table": still_open["id"], "game": "malefiz", "seats": ["human", "human"]}
    ]
    assert httpx.get(f"{server.url}/api/session/games").status_code == 401


def test_a_deleted_name_is_gone_and_its_games_keep_an_anonymous_seat(
    server: ServerProcess,
) -> None:
    names = [unique("Jo"), unique("Kai")]
    jo = browser(server, names[0], password="jo's password")
    kai = browser(server, names[1])
    table = rated_table(jo, ["human", "human"])
    seats = [Client.open(server, table, seat, b) for seat, b in enumerate([jo, kai])]
    seats[0].send({"type": "chat", "text": "from jo"})
    seats[1].send({"type": "chat", "text": "from kai"})
    play_out(seats, [top, random.Random(2).choice])
    eventually(lambda: profile_games(server, names[0]))
    running = jo.post(
        "/api/tables", json={"game": "malefiz", "options": MALEFIZ, "seats": ["human"] * 2}
    ).json()
    Client.open(server, running, 0, jo).next_frame()
    watcher = Client.open(server, running, None)
    watcher.next_frame()
    # A name with a password needs it.
    for body, code in [(None, "password_needed"), ({"password": "not it"}, "wrong_password")]:
        refused = jo.request("DELETE", "/api/session/player", json=body)
        assert refused.status_code == 403 and refused.json()["code"] == code, refused.text
    assert httpx.get(f"{server.url}/api/players/{names[0]}", timeout=30).status_code == 200
    deleted = jo.request("DELETE", "/api/session/player", json={"password": "jo's password"})
    assert deleted.status_code == 200, deleted.text
    assert deleted.json() == {"player": None} and COOKIE not in jo.cookies
    # The name, its password, its ratings and results are gone ...
    assert httpx.get(f"{server.url}/api/players/{names[0]}", timeout=30).status_code == 404
    again = {"name": names[0], "password": "jo's password"}
    assert httpx.post(f"{server.url}/api/session", json=again).status_code == 403
    board = httpx.get(f"{server.url}/api/leaderboard/malefiz", timeout=30).json()
    assert names[0] not in {entry["name"] for entry in board["players"]}
    assert names[1] in {entry["name"] for entry in board["players"]}
    # ... the running table's pages see the seat without a name at once ...
    presence = watcher.next_notice("presence")
    while presence["seats"][0]["name"] is not None:
        presence = watcher.next_notice("presence")
    # ... and the finished game stays, its seat anonymous and its chat without jo's line.
    assert httpx.get(f"{server.url}/api/tables/{table['id']}/record").status_code == 200
    spectator = Client.open(server, table, None)
    lines = spectator.next_notice("chat")["lines"]
    assert [line["text"] for line in lines] == ["from kai"]
    seated = spectator.next_notice("presence")["seats"]
    assert [seat["name"] for seat in seated] == [None, names[1]]
    assert [game["games"] for game in profile_games(server, names[1])] == [1]
    # The name is free again.
    assert browser(server, names[0]).get("/api/session").json()["player"]["name"] == names[0]
    assert kai.request("DELETE", "/api/session/player").status_code == 200
    assert httpx.request("DELETE", f"{server.url}/api/session/player").status_code == 401
