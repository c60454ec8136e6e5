"""The garbage collector of a started server (``server/collector.py``): what was loaded
at the start is frozen, and the young objects are collected far less often than
Python's default, so that full walks over every table's objects stay rare."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from wuerfelwerk.server import collector

STARTED = """
import asyncio, gc, json, sys
from wuerfelwerk.server.app import create_app
from wuerfelwerk.server.settings import Settings

app = create_app(Settings(database_url=sys.argv[1]))
before = {"threshold": gc.get_threshold(), "frozen": gc.get_freeze_count()}

async def start() -> dict:
    async with app.router.lifespan_context(app):
        return {"threshold": gc.get_threshold(), "frozen": gc.get_freeze_count()}

print(json.dumps({"before": before, "started": asyncio.run(start())}))
"""


def test_a_started_server_freezes_what_it_loaded_and_spaces_out_collections(
    tmp_path: Path,
) -> None:
    # A process of its own: freezing is for the whole process.
    url = f"sqlite:///{tmp_path / 'games.db'}"
    done = subprocess.run(
        [sys.executable, "-c", STARTED, url], capture_output=True, text=True, check=True
    )
    seen = json.loads(done.stdout)
    assert seen["before"] == {"threshold": [700, 10, 10], "frozen": 0}
    started = seen["started"]
    assert started["threshold"] == [collector.YOUNG, collector.MIDDLE, collector.OLD]
    # The modules, the application and the database's machinery: many thousands of objects.
    assert started["frozen"] > 50_000
