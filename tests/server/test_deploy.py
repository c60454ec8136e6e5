"""The deployment of deploy/ run for real on this machine: ``deploy/supervise.py`` starts
Debian's Caddy (``tls internal``: its own authority, nothing fetched from the internet,
its files in a temporary folder, its admin API on loopback) in front of two ``serve``
processes on a throwaway PostgreSQL. Chromium, trusting Caddy's authority, plays over
https and wss: the cookie comes ``Secure``, the headers are there, and a SIGKILL of the
process that runs the table loses no move a page had seen. The backup script dumps the
database, and the systemd units pass ``systemd-analyze verify``."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import BrowserContext, Playwright, sync_playwright

from wuerfelwerk.core import Record
from wuerfelwerk.server.launch import ServerProcess, free_port

from ..web.conftest import CHROMIUM, CHROMIUM_ARGS
from ..web.play import ready, take_turn, version
from .client import Client, check_frames, open_connection
from .conftest import PostgresCluster

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
#: Seconds for the stack to come up, and for a page to see its table again.
PATIENCE = 180.0


class Stack:
    """``deploy/supervise.py`` and what it runs, on free ports of 127.0.0.1."""

    def __init__(self, database_url: str, folder: Path) -> None:
        self.folder = folder
        self.https_port = free_port()
        self.ports = [free_port(), free_port()]
        self.url = f"https://localhost:{self.https_port}"
        self.log = folder / "supervise.log"
        command = [
            sys.executable,
            str(DEPLOY / "supervise.py"),
            "--site",
            "localhost",
            "--https-port",
            str(self.https_port),
            "--http-port",
            str(free_port()),
            "--admin",
            f"127.0.0.1:{free_port()}",
            "--data",
            str(folder / "data"),
            "--db",
            database_url,
            "--ports",
            ",".join(map(str, self.ports)),
        ]
        env = {**os.environ, "WUERFELWERK_LEASE_SECONDS": "3", "HOME": str(folder / "home")}
        with self.log.open("ab") as output:
            self.process = subprocess.Popen(
                command, env=env, stdout=output, stderr=subprocess.STDOUT
            )
        self.root = folder / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
        self.tls = ssl.create_default_context()
        self.wait_up()

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_up(self) -> None:
        deadline = time.monotonic() + PATIENCE
        while True:
            assert self.process.poll() is None, self.output()
            assert time.monotonic() < deadline, f"the stack did not come up: {self.output()}"
            if self.root.exists():
                self.tls = ssl.create_default_context(cafile=str(self.root))
                try:
                    if httpx.get(f"{self.url}/api/games", verify=self.tls, timeout=5).is_success:
                        return
                except httpx.HTTPError:
                    pass
            time.sleep(0.2)

    def server_pid(self, port: int) -> int:
        """The process the supervisor runs on ``port`` now (its latest start)."""
        found = re.findall(rf"serve 127\.0\.0\.1:{port} pid (\d+)", self.output())
        return int(found[-1])

    def stop(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(60)


@pytest.fixture
def stack(postgres_cluster: PostgresCluster, workdir: Path) -> Iterator[Stack]:
    (workdir / "home").mkdir()
    running = Stack(postgres_cluster.new_database(), workdir)
    try:
        yield running
    finally:
        if running.process.poll() is None:
            running.stop()


def trusting_browser(stack: Stack, driver: Playwright) -> BrowserContext:
    """Chromium with Caddy's authority in its certificate store (NSS, under HOME)."""
    home = stack.folder / "browser-home"
    store = home / ".pki" / "nssdb"
    store.mkdir(parents=True)
    certutil = ["certutil", "-d", f"sql:{store}"]
    subprocess.run([*certutil, "-N", "--empty-password"], check=True)
    subprocess.run([*certutil, "-A", "-t", "C,,", "-n", "caddy", "-i", str(stack.root)], check=True)
    context = driver.chromium.launch_persistent_context(
        str(stack.folder / "profile"),
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        headless=True,
        env={**os.environ, "HOME": str(home)},
    )
    context.set_default_timeout(30_000)
    return context


CREATE_TABLE = """async (body) => {
  const answer = await fetch("/api/tables", {method: "POST",
    headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  return answer.json();
}"""


def spectator(stack: Stack, table_id: str) -> Client:
    """A page that watches over wss through Caddy (connected again after a loss)."""
    ws = open_connection(f"wss://localhost:{stack.https_port}/ws/tables/{table_id}", ssl=stack.tls)
    return Client(ws, None)


def test_the_stack_plays_over_https_and_a_killed_process_loses_no_seen_move(
    stack: Stack,
) -> None:
    with sync_playwright() as driver:
        context = trusting_browser(stack, driver)
        page = context.pages[0] if context.pages else context.new_page()
        response = page.goto(stack.url + "/")
        assert response is not None and response.ok
        headers = response.headers
        assert headers["strict-transport-security"] == "max-age=31536000"
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff"
        ready(page)
        page.fill("#player-name", "Deployed Dana")
        page.click("#keep-name")
        page.wait_for_selector("#playing-as")
        (cookie,) = [c for c in context.cookies() if c["name"] == "wuerfelwerk_player"]
        assert cookie["secure"] and cookie["httpOnly"]
        body = {"game": "malefiz", "options": {"board": "quick"}, "seats": ["human", "bot:easy"]}
        # The page asks, as the lobby does (with its origin and its cookie).
        table = page.evaluate(CREATE_TABLE, body)
        watcher = spectator(stack, table["id"])
        page.goto(f"{stack.url}/table.html?id={table['id']}#token={table['seats'][0]['token']}")
        ready(page)
        while version(page) < 8:
            if not take_turn(page):
                page.wait_for_timeout(20)
        # The process that runs the table dies at once, mid-game.
        owner = next(
            port
            for port in stack.ports
            if table["id"] in json.dumps(httpx.get(f"http://127.0.0.1:{port}/api/tables").json())
        )
        seen = version(page)
        while watcher.next_frame()["version"] < seen:
            pass
        os.kill(stack.server_pid(owner), signal.SIGKILL)
        deadline = time.monotonic() + PATIENCE
        while not page.evaluate("document.getElementById('end').open"):
            assert time.monotonic() < deadline, "the game did not go on after the kill"
            if not take_turn(page):
                page.wait_for_timeout(20)
        assert version(page) > seen
        context.close()
    record_answer = httpx.get(f"{stack.url}/api/tables/{table['id']}/record", verify=stack.tls)
    record = Record.from_json(record_answer.json())
    # Every frame seen before the kill, the last of them the page's too, is the stored
    # game's: nothing acknowledged was lost.
    assert watcher.frames[-1]["version"] == seen < len(record.actions)
    check_frames(record, watcher.frames, None)
    assert f"serve 127.0.0.1:{owner} exited with status -9" in stack.output()
    assert stack.stop() == 0


def _handlers(config: Any, name: str) -> Iterator[dict[str, Any]]:
    """Every handler called ``name`` in Caddy's JSON configuration, however deep."""
    if isinstance(config, dict):
        if config.get("handler") == name:
            yield config
        for value in config.values():
            yield from _handlers(value, name)
    elif isinstance(config, list):
        for value in config:
            yield from _handlers(value, name)


def test_caddy_asks_the_processes_for_their_health_and_passes_a_failed_one_over_briefly() -> None:
    """The Caddyfile as Caddy reads it (``caddy adapt``): each process is asked for
    ``/api/health`` every second or two, and one that refused a connection is passed over
    for a few seconds only, well within the time a request waits for a process. Passed
    over for longer, the stack would answer 502 that long after every start and restart,
    since the first requests come before the processes listen (docs/deploy.md)."""
    adapted = subprocess.run(
        [shutil.which("caddy") or "caddy", "adapt", "--config", str(DEPLOY / "Caddyfile")],
        capture_output=True,
        text=True,
        check=True,
    )
    (proxy,) = _handlers(json.loads(adapted.stdout), "reverse_proxy")
    second = 1_000_000_000  # Caddy's durations are in nanoseconds
    checks = proxy["health_checks"]
    assert checks["active"]["uri"] == "/api/health"
    assert checks["active"]["interval"] <= 2 * second
    assert checks["passive"]["fail_duration"] <= 3 * second
    assert proxy["load_balancing"]["try_duration"] >= 3 * checks["passive"]["fail_duration"]


def test_the_backup_script_dumps_the_database(
    postgres_cluster: PostgresCluster, workdir: Path
) -> None:
    url = postgres_cluster.new_database()
    with ServerProcess(url, log=workdir / "server.log"):  # the schema, made at its start
        pass
    env = {
        **os.environ,
        "WUERFELWERK_DATABASE_URL": url.replace("postgresql://", "postgresql+asyncpg://"),
        "WUERFELWERK_BACKUP_DIR": str(workdir / "backups"),
        "PATH": f"{postgres_cluster.bin}:{os.environ['PATH']}",
    }
    made = subprocess.run(
        [str(DEPLOY / "backup.sh")], env=env, check=True, capture_output=True, text=True
    )
    dump = Path(made.stdout.strip())
    assert dump.parent == workdir / "backups" and dump.stat().st_size > 0
    listing = subprocess.run(
        [str(postgres_cluster.bin / "pg_restore"), "--list", str(dump)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    for table in ("game_tables", "table_actions", "players", "alembic_version"):
        assert f"TABLE public {table} " in listing, table


def test_the_systemd_units_verify(tmp_path: Path) -> None:
    """``systemd-analyze verify`` on the units, their programs pointed at this checkout."""
    wuerfelwerk = Path(sys.executable).parent / "wuerfelwerk"
    for unit in (DEPLOY / "systemd").iterdir():
        text = unit.read_text()
        text = text.replace("/opt/wuerfelwerk/venv/bin/wuerfelwerk", str(wuerfelwerk))
        text = text.replace("/opt/wuerfelwerk/deploy", str(DEPLOY))
        (tmp_path / unit.name).write_text(text)
    units = sorted(str(path) for path in tmp_path.iterdir() if not path.name.endswith(".conf"))
    checked = subprocess.run(
        [shutil.which("systemd-analyze") or "systemd-analyze", "verify", *units],
        capture_output=True,
        text=True,
        env={**os.environ, "SYSTEMD_LOG_LEVEL": "warning"},
    )
    problems = [line for line in checked.stderr.splitlines() if str(tmp_path) in line]
    assert checked.returncode == 0 and not problems, checked.stderr
    # The server's command line in the unit is one ``serve`` takes.
    (line,) = [
        line
        for line in (tmp_path / "wuerfelwerk@.service").read_text().splitlines()
        if line.startswith("ExecStart=")
    ]
    command = line.removeprefix("ExecStart=").replace("%i", "8001").split()
    accepted = subprocess.run([*command, "--help"], capture_output=True, text=True)
    assert accepted.returncode == 0, accepted.stderr
