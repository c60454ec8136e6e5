"""Turn clocks on a real server: they start once every player has come, a seat out of
time gets its turn made by a bot (or handed to one), and a deadline survives a restart."""

from __future__ import annotations

import random
from typing import Any

import httpx

from wuerfelwerk.server.launch import ServerProcess

from .client import Client


def clocked_table(server: ServerProcess, **clock: Any) -> dict[str, Any]:
    """Malefiz between two people with a clock; a few rounds, so that the bots that play
    for them once the test has left end the game soon."""
    body = {"game": "malefiz", "options": {"players": 2, "round_limit": 6}}
    body |= {"seats": ["human", "human"], "clock": {"kind": "move", **clock}}
    response = httpx.post(f"{server.url}/api/tables", json=body, timeout=30)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def running_clock(client: Client) -> dict[str, Any]:
    """The first clock frame with a clock running."""
    while (clock := client.next_notice("clock"))["running"] is None:
        pass
    return clock


def play_turn(client: Client, rng: random.Random, after: int = 0) -> int:
    """Wait for the seat's turn at a version from ``after`` on, then make every decision
    of it; returns the version after the turn."""
    frame = client.frames[-1] if client.frames else client.next_frame()
    while frame["version"] < after or not frame["legal_actions"]:
        frame = client.next_frame()
    while frame["legal_actions"]:
        client.act(frame["version"], rng.choice(frame["legal_actions"]))
        reply = client.receive()
        assert reply["type"] == "state", reply
        frame = reply
    return int(frame["version"])


def test_clocks_wait_for_everyone_then_a_bot_moves_for_a_seat_out_of_time(
    server: ServerProcess,
) -> None:
    table = clocked_table(server, seconds=4)
    first = Client.open(server, table, 0)
    waiting = first.next_notice("clock")
    assert waiting["waiting"] and waiting["running"] is None
    assert waiting["control"] == {
        "kind": "move",
        "seconds": 4.0,
        "increment": 0.0,
        "on_timeout": "move",
        "level": "easy",
    }
    second = Client.open(server, table, 1)
    clock = running_clock(first)
    idle = clock["running"]
    assert 0 < clock["remaining"][idle] <= 4.0
    assert clock["deadline"] is not None
    seats = [first, second]
    other = seats[1 - idle]
    # Nobody moves: the idle seat's time runs out and the easiest bot makes its turn.
    for client in seats:
        assert client.next_notice("timeout") == {
            "type": "timeout",
            "seat": idle,
            "handed_over": False,
        }
    rng = random.Random(3)
    after_bot = play_turn(other, rng)
    # The person has the seat again on the next turn.
    version = play_turn(seats[idle], rng, after_bot)
    log = [e for f in seats[idle].frames for e in f["log"]]
    assert [e for e in log if e["seat"] == idle and e["number"] >= after_bot]
    assert version > after_bot
    # The log marks the bot's decisions for the person, and only those.
    bot_made = [e for f in other.frames for e in f["log"] if e["seat"] == idle]
    assert bot_made and all(e["number"] < after_bot and e.get("stand_in") for e in bot_made)
    own = [e for e in log if e["seat"] == idle and e["number"] >= after_bot]
    assert not any(e.get("stand_in") for e in own)
    # A page that comes now hears the whole log with the marks.
    late = Client.open(server, table, None)
    marked = {e["number"] for e in late.next_frame()["log"] if e.get("stand_in")}
    assert marked == {e["number"] for e in bot_made}
    late.close()
    for client in seats:
        client.close()


def test_a_seat_out_of_time_can_be_handed_to_a_bot_for_good(server: ServerProcess) -> None:
    table = clocked_table(server, seconds=3, on_timeout="hand_over", level="medium")
    seats = [Client.open(server, table, seat) for seat in (0, 1)]
    idle = running_clock(seats[0])["running"]
    for client in seats:
        assert client.next_notice("timeout")["handed_over"] is True
        while (handed := client.next_notice("clock"))["handed"] != [idle]:
            pass
        assert handed["remaining"][idle] is None
    other = seats[1 - idle]
    rng = random.Random(5)
    version = 0
    for _ in range(3):  # the bot answers at once, turn after turn
        version = play_turn(other, rng, version + 1)
    assert not [n for n in other.notices if n["type"] == "timeout"]
    for client in seats:
        client.close()


def test_bad_clocks_are_refused(server: ServerProcess) -> None:
    def create(game: str, seats: list[str], clock: dict[str, Any]) -> httpx.Response:
        body = {"game": game, "seats": seats, "clock": clock}
        return httpx.post(f"{server.url}/api/tables", json=body, timeout=30)

    two = ["human", "human"]
    for game, clock, why in [
        ("wurfweg", {"kind": "move", "seconds": 60}, "real time"),
        ("malefiz", {"kind": "move", "seconds": 60, "level": "grandmaster"}, "no bot level"),
    ]:
        response = create(game, two, clock)
        assert response.status_code == 400, response.text
        assert response.json()["code"] == "invalid_clock"
        assert why in response.json()["message"]
    for clock in [
        {"kind": "move", "seconds": 0},
        {"kind": "hourglass", "seconds": 60},
        {"kind": "bank", "seconds": 600, "increment": -1},
        {"kind": "move", "seconds": 60, "on_timeout": "resign"},
    ]:
        assert create("malefiz", two, clock).status_code == 422
