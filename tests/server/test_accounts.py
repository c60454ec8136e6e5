"""Names kept by a signed cookie, passwords stored only as Argon2 hashes, sign-in and
sign-out, and every refusal."""

from __future__ import annotations

import secrets
from typing import Any

import httpx
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection

from wuerfelwerk.server.accounts import COOKIE, Identity
from wuerfelwerk.server.db import PlayerRow
from wuerfelwerk.server.launch import ServerProcess

from .client import in_database


def unique(name: str) -> str:
    """A name no other test of the shared server chose."""
    return f"{name} {secrets.token_hex(3)}"


def browser(
    server: ServerProcess, name: str | None = None, password: str | None = None
) -> httpx.Client:
    """A client with a cookie jar of its own; with ``name``, the name chosen."""
    client = httpx.Client(base_url=server.url, timeout=30)
    if name is not None:
        body = {"name": name} if password is None else {"name": name, "password": password}
        response = client.post("/api/players", json=body)
        assert response.status_code == 201, response.text
    return client


def session(client: httpx.Client) -> dict[str, object] | None:
    player: dict[str, object] | None = client.get("/api/session").json()["player"]
    return player


def stored_player(server: ServerProcess, name: str) -> Any:
    """The player's row as the database holds it."""

    async def read(connection: AsyncConnection) -> Any:
        rows = await connection.execute(select(PlayerRow).where(PlayerRow.name == name))
        return rows.one()

    return in_database(server.database_url, read)


def test_a_chosen_name_is_kept_by_a_signed_cookie(server: ServerProcess) -> None:
    name = unique("Anna")
    anna = browser(server, name)
    cookie = anna.cookies[COOKIE]
    assert session(anna) == {"name": name, "has_password": False}
    assert name not in cookie  # the cookie holds a signed id, not the name
    set_cookie = anna.post("/api/players", json={"name": unique("Anna")}).headers["set-cookie"]
    assert "HttpOnly" in set_cookie and "SameSite=lax" in set_cookie
    assert session(browser(server)) is None
    forged = browser(server)
    forged.cookies.set(COOKIE, cookie[:-2] + ("AA" if not cookie.endswith("AA") else "BB"))
    assert session(forged) is None
    anna.cookies.set(COOKIE, cookie)
    assert session(anna) == {"name": name, "has_password": False}


def test_names_are_checked_and_not_taken_twice(server: ServerProcess) -> None:
    name = unique("Ömer")
    browser(server, name)
    other = browser(server)
    for given, status, code in [
        (name.upper(), 409, "name_taken"),  # the same name in other letters' case
        (f"  {name}  ", 409, "name_taken"),
        ("A", 400, "invalid_name"),
        ("x" * 25, 400, "invalid_name"),
        ("<script>alert(1)</script>", 400, "invalid_name"),
        ("1234", 400, "invalid_name"),
    ]:
        response = other.post("/api/players", json={"name": given})
        assert response.status_code == status, (given, response.text)
        assert response.json()["code"] == code
        assert response.json()["message"]
    assert session(other) is None
    assert other.post("/api/players", json={"name": 5}).status_code == 422


def test_a_password_is_stored_as_an_argon2_hash_and_signs_in_elsewhere(
    server: ServerProcess,
) -> None:
    name, password = unique("Bruno"), "correct horse battery"
    home = browser(server, name, password)
    assert session(home) == {"name": name, "has_password": True}
    stored = stored_player(server, name).password_hash
    assert stored is not None and stored.startswith("$argon2id$")
    assert password not in stored
    away = browser(server)
    for who, given in [(name, "wrong password"), (unique("Nobody"), password)]:
        response = away.post("/api/session", json={"name": who, "password": given})
        assert response.status_code == 403 and response.json()["code"] == "wrong_password"
        assert session(away) is None
    response = away.post("/api/session", json={"name": name.lower(), "password": password})
    assert response.status_code == 200, response.text
    assert session(away) == {"name": name, "has_password": True}
    assert away.delete("/api/session").json() == {"player": None}
    assert session(away) is None
    assert session(home) == {"name": name, "has_password": True}  # other browsers stay


def test_a_name_without_a_password_can_get_one(server: ServerProcess) -> None:
    name = unique("Carla")
    carla = browser(server, name)
    response = carla.put("/api/session/password", json={"password": "short"})
    assert response.status_code == 400 and response.json()["code"] == "weak_password"
    response = carla.put("/api/session/password", json={"password": "a good long one"})
    assert response.json() == {"player": {"name": name, "has_password": True}}
    assert stored_player(server, name).password_hash.startswith("$argon2id$")
    response = browser(server).put("/api/session/password", json={"password": "a good long one"})
    assert response.status_code == 401 and response.json()["code"] == "not_signed_in"
    response = browser(server).post("/api/players", json={"name": unique("Dan"), "password": "x"})
    assert response.status_code == 400 and response.json()["code"] == "weak_password"


def test_a_cookie_signed_with_another_key_names_nobody() -> None:
    """The key is the server's (WUERFELWERK_SECRET_KEY, or one it keeps in its database):
    a cookie another key signed, or one changed by a single character, is nobody's."""
    ours, theirs = Identity("k" * 40), Identity("j" * 40)
    cookie = ours.sign("player-1")
    assert ours.read(cookie) == "player-1"
    assert theirs.read(cookie) is None
    assert ours.read(cookie[:-1] + ("A" if cookie[-1] != "A" else "B")) is None
    assert ours.read(None) is None and ours.read("") is None
