"""Analyses of finished games over HTTP: made in the background with progress, kept in
the database and served from there; never for a game still on. Hints for one person
playing bots in an unrated game, noted in the record. Every action's time in the record."""

from __future__ import annotations

import asyncio
import itertools
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy.ext.asyncio import AsyncSession

import wuerfelwerk
from wuerfelwerk.analysis import analysis_json
from wuerfelwerk.server.analyses import Analyses, Job
from wuerfelwerk.server.db import open_database
from wuerfelwerk.server.db.analyses import AnalysisStore
from wuerfelwerk.server.launch import ServerProcess
from wuerfelwerk.server.settings import async_database_url

from ..processes import children
from .client import Client, create_table, fetch_record, get, table_row

MALEFIZ = wuerfelwerk.load("malefiz", players=2, board="quick")
#: Seconds an analysis may take on a busy machine before the test gives up.
PATIENCE = 600.0


def post(server: ServerProcess, path: str, body: Any = None) -> httpx.Response:
    return httpx.post(f"{server.url}{path}", json=body, timeout=60)


def finished_game(server: ServerProcess, seats: list[str] | None = None) -> dict[str, Any]:
    table = create_table(server, MALEFIZ, seats or ["bot:greedy", "bot:greedy"])
    Client.open(server, table, None).watch_to_end()
    return table


def wait_for_analysis(server: ServerProcess, table_id: str) -> list[dict[str, Any]]:
    """Every status seen until the analysis is done."""
    seen = []
    deadline = time.monotonic() + PATIENCE
    while not seen or seen[-1]["status"] != "done":
        assert time.monotonic() < deadline, seen[-1]
        response = get(server, f"/api/tables/{table_id}/analysis")
        assert response.status_code == 200, response.text
        seen.append(response.json())
        assert seen[-1]["status"] in ("queued", "running", "done"), seen[-1]
        time.sleep(0.2)
    return seen


def test_a_game_still_on_is_never_analysed(server: ServerProcess) -> None:
    table = create_table(server, MALEFIZ, ["human", "bot:greedy"])
    for response in (
        get(server, f"/api/tables/{table['id']}/analysis"),
        post(server, f"/api/tables/{table['id']}/analysis"),
    ):
        assert response.status_code == 409 and response.json()["code"] == "not_finished"
    assert get(server, "/api/tables/nosuchtable/analysis").status_code == 404


def test_a_finished_game_is_analysed_in_the_background_and_kept(server: ServerProcess) -> None:
    table = finished_game(server)
    path = f"/api/tables/{table['id']}/analysis"
    assert get(server, path).json() == {"status": "none"}
    started = post(server, path)
    assert started.status_code == 202 and started.json()["status"] in ("queued", "running")
    seen = wait_for_analysis(server, table["id"])
    running = [s for s in seen if s["status"] == "running"]
    assert all(0 <= s["done"] <= s["total"] for s in running)
    analysis = seen[-1]["analysis"]
    record, _ = fetch_record(server, table["id"])
    # Made in a worker process, it is the analysis this process makes of the record.
    assert analysis == analysis_json(record)
    # Asked again, it is served as kept, not made again.
    again = post(server, path)
    assert again.json() == {"status": "done", "analysis": analysis}


class HeldStore(AnalysisStore):
    """A store whose reads are held once they have read, until ``release`` is set: what
    happens meanwhile overtakes what the read saw."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.read = asyncio.Event()
        self.release = asyncio.Event()

    async def load(self, table_id: str, budget: int | None) -> dict[str, Any] | None:
        found = await super().load(table_id, budget)
        self.read.set()
        await self.release.wait()
        return found


def test_an_analysis_stored_while_its_status_is_read_is_never_reported_as_not_asked_for(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"

    async def overtaken() -> tuple[dict[str, Any], dict[str, Any]]:
        engine = await open_database(async_database_url(url))
        try:
            async with AsyncSession(engine) as session:
                session.add(table_row("t1"))
                await session.commit()
            analyses = Analyses(HeldStore(engine), workers=1, budget=7, limit=5)
            analyses.jobs["t1"] = job = Job("t1", worker="a worker", done=3, total=9)
            asking = asyncio.create_task(analyses.status("t1"))
            await analyses.store.read.wait()
            # The worker's result is stored and its job let go while the status is read.
            await analyses._keep(job, {"budget": 7, "decisions": []})
            analyses.store.release.set()
            during = await asking
            return during, await analyses.status("t1")
        finally:
            await engine.dispose()

    during, after = asyncio.run(overtaken())
    assert during == {"status": "running", "done": 3, "total": 9}
    assert after == {"status": "done", "analysis": {"budget": 7, "decisions": []}}


def test_hints_for_one_person_playing_bots(server: ServerProcess) -> None:
    table = create_table(server, MALEFIZ, ["human", "bot:greedy"])
    token = table["seats"][0]["token"]
    hint = f"/api/tables/{table['id']}/hint"
    human = Client.open(server, table, 0)
    frame = human.next_frame()
    while not frame["legal_actions"]:
        frame = human.next_frame()
    given = post(server, hint, {"token": token})
    assert given.status_code == 200, given.text
    advice = given.json()
    assert advice["version"] == frame["version"]
    assert advice["action"] in frame["legal_actions"] and 0 <= advice["chance"] <= 1
    assert post(server, hint, {"token": "nobody"}).status_code == 403
    human.act(frame["version"], advice["action"])
    human.next_frame()
    human.play_to_end(random.Random(1), simultaneous=False)
    record, _ = fetch_record(server, table["id"])
    assert [(h.seat, h.before) for h in record.hints] == [(0, frame["version"])]
    assert record.actions[frame["version"]] == advice["action"]
    assert post(server, hint, {"token": token}).json()["code"] == "game_over"


@pytest.mark.parametrize(
    ("seats", "extra", "code"),
    [
        (["human", "human", "bot:greedy"], {}, "hint_refused"),  # a person against a person
        (["human", "bot:easy"], {"rated": True}, "hint_refused"),
    ],
)
def test_no_hints_against_people_or_in_rated_games(
    server: ServerProcess, seats: list[str], extra: dict[str, Any], code: str
) -> None:
    game = wuerfelwerk.load("malefiz", players=len(seats))
    table = create_table(server, game, seats, **extra)
    refused = post(server, f"/api/tables/{table['id']}/hint", {"token": table["seats"][0]["token"]})
    assert refused.status_code == 403 and refused.json()["code"] == code


def test_a_race_records_when_each_action_was_taken(server: ServerProcess) -> None:
    race = wuerfelwerk.load("wurfweg", players=2, round_limit=1, roll_limit=5)
    table = create_table(server, race, ["bot:random", "bot:random"])
    Client.open(server, table, None).watch_to_end()
    record, _ = fetch_record(server, table["id"])
    assert record.times is not None and len(record.times) == len(record.actions)
    assert all(b >= a for a, b in itertools.pairwise(record.times))
    server.kill()
    server.start()  # the times come back from the database
    assert fetch_record(server, table["id"])[0].times == record.times
    post(server, f"/api/tables/{table['id']}/analysis")
    analysis = wait_for_analysis(server, table["id"])[-1]["analysis"]
    assert analysis["kind"] == "speed" and analysis["timed"]


def test_a_killed_server_leaves_no_analysis_worker_behind(workdir: Path) -> None:
    server = ServerProcess(f"sqlite:///{workdir / 'games.db'}", log=workdir / "log").start()
    try:
        table = finished_game(server)
        post(server, f"/api/tables/{table['id']}/analysis")
        wait_for_analysis(server, table["id"])  # its worker took a job: it is running
        assert server.process is not None
        workers = children(server.process.pid)
        assert workers
    finally:
        server.kill()
    deadline = time.monotonic() + 60
    while any(Path(f"/proc/{pid}").exists() and not zombie(pid) for pid in workers):
        assert time.monotonic() < deadline, "an analysis worker outlived its server"
        time.sleep(0.2)


def zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True
