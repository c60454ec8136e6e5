"""The rest of the HTTP API: games, undo, rematch, the record and ``wuerfelwerk verify``,
the browser client at ``/`` and the OpenAPI docs."""

from __future__ import annotations

import json
import random
from importlib import metadata
from pathlib import Path

import httpx
from click.testing import CliRunner, Result

import wuerfelwerk
from wuerfelwerk.agents import agent_names
from wuerfelwerk.cli.main import cli
from wuerfelwerk.core.build import build_name
from wuerfelwerk.server.guard.seats import playable_agents
from wuerfelwerk.server.launch import ServerProcess

from .client import Client, create_table, fetch_record, game_under_test, get


def post(server: ServerProcess, path: str, body: object) -> httpx.Response:
    return httpx.post(f"{server.url}{path}", json=body, timeout=30)


def test_games_lists_every_game_with_options_and_agents(server: ServerProcess) -> None:
    listed = {g["name"]: g for g in get(server, "/api/games").json()}
    assert sorted(listed) == wuerfelwerk.game_names()
    for name, info in listed.items():
        game = wuerfelwerk.load(name)
        # The agents that play by name alone: not the bare bot (it needs a level), nor
        # the learned one where no network ships for the default player count (one
        # ships for every count of the turn-based games).
        assert info["agents"] == playable_agents(game)
        assert set(info["agents"]) <= set(agent_names(game)) - {"bot"}
        assert ("td" in info["agents"]) == (not game.simultaneous)
        assert "players" in {option["name"] for option in info["options"]}
        assert len(info["seat_names"]) == game.num_players
        # A level is a seat of its own: bot:<level>.
        seats = ["human"] + [f"bot:{info['levels'][0]}"] * (game.num_players - 1)
        body = {"game": name, "seats": seats}
        response = post(server, "/api/tables", body)
        assert response.status_code == 201, response.text


def test_undo_takes_back_the_last_human_decision(server: ServerProcess) -> None:
    game = game_under_test("malefiz")
    table = create_table(server, game, ["human", "bot:greedy"])
    human = Client.open(server, table, 0)
    before = human.next_frame()
    assert before["legal_actions"]
    human.act(before["version"], before["legal_actions"][0])
    after = human.next_frame()
    assert after["version"] > before["version"]
    turn_again = after
    while not turn_again["legal_actions"]:  # the bot's reply
        turn_again = human.next_frame()
    response = post(
        server, f"/api/tables/{table['id']}/undo", {"token": table["seats"][0]["token"]}
    )
    assert response.status_code == 200, response.text
    assert response.json()["version"] == before["version"]
    undone = human.next_frame()
    assert undone["version"] == before["version"]
    assert undone["observation"] == before["observation"]
    assert undone["legal_actions"] == before["legal_actions"]
    assert [e["number"] for e in undone["log"]] == list(range(before["version"]))
    # The same decision again meets the same dice: they hang on the action number.
    human.act(undone["version"], before["legal_actions"][0])
    again = human.next_frame()
    assert again["log"][:2] == after["log"][:2]
    human.close()
    refused = post(server, f"/api/tables/{table['id']}/undo", {"token": "forged"})
    assert refused.status_code == 403


def test_undo_is_refused_between_people_unless_the_table_allows_it(server: ServerProcess) -> None:
    game = game_under_test("malefiz")
    online = create_table(server, game, ["human", "human"])
    response = post(
        server, f"/api/tables/{online['id']}/undo", {"token": online["seats"][0]["token"]}
    )
    assert response.status_code == 403 and response.json()["code"] == "undo_refused"
    hotseat = create_table(server, game, ["human", "human"], undo=True)
    response = post(
        server, f"/api/tables/{hotseat['id']}/undo", {"token": hotseat["seats"][1]["token"]}
    )
    assert response.status_code == 409, "nothing to take back yet"


def test_rematch_keeps_the_seats_and_tells_the_old_table(server: ServerProcess) -> None:
    game = game_under_test("malefiz")
    table = create_table(server, game, ["human", "bot:greedy"])
    token = table["seats"][0]["token"]
    human = Client.open(server, table, 0)
    assert post(server, f"/api/tables/{table['id']}/rematch", {"token": token}).status_code == 409
    human.play_to_end(random.Random(3), simultaneous=False)
    response = post(server, f"/api/tables/{table['id']}/rematch", {"token": token})
    assert response.status_code == 201, response.text
    new = response.json()
    assert human.receive() == {"type": "rematch", "table": new["id"]}
    human.close()
    rejoined = Client.open(server, {"id": new["id"], "seats": [{"token": token}]}, 0)
    assert rejoined.next_frame()["seat"] == 0
    rejoined.close()
    assert (
        get(server, f"/api/tables/{new['id']}").json()["seed_commitment"] == new["seed_commitment"]
    )


def verify(path: Path) -> Result:
    """``wuerfelwerk verify PATH``, run in this process (the command-line tests run it as a
    separate process)."""
    return CliRunner().invoke(cli, ["verify", str(path)])


def test_verify_checks_the_seed_and_every_die(server: ServerProcess, workdir: Path) -> None:
    game = game_under_test("malefiz")
    table = create_table(server, game, ["bot:greedy", "bot:greedy"])
    Client.open(server, table, None).watch_to_end()
    record, data = fetch_record(server, table["id"])
    good = workdir / "good.json"
    good.write_text(json.dumps(data))
    result = verify(good)
    assert result.exit_code == 0 and result.stdout.startswith("ok:"), result.output

    other_seed = workdir / "seed.json"
    other_seed.write_text(json.dumps({**data, "seed": data["seed"] + 1}))
    result = verify(other_seed)
    assert result.exit_code == 2 and "does not match the commitment" in result.output

    # A different first die that still replays: the seed would not have rolled it.
    state = record.states().__next__()
    first = str(state.chance_outcomes()[0][0])
    second = str(state.chance_outcomes()[1][0])
    swapped = second if data["actions"][0] == first else first
    loaded = wuerfelwerk.load(data["game"], **data["options"])
    replay = loaded.new_initial_state()
    replay.apply(loaded.parse_action(swapped))
    legal = [str(a) for a in replay.legal_actions()]
    # The forger cut the game short (its times go with the actions it had).
    forged = {**data, "actions": [swapped, legal[0]], "times": [0, 1]}
    forged_file = workdir / "forged.json"
    forged_file.write_text(json.dumps(forged))
    result = verify(forged_file)
    assert result.exit_code == 2 and "action 1" in result.output


def test_browser_client_and_docs_are_served(server: ServerProcess) -> None:
    index = get(server, "/")
    assert index.status_code == 200 and "text/html" in index.headers["content-type"]
    assert get(server, "/docs").status_code == 200
    paths = get(server, "/openapi.json").json()["paths"]
    assert {"/api/tables", "/api/tables/{table_id}/record", "/api/games"} <= set(paths)


def test_health_says_the_version_and_the_build(server: ServerProcess) -> None:
    health = get(server, "/api/health").json()
    assert health == {
        "status": "ok",
        "version": metadata.version("wuerfelwerk"),
        "build": build_name(),
    }
