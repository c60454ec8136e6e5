"""Rated games: players sit by name, a finished game changes the ratings of the people
in it (bot levels keep theirs), profiles and the leaderboard show them, and a rematch
keeps everything the table had."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from wuerfelwerk.server.launch import ServerProcess
from wuerfelwerk.server.ratings import BOT_RATINGS, PLAYER_RATINGS, START

from .client import Client, play_out, top
from .test_accounts import browser, unique

MALEFIZ = {"players": 2}


def rated_table(client: httpx.Client, seats: list[str], **extra: Any) -> dict[str, Any]:
    body = {"game": "malefiz", "options": MALEFIZ, "seats": seats, "rated": True, **extra}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def test_a_rated_game_changes_both_ratings_and_fills_the_leaderboard(
    server: ServerProcess,
) -> None:
    names = [unique("Ada"), unique("Ben")]
    browsers = [browser(server, name) for name in names]
    table = rated_table(browsers[0], ["human", "human"])
    seats = [Client.open(server, table, seat, b) for seat, b in enumerate(browsers)]
    presence = seats[0].next_notice("presence")
    while not all(s["online"] for s in presence["seats"]):
        presence = seats[0].next_notice("presence")
    assert [s["name"] for s in presence["seats"]] == names
    last = play_out(seats, [top, random.Random(1).choice])
    winner = next(iter(last["outcome"]["winners"]))
    rated = seats[1].next_notice("rated")
    changes = {entry["name"]: (entry["before"], entry["after"]) for entry in rated["seats"]}
    assert changes[names[winner]][0] == changes[names[1 - winner]][0] == START
    assert changes[names[winner]][1] > START > changes[names[1 - winner]][1]
    board = httpx.get(f"{server.url}/api/leaderboard/malefiz", timeout=30).json()
    listed = {entry["name"]: entry for entry in board["players"]}
    for name in names:
        assert listed[name]["rating"] == changes[name][1]
        assert listed[name]["games"] == 1 and listed[name]["provisional"]
        profile = httpx.get(f"{server.url}/api/players/{name}", timeout=30).json()
        assert profile["games"] == [
            {
                "game": "malefiz",
                "rating": changes[name][1],
                "provisional": True,
                "rated_games": 1,
                "games": 1,
                "wins": int(name == names[winner]),
            }
        ]
        assert profile["recent"][0]["table"] == table["id"]
        assert profile["recent"][0]["rating_after"] == changes[name][1]
    assert [bot["level"] for bot in board["bots"]] == ["easy", "medium", "hard", "expert"]
    for client in seats:
        client.close()


def test_a_rated_game_against_a_bot_level_moves_only_the_person(server: ServerProcess) -> None:
    name = unique("Cleo")
    cleo = browser(server, name)
    table = rated_table(cleo, ["human", "bot:easy"])
    human = Client.open(server, table, 0, cleo)
    human.play_to_end(random.Random(2), simultaneous=False)
    rated = human.next_notice("rated")
    person, bot = rated["seats"]
    easy = round(BOT_RATINGS["malefiz"]["easy"][0])
    assert bot == {"seat": 1, "name": None, "bot": "easy", "before": easy, "after": easy}
    assert person["name"] == name and person["before"] == START != person["after"]
    human.close()


def test_a_level_that_is_another_bot_at_this_player_count_has_its_own_rating(
    server: ServerProcess,
) -> None:
    """Widget's expert with 2 players is the network, rated from its match against the
    search, the expert of the ladder (and of 4 players)."""
    name = unique("Wanda")
    wanda = browser(server, name)
    seats = ["human", "bot:expert"]
    table = rated_table(wanda, seats, game="widget", options={"players": 2})
    human = Client.open(server, table, 0, wanda)
    human.play_to_end(random.Random(3), simultaneous=False)
    _, bot = human.next_notice("rated")["seats"]
    network = round(PLAYER_RATINGS["widget", 2]["expert"][0])
    assert bot["bot"] == "expert" and bot["before"] == bot["after"] == network
    assert network > round(BOT_RATINGS["widget"]["expert"][0])
    human.close()


def eventually(check: Callable[[], Any], seconds: float = 30.0) -> Any:
    """``check()``'s first true answer, asked again until ``seconds`` have passed."""
    deadline = time.monotonic() + seconds
    while not (answer := check()):
        assert time.monotonic() < deadline, "it never happened"
        time.sleep(0.05)
    return answer


def profile_games(server: ServerProcess, name: str) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = httpx.get(f"{server.url}/api/players/{name}", timeout=30).json()[
        "games"
    ]
    return games


def test_an_unrated_game_counts_on_the_profile_but_not_in_the_ratings(
    server: ServerProcess,
) -> None:
    name = unique("Dora")
    dora = browser(server, name)
    body = {"game": "malefiz", "options": MALEFIZ, "seats": ["human", "bot:greedy"]}
    table = dora.post("/api/tables", json=body).json()
    human = Client.open(server, table, 0, dora)
    human.play_to_end(random.Random(4), simultaneous=False)
    human.close()
    games = eventually(lambda: profile_games(server, name))
    assert games == [
        {
            "game": "malefiz",
            "rating": None,
            "provisional": True,
            "rated_games": 0,
            "games": 1,
            "wins": 0,
        }
    ]
    board = httpx.get(f"{server.url}/api/leaderboard/malefiz", timeout=30).json()
    assert name not in {entry["name"] for entry in board["players"]}


def test_a_rated_seat_needs_a_name_and_a_player_of_its_own(server: ServerProcess) -> None:
    eve = browser(server, unique("Eve"))
    table = rated_table(eve, ["human", "human"])
    for who, code, close in [(None, "name_needed", 4401), (eve, "one_seat_each", 4403)]:
        if who is eve:
            Client.open(server, table, 0, eve)  # Eve sits at seat 0 ...
        refused = Client.open(server, table, 1, who)  # ... and cannot take seat 1 too
        error = refused.receive()
        assert error["type"] == "error" and error["code"] == code, error
        with pytest.raises(ConnectionClosed) as closed:
            refused.receive()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == close


def test_only_people_and_bot_levels_play_rated_games(server: ServerProcess) -> None:
    client = browser(server)
    for seats, extra in [
        (["human", "bot:greedy"], {}),
        (["human", "bot:mcts"], {}),
        (["bot:easy", "bot:hard"], {}),
        (["human", "human"], {"undo": True}),
    ]:
        body = {"game": "malefiz", "options": MALEFIZ, "seats": seats, "rated": True, **extra}
        response = client.post("/api/tables", json=body)
        assert response.status_code == 400, response.text
        assert response.json()["code"] == "not_rateable"


def test_a_rematch_is_one_table_for_both_and_keeps_clock_rating_and_players(
    server: ServerProcess,
) -> None:
    names = [unique("Finn"), unique("Gil")]
    browsers = [browser(server, name) for name in names]
    clock = {"kind": "bank", "seconds": 600, "increment": 5, "level": "medium"}
    table = rated_table(browsers[0], ["human", "human"], clock=clock)
    seats = [Client.open(server, table, seat, b) for seat, b in enumerate(browsers)]
    play_out(seats, [top, random.Random(6).choice])
    asked = [
        b.post(f"/api/tables/{table['id']}/rematch", json={"token": table["seats"][seat]["token"]})
        for seat, b in enumerate(browsers)
    ]
    assert [r.status_code for r in asked] == [201, 201]
    new = asked[0].json()["id"]
    assert asked[1].json()["id"] == new
    for client in seats:
        assert client.receive() == {"type": "rematch", "table": new}
        client.close()
    view = httpx.get(f"{server.url}/api/tables/{new}", timeout=30).json()
    assert view["rated"] and view["clock"]["kind"] == "bank" and view["clock"]["level"] == "medium"
    old = httpx.get(f"{server.url}/api/tables/{table['id']}", timeout=30).json()
    assert old["rematch"] == new
    # A page that comes to the old table later hears of the rematch too.
    late = Client.open(server, table, 1, browsers[1])
    assert late.receive()["type"] == "state"
    assert late.receive() == {"type": "rematch", "table": new}
    late.close()
    watcher = Client.open(server, {"id": new}, None)
    names_there = [s["name"] for s in watcher.next_notice("presence")["seats"]]
    assert names_there == names  # the same players at the same seats, before they come
    watcher.close()
