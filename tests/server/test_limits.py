"""The abuse limits: each refuses past its threshold, with a clear refusal that changes
nothing, per address and per player; a person's game with chat never meets one.

The servers here trust the forwarded address from 127.0.0.1 (their default), so each
test comes from an address of its own (``X-Forwarded-For``) and the tests of one server
do not count against each other.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import httpx
import pytest
from argon2 import PasswordHasher
from websockets.exceptions import ConnectionClosed

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.agents.td import evaluator as evaluator_module
from wuerfelwerk.server import accounts
from wuerfelwerk.server.app import create_app
from wuerfelwerk.server.bots import bot_spec
from wuerfelwerk.server.guard.seats import offered
from wuerfelwerk.server.launch import ServerProcess
from wuerfelwerk.server.settings import Settings

from ..progress import Progress
from .client import Client, create_table, game_under_test, top
from .conftest import PostgresCluster

#: Low thresholds, to be reached in a few requests.
TIGHT = {
    "WUERFELWERK_CHAT_RATE": "3 per minute",
    "WUERFELWERK_MESSAGE_RATE": "30 per minute",
    "WUERFELWERK_SIGN_IN_NAME_RATE": "3 per hour",
    "WUERFELWERK_PASSWORD_RATE": "5 per hour",
    "WUERFELWERK_NEW_PLAYER_RATE": "3 per hour",
    "WUERFELWERK_NEW_TABLE_RATE": "4 per hour",
    "WUERFELWERK_OPEN_TABLES_PER_ADDRESS": "2",
    "WUERFELWERK_OPEN_TABLES_PER_PLAYER": "1",
    "WUERFELWERK_CONNECTIONS_PER_ADDRESS": "3",
    "WUERFELWERK_EXPORT_RATE": "2 per hour",
    "WUERFELWERK_ANALYSIS_RATE": "1 per hour",
    "WUERFELWERK_HINT_RATE": "2 per hour",
    "WUERFELWERK_ANALYSIS_BUDGET": "0",
}
MALEFIZ = game_under_test("malefiz")
_addresses = itertools.count(1)


def new_address() -> str:
    """An address no other test of this session comes from."""
    number = next(_addresses)
    return f"10.{random.randrange(256)}.{number // 256}.{number % 256}"


def visitor(server: ServerProcess, address: str) -> httpx.Client:
    """A browser at ``address`` (behind the proxy the server trusts), with its cookies."""
    return httpx.Client(base_url=server.url, timeout=30, headers={"X-Forwarded-For": address})


def from_address(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": address}


#: A table of bots alone that is soon over: two greedy bots finish a game of Malefiz in
#: some 90 actions, two random ones in some 1,100.
BOTS_ALONE = ["bot:greedy", "bot:greedy"]


def table_body(seats: list[str]) -> dict[str, Any]:
    return {"game": "malefiz", "options": MALEFIZ.options_json(), "seats": seats}


def refused(response: httpx.Response, code: str) -> str:
    """The refusal's message, after checking it is ``code`` with status 429 and a
    ``Retry-After``."""
    assert response.status_code == 429, response.text
    assert response.json()["code"] == code, response.text
    assert int(response.headers["retry-after"]) >= 1
    message: str = response.json()["message"]
    return message


@pytest.fixture(scope="session")
def tight(new_database: Callable[[], str], own_folder: Path) -> Iterator[ServerProcess]:
    log = own_folder / f"tight-{id(new_database)}.log"
    with ServerProcess(new_database(), log=log, env=TIGHT, limited=True) as server:
        yield server


def test_chat_lines_past_the_rate_are_refused_and_not_stored(tight: ServerProcess) -> None:
    address = new_address()
    table = create_table(tight, MALEFIZ, ["human", "human"], headers=from_address(address))
    talker = Client.open(tight, table, 0, headers=from_address(address))
    other = Client.open(tight, table, 1, headers=from_address(new_address()))
    for n in range(3):
        talker.send({"type": "chat", "text": f"line {n}"})
        assert talker.next_notice("chat")["lines"][0]["text"] == f"line {n}"
    talker.send({"type": "chat", "text": "one too many"})
    error = talker.receive()
    assert error["code"] == "chat_too_fast", error
    assert "too many chat lines: at most 3 per minute" in error["message"]
    # The other seat has lines of its own.
    other.send({"type": "chat", "text": "my turn to talk"})
    assert talker.next_notice("chat")["lines"][0]["text"] == "my turn to talk"
    history = Client.open(tight, table, None).next_notice("chat")["lines"]
    assert [line["text"] for line in history] == ["line 0", "line 1", "line 2", "my turn to talk"]


def test_messages_past_a_connections_rate_are_refused(tight: ServerProcess) -> None:
    address = new_address()
    table = create_table(tight, MALEFIZ, ["human", "bot:greedy"], headers=from_address(address))
    fast = Client.open(tight, table, None, headers=from_address(address))
    fast.next_frame()
    for _ in range(31):
        fast.send({"type": "sync"})
    answers = [fast.receive() for _ in range(31)]
    assert [answer["type"] for answer in answers].count("state") == 30
    (error,) = [answer for answer in answers if answer["type"] == "error"]
    assert error["code"] == "too_fast", error
    assert "too many messages: at most 30 per minute" in error["message"]
    # Another page (the same address) has a rate of its own.
    calm = Client.open(tight, table, None, headers=from_address(address))
    calm.next_frame()
    calm.send({"type": "sync"})
    assert calm.next_frame()["type"] == "state"


def test_sign_in_attempts_past_the_rate_of_a_name_or_an_address_are_refused(
    tight: ServerProcess,
) -> None:
    name = f"Target {random.randrange(10**6)}"
    owner = visitor(tight, new_address())
    created = owner.post("/api/players", json={"name": name, "password": "the right one"})
    assert created.status_code == 201, created.text
    guesser = visitor(tight, new_address())
    for _ in range(3):
        wrong = guesser.post("/api/session", json={"name": name, "password": "a wrong one"})
        assert wrong.status_code == 403, wrong.text
    # Past the name's rate even the right password, from anywhere, waits.
    late = visitor(tight, new_address()).post(
        "/api/session", json={"name": name, "password": "the right one"}
    )
    assert "sign-in attempts for this name" in refused(late, "too_many_attempts")
    # An address trying many names meets its own rate (5 passwords an hour).
    sprayer = visitor(tight, new_address())
    for n in range(5):
        guess = {"name": f"Someone {n} {random.randrange(10**6)}", "password": "p4ssword"}
        assert sprayer.post("/api/session", json=guess).status_code == 403
    again = sprayer.post("/api/session", json={"name": "Someone else", "password": "p4ssword"})
    assert "password checks from your address" in refused(again, "too_many_attempts")
    # The signed-in browser keeps its name all the while.
    assert owner.get("/api/session").json()["player"]["name"] == name


def test_new_names_past_the_rate_of_an_address_are_refused(tight: ServerProcess) -> None:
    browser = visitor(tight, new_address())
    for n in range(3):
        body = {"name": f"Newcomer {n} {random.randrange(10**6)}"}
        assert browser.post("/api/players", json=body).status_code == 201
    late = browser.post("/api/players", json={"name": f"Newcomer {random.randrange(10**6)}"})
    assert "at most 3 per hour" in refused(late, "too_many_players")
    assert visitor(tight, new_address()).post("/api/players", json={"name": "Other Place"}).json()


def wait_finished(server: ServerProcess, table_id: str) -> None:
    progress = Progress("the bots' game")
    while (view := httpx.get(f"{server.url}/api/tables/{table_id}", timeout=30).json())[
        "status"
    ] != "finished":
        progress.check(view["version"])
        time.sleep(0.1)


def test_unfinished_tables_past_the_cap_of_an_address_are_refused(tight: ServerProcess) -> None:
    browser = visitor(tight, new_address())
    # Tables of bots alone finish by themselves: they count no more once over.
    bots = browser.post("/api/tables", json=table_body(BOTS_ALONE))
    assert bots.status_code == 201, bots.text
    wait_finished(tight, bots.json()["id"])
    for _ in range(2):
        opened = browser.post("/api/tables", json=table_body(["human", "bot:greedy"]))
        assert opened.status_code == 201, opened.text
    third = browser.post("/api/tables", json=table_body(["human", "bot:greedy"]))
    message = refused(third, "too_many_open_tables")
    assert "2 unfinished tables" in message and "at most 2" in message
    # The new-table rate (4 an hour) counts every table asked for.
    late = browser.post("/api/tables", json=table_body(["human", "bot:greedy"]))
    assert "at most 4 per hour" in refused(late, "too_many_tables")


def test_unfinished_tables_past_the_cap_of_a_player_are_refused(tight: ServerProcess) -> None:
    player = visitor(tight, new_address())
    named = player.post("/api/players", json={"name": f"Opener {random.randrange(10**6)}"})
    assert named.status_code == 201, named.text
    assert player.post("/api/tables", json=table_body(["human", "bot:greedy"])).status_code == 201
    # The same player from another address: the player's cap (1) holds.
    player.headers["X-Forwarded-For"] = new_address()
    second = player.post("/api/tables", json=table_body(["human", "bot:greedy"]))
    assert "you have 1 unfinished tables" in refused(second, "too_many_open_tables")
    anonymous = visitor(tight, player.headers["X-Forwarded-For"])
    assert anonymous.post("/api/tables", json=table_body(["human", "human"])).status_code == 201


def test_new_tables_and_downloads_past_the_rate_of_a_player_are_refused(
    tight: ServerProcess,
) -> None:
    player = visitor(tight, new_address())
    named = player.post("/api/players", json={"name": f"Busy {random.randrange(10**6)}"})
    assert named.status_code == 201, named.text
    # Tables of bots alone, each over before the next, each from another address: the
    # player's own rate (4 an hour) counts them all.
    for _ in range(4):
        player.headers["X-Forwarded-For"] = new_address()
        made = player.post("/api/tables", json=table_body(BOTS_ALONE))
        assert made.status_code == 201, made.text
        wait_finished(tight, made.json()["id"])
    player.headers["X-Forwarded-For"] = new_address()
    late = player.post("/api/tables", json=table_body(BOTS_ALONE))
    assert "at most 4 per hour" in refused(late, "too_many_tables")
    for _ in range(2):
        assert player.get("/api/session/games").status_code == 200
    player.headers["X-Forwarded-For"] = new_address()
    again = player.get("/api/session/games")
    assert "too many downloads: at most 2 per hour" in refused(again, "too_many_downloads")


def test_analyses_and_hints_past_the_rate_of_an_address_are_refused(
    tight: ServerProcess,
) -> None:
    finished = []
    for _ in range(2):
        made = visitor(tight, new_address()).post("/api/tables", json=table_body(BOTS_ALONE))
        assert made.status_code == 201, made.text
        wait_finished(tight, made.json()["id"])
        finished.append(made.json()["id"])
    asker = visitor(tight, new_address())
    first = asker.post(f"/api/tables/{finished[0]}/analysis")
    assert first.status_code == 202, first.text
    late = asker.post(f"/api/tables/{finished[1]}/analysis")
    assert "analyses asked for: at most 1 per hour" in refused(late, "too_many_analyses")
    # The one asked for already is no new analysis: it never counts.
    assert asker.post(f"/api/tables/{finished[0]}/analysis").status_code == 202
    player = visitor(tight, new_address())
    table = player.post("/api/tables", json=table_body(["human", "bot:random"])).json()
    token = {"token": table["seats"][0]["token"]}
    for _ in range(2):
        assert player.post(f"/api/tables/{table['id']}/hint", json=token).status_code == 200
    late = player.post(f"/api/tables/{table['id']}/hint", json=token)
    assert "hints: at most 2 per hour" in refused(late, "too_many_hints")


def test_bots_are_the_lobbys_levels_and_agents_only(tight: ServerProcess) -> None:
    browser = visitor(tight, new_address())
    for seat in (
        "bot:mcts:time=3600",
        "bot:mcts:iters=100000",
        "bot:hard,noise=0",
        "bot:td:depth=2",
    ):
        answer = browser.post("/api/tables", json=table_body(["human", seat]))
        assert answer.status_code == 400, answer.text
        assert answer.json()["code"] == "invalid_seats"
        assert f"{seat} is not offered here" in answer.json()["message"]
    offered = httpx.get(f"{tight.url}/api/games", timeout=30).json()
    malefiz = next(game for game in offered if game["name"] == "malefiz")
    seats = [f"bot:{name}" for name in malefiz["levels"] + malefiz["agents"]]
    assert "bot:expert" in seats and "bot:mcts" in seats
    for seat in seats[:2]:
        table = visitor(tight, new_address()).post("/api/tables", json=table_body(["human", seat]))
        assert table.status_code == 201, table.text


@pytest.mark.parametrize("name", wuerfelwerk.game_names())
def test_every_bot_the_lobby_offers_can_be_seated(name: str) -> None:
    game = wuerfelwerk.load(name)
    for seat in offered(game):
        spec = bot_spec(seat)
        assert spec is not None, seat
        assert make_agent(spec, game, 0) is not None, seat


def closed_with(client: Client) -> tuple[dict[str, Any], int]:
    """The refusal a connection got, and the code it was closed with."""
    message = client.receive_any()
    with pytest.raises(ConnectionClosed) as closed:
        client.receive_any()
    assert closed.value.rcvd is not None
    return message, closed.value.rcvd.code


def test_connections_past_the_cap_of_an_address_are_refused(tight: ServerProcess) -> None:
    address = new_address()
    table = create_table(tight, MALEFIZ, ["human", "human"], headers=from_address(new_address()))
    pages = [Client.open(tight, table, None, headers=from_address(address)) for _ in range(3)]
    for page in pages:
        page.next_frame()
    extra = Client.open(tight, table, None, headers=from_address(address))
    message, code = closed_with(extra)
    assert message["code"] == "too_many_connections", message
    assert "at most 3 at once" in message["message"] and code == 4429
    # Another address is let in; and once a page of the first leaves, so is it again.
    Client.open(tight, table, None, headers=from_address(new_address())).next_frame()
    pages.pop().close()
    deadline = time.monotonic() + 60
    while True:
        again = Client.open(tight, table, None, headers=from_address(address))
        try:
            again.next_frame()
            break
        except ConnectionClosed:
            assert time.monotonic() < deadline, "the closed connection still counts"
            time.sleep(0.1)


def test_a_client_from_an_exempt_network_meets_no_limit(
    postgres_cluster: PostgresCluster, workdir: Path
) -> None:
    env = {**TIGHT, "WUERFELWERK_LIMITS_EXEMPT": "10.200.0.0/16"}
    url = postgres_cluster.new_database()
    with ServerProcess(url, log=workdir / "server.log", env=env, limited=True) as server:
        school = visitor(server, "10.200.3.4")
        body = {"name": "Pupil", "password": "pupil's secret"}
        assert school.post("/api/players", json=body).status_code == 201
        for n in range(4):
            assert school.post("/api/players", json={"name": f"Pupil {n}"}).status_code == 201
        for _ in range(4):
            wrong = school.post("/api/session", json={"name": "Pupil", "password": "nope"})
            assert wrong.status_code == 403
        for _ in range(5):
            opened = school.post("/api/tables", json=table_body(["human", "bot:greedy"]))
            assert opened.status_code == 201, opened.text
        outside = visitor(server, "10.201.0.1")
        for _ in range(3):
            outside.post("/api/players", json={"name": f"Guest {random.randrange(10**6)}"})
        assert outside.post("/api/players", json={"name": "Guest late"}).status_code == 429


#: A fast person: an action at most every quarter second, a chat line every few seconds.
PERSON_ACTION = 0.25
PERSON_CHAT = 4.0


def test_a_person_paced_game_with_chat_is_never_throttled(
    postgres_cluster: PostgresCluster, workdir: Path
) -> None:
    url = postgres_cluster.new_database()
    with ServerProcess(url, log=workdir / "server.log", limited=True) as server:
        address = from_address(new_address())
        table = create_table(server, MALEFIZ, ["human", "bot:greedy"], headers=address)
        person = Client.open(server, table, 0, headers=address)
        friend = Client.open(server, table, None, headers=address)
        # A greeting: two lines at once.
        said = ["hello", "good luck"]
        for text in said:
            person.send({"type": "chat", "text": text})
        last_action = last_line = time.monotonic()
        frame = person.next_frame()
        while frame["outcome"] is None:
            now = time.monotonic()
            if now - last_line >= PERSON_CHAT:
                said.append(f"move {frame['version']}")
                person.send({"type": "chat", "text": said[-1]})
                last_line = now
            if frame["legal_actions"]:
                time.sleep(max(0.0, last_action + PERSON_ACTION - now))
                person.act(frame["version"], top(frame["legal_actions"]))
                last_action = time.monotonic()
            frame = person.next_frame()
        person.send({"type": "chat", "text": "good game"})
        said.append("good game")
        heard: list[str] = []
        while len(heard) < len(said):
            heard += [line["text"] for line in person.next_notice("chat")["lines"]]
        assert heard == said
        errors = [m for m in person.messages if m["type"] == "error"]
        assert not errors, errors
        assert len(said) > 2
        friend.watch_to_end()


def test_a_sign_in_past_the_rate_is_answered_before_any_password_is_checked(
    monkeypatch: pytest.MonkeyPatch, workdir: Path
) -> None:
    checked: list[str] = []

    class CountingHasher(PasswordHasher):
        def verify(self, hash: str | bytes, password: str | bytes) -> Literal[True]:
            checked.append(str(password))
            return super().verify(hash, password)

    monkeypatch.setattr(accounts, "_hasher", CountingHasher())
    settings = Settings(
        database_url=f"sqlite:///{workdir / 'games.db'}",
        sign_in_name_rate="2 per hour",
        password_rate="3 per hour",
    )
    app = create_app(settings)

    async def attempts() -> None:
        transport = httpx.ASGITransport(app=app)
        async with (
            app.router.lifespan_context(app),
            httpx.AsyncClient(transport=transport, base_url="http://games.test") as browser,
        ):
            body = {"name": "Quinn", "password": "quinn's own"}
            made = await browser.post("/api/players", json=body)
            assert made.status_code == 201, made.text
            for guess in ("guess one", "guess two"):
                body = {"name": "quinn", "password": guess}
                assert (await browser.post("/api/session", json=body)).status_code == 403
            assert checked == ["guess one", "guess two"]
            body = {"name": "QUINN", "password": "guess 3"}
            throttled = await browser.post("/api/session", json=body)
            assert "sign-in attempts for this name" in refused(throttled, "too_many_attempts")
            # The name's limit answered before the address's (3 passwords: the new name's
            # and two guesses) and the hasher saw nothing of it.
            assert checked == ["guess one", "guess two"]
            body = {"name": "Rhea", "password": "rhea's"}
            other = await browser.post("/api/session", json=body)
            assert "password checks from your address" in refused(other, "too_many_attempts")
            assert checked == ["guess one", "guess two"]

    asyncio.run(attempts())


def test_the_limits_hold_across_the_processes_of_a_cluster(
    postgres_cluster: PostgresCluster, workdir: Path
) -> None:
    url = postgres_cluster.new_database()
    env = {**TIGHT, "WUERFELWERK_CLUSTER": "true", "WUERFELWERK_LEASE_SECONDS": "5"}
    servers = [
        ServerProcess(url, log=workdir / f"server-{n}.log", env=env, limited=True).start()
        for n in (0, 1)
    ]
    try:
        owner, other = servers
        address = from_address(new_address())
        table = create_table(owner, MALEFIZ, ["human", "human"], headers=address)
        here = Client.open(owner, table, 0, headers=address)
        there = [Client.open(other, table, 0, headers=address) for _ in range(2)]
        for page in [here, *there]:
            page.next_frame()
        message, code = closed_with(Client.open(other, table, None, headers=address))
        assert (message["code"], code) == ("too_many_connections", 4429)
        # A seat's chat lines count together, whichever process its pages came through.
        for page, text in [(there[0], "one"), (here, "two"), (there[1], "three")]:
            page.send({"type": "chat", "text": text})
            assert here.next_notice("chat")["lines"][0]["text"] == text
        here.send({"type": "chat", "text": "four"})
        assert here.receive()["code"] == "chat_too_fast"
        there[0].send({"type": "chat", "text": "four"})
        assert there[0].receive()["code"] == "chat_too_fast"
        # New tables of one address count together too (4 an hour, one made above).
        # (tables of bots alone, each over before the next: 2 may be unfinished at once).
        body = table_body(BOTS_ALONE)
        for server in (other, owner, other):
            made = httpx.post(f"{server.url}/api/tables", json=body, headers=address)
            assert made.status_code == 201, made.text
            wait_finished(server, made.json()["id"])
        late = httpx.post(f"{owner.url}/api/tables", json=body, headers=address)
        assert "at most 4 per hour" in refused(late, "too_many_tables")
    finally:
        for server in servers:
            server.stop()


def test_the_learned_agent_is_offered_where_a_network_ships_for_the_players(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A network ships for every player count of the turn-based games: ``bot:td`` is a
    seat at each; where none ships for the options, it is not offered."""
    for name, counts in (("widget", (2, 3, 4)), ("dimenticato", (2, 3, 4)), ("malefiz", (2, 4))):
        for players in counts:
            assert "bot:td" in offered(wuerfelwerk.load(name, players=players))
    assert "bot:td" not in offered(wuerfelwerk.load("wurfweg"))
    monkeypatch.setattr(evaluator_module, "shipped_path", lambda *names: None)
    assert "bot:td" not in offered(wuerfelwerk.load("widget", players=4))
