"""Every bad input gets a clear error to the client that sent it, changes nothing, and the
server keeps serving everyone else."""

from __future__ import annotations

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

import wuerfelwerk
from wuerfelwerk.core import Game
from wuerfelwerk.server.launch import ServerProcess

from .client import Client, create_table, game_under_test, get

GAMES = wuerfelwerk.game_names()


def illegal_text(game: Game, seat: int, legal: list[str]) -> str:
    """An action of ``seat`` that is well formed but not legal now."""
    for action_id in range(game.num_distinct_actions):
        action = game.action_from_id(action_id)
        if str(action) not in legal and getattr(action, "player", seat) == seat:
            return str(action)
    raise AssertionError("every action is legal")


@pytest.mark.parametrize("name", GAMES)
def test_bad_messages_get_errors_to_that_client_only(server: ServerProcess, name: str) -> None:
    game = game_under_test(name)
    table = create_table(server, game, ["human"] * game.num_players)
    seats = [Client.open(server, table, seat) for seat in range(game.num_players)]
    spectator = Client.open(server, table, None)
    frames = [client.next_frame() for client in seats]
    spectator.next_frame()
    actor = next(seat for seat, frame in enumerate(frames) if frame["legal_actions"])
    other = (actor + 1) % game.num_players
    client, frame = seats[actor], frames[actor]
    version, legal = frame["version"], frame["legal_actions"]

    if game.simultaneous and frames[other]["legal_actions"]:
        for_another_seat = (client, frames[other]["legal_actions"][0], "not_your_seat")
    else:
        for_another_seat = (seats[other], legal[0], "not_your_turn")
    bad: list[tuple[Client, object, str]] = [
        (client, "{not json", "malformed"),
        (client, "[1, 2]", "malformed"),
        (client, b"\xff\xfe not text", "malformed"),
        (client, "x" * 5000, "too_large"),
        (client, {"type": "action", "action": legal[0]}, "malformed"),
        (client, {"type": "action", "version": str(version), "action": legal[0]}, "malformed"),
        (client, {"type": "shout", "text": "hello"}, "unknown_type"),
        (client, {"type": ["action"]}, "unknown_type"),
        (client, {"version": version, "action": legal[0]}, "unknown_type"),
        (spectator, {"type": "action", "version": version, "action": legal[0]}, "no_seat"),
        (
            client,
            {"type": "action", "version": version, "action": "fly to the moon"},
            "invalid_action",
        ),
        (
            client,
            {"type": "action", "version": version, "action": illegal_text(game, actor, legal)},
            "illegal_action",
        ),
        (
            for_another_seat[0],
            {"type": "action", "version": version, "action": for_another_seat[1]},
            for_another_seat[2],
        ),
    ]
    for sender, message, code in bad:
        sender.send(message)
        reply = sender.receive()
        assert reply["type"] == "error" and reply["code"] == code, (message, reply)
        assert reply["message"]
    assert get(server, f"/api/tables/{table['id']}").json()["version"] == version
    for path in ("record", "replay"):
        response = get(server, f"/api/tables/{table['id']}/{path}")
        assert response.status_code == 409 and response.json()["code"] == "not_finished"

    # A wrong token and an unknown table are refused, and those connections closed.
    for path in (f"/ws/tables/{table['id']}?token=forged", "/ws/tables/nosuchtable"):
        refused = Client.open_path(server, path)
        error = refused.receive()
        assert error["type"] == "error" and error["code"] in {"bad_token", "unknown_table"}
        with pytest.raises(ConnectionClosed):
            refused.receive()

    # Everyone else heard nothing of it: the next message each gets is the next state.
    client.act(version, legal[0])
    for listener in [*seats, spectator]:
        message = listener.receive()
        assert message["type"] == "state", message
        assert message["version"] > version
    # Now the version the action was sent at is stale (in simultaneous play too: the seat
    # has seen its own action's result), and so is one from the future.
    newest = client.frames[-1]["version"]
    for stale in (version, newest + 5):
        client.act(stale, legal[0])
        reply = client.receive()
        assert reply["type"] == "error" and reply["code"] == "stale_version", reply
    for listener in [*seats, spectator]:
        listener.close()


def test_bad_requests_over_http(server: ServerProcess) -> None:
    def post(path: str, body: object) -> httpx.Response:
        return httpx.post(f"{server.url}{path}", json=body, timeout=30)

    game = game_under_test("malefiz")
    cases = [
        ({"game": "chess", "seats": ["human", "human"]}, 404, "unknown_game"),
        (
            {"game": "malefiz", "options": {"board": "moon"}, "seats": ["human"] * 2},
            400,
            "invalid_options",
        ),
        (
            {"game": "malefiz", "options": {"colour": "red"}, "seats": ["human"] * 2},
            400,
            "invalid_options",
        ),
        (
            {"game": "malefiz", "options": {"players": 3}, "seats": ["human"] * 2},
            400,
            "invalid_seats",
        ),
        ({"game": "malefiz", "seats": ["human", "robot"]}, 400, "invalid_seats"),
        ({"game": "malefiz", "seats": ["human", "bot:nobody"]}, 400, "invalid_seats"),
    ]
    for body, status, code in cases:
        response = post("/api/tables", body)
        assert response.status_code == status, response.text
        assert response.json()["code"] == code
    assert post("/api/tables", {"game": "malefiz"}).status_code == 422
    response = get(server, "/api/tables/nosuchtable")
    assert response.status_code == 404 and response.json()["code"] == "unknown_table"
    assert get(server, "/api/tables/nosuchtable/record").status_code == 404
    table = create_table(server, game, ["human", "human"])
    response = post(f"/api/tables/{table['id']}/undo", {"token": "forged"})
    assert response.status_code == 403 and response.json()["code"] == "bad_token"
    response = get(server, f"/api/tables/{table['id']}/record")
    assert response.status_code == 409 and response.json()["code"] == "not_finished"
