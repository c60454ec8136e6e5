"""Browser tests: a real ``wuerfelwerk serve`` on 127.0.0.1 with a temporary SQLite
database, and Debian's chromium driven by Playwright."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Playwright,
    expect,
    sync_playwright,
)

from wuerfelwerk.server.launch import THIS_MACHINE

from ..progress import Progress

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"

# The checks run on two busy cores next to other test workers: be patient with the page.
expect.set_options(timeout=15_000)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """A running ``wuerfelwerk serve`` and a few HTTP helpers for setting tables up."""

    def __init__(self, folder: Path, settings: dict[str, str] | None = None) -> None:
        self.folder = folder
        #: Settings of the server's own (``WUERFELWERK_...`` variables).
        self.settings = settings or {}
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = (folder / "server.log").open("a")
        self.start()

    def start(self) -> None:
        folder = self.folder
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "wuerfelwerk.cli",
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--db",
                f"sqlite:///{folder / 'web.db'}",
                "--log-level",
                "warning",
            ],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            # The browsers of the tests play from this machine, faster than people.
            env={**os.environ, "WUERFELWERK_LIMITS_EXEMPT": THIS_MACHINE, **self.settings},
        )
        # Only a hang runs into this: a server that fails exits, and is seen at once. On
        # two cores shared with other work, importing the server alone can take many
        # seconds.
        deadline = time.monotonic() + 180
        while True:
            try:
                self.get("/api/games")
                return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start: {self.read_log()}") from None
                time.sleep(0.1)

    def read_log(self) -> str:
        self.log.flush()
        return Path(self.log.name).read_text()

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=10) as response:
            return json.load(response)

    def post(self, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)

    def table(self, game: str, options: dict[str, Any], seats: list[str]) -> dict[str, Any]:
        return dict(self.post("/api/tables", {"game": game, "options": options, "seats": seats}))

    def bots_game(self, game: str, options: dict[str, Any], seats: list[str] | None = None) -> str:
        """A table of bots (two greedy ones unless ``seats`` says), played to its end: its
        id."""
        created = self.table(game, options, seats or ["bot:greedy", "bot:greedy"])
        progress = Progress("the bots' game")
        while (view := self.get(f"/api/tables/{created['id']}"))["status"] != "finished":
            progress.check(view["version"])
            time.sleep(0.1)
        return str(created["id"])

    def kill(self) -> None:
        """Stop the server at once (SIGKILL), as a crash would."""
        self.process.kill()
        self.process.wait()

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


def _serve(settings: dict[str, str] | None = None) -> Iterator[Server]:
    folder = Path(tempfile.mkdtemp(prefix="wuerfelwerk-web-"))
    running = Server(folder, settings)
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    """One server for the tests that do not stop it."""
    yield from _serve()


@pytest.fixture
def own_server() -> Iterator[Server]:
    """A server of the test's own, which it may kill and start again."""
    yield from _serve()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium (make test does)")
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """One browser process per test process: a context of its own costs a fraction of
    a second, a browser of its own more than a second."""
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )
    yield browser
    browser.close()


@pytest.fixture
def new_context(browser: Browser) -> Iterator[Callable[..., BrowserContext]]:
    """Contexts of their own (cookies and storage each their own), like separate browsers.

    The tests' probes (``wait_for_function``) evaluate strings in the page, which the
    site's Content-Security-Policy forbids: their contexts bypass it, except where
    ``bypass_csp`` is False (test_security.py, which checks the pages under it).

    They ask for reduced motion, as a system setting does, unless ``motion`` is
    "no-preference": the lit places stand still instead of pulsing, which would keep a
    headless browser drawing frames all the time the tests wait."""
    opened: list[BrowserContext] = []

    def open_context(
        locale: str = "en-GB",
        bypass_csp: bool = True,
        motion: Literal["reduce", "no-preference"] = "reduce",
    ) -> BrowserContext:
        context = browser.new_context(
            locale=locale,
            viewport={"width": 1280, "height": 900},
            bypass_csp=bypass_csp,
            reduced_motion=motion,
        )
        context.set_default_timeout(15_000)
        context.new_page()  # as a browser opens with a tab: ``context.pages[0]``
        opened.append(context)
        return context

    yield open_context
    for context in opened:
        context.close()


@pytest.fixture
def page(new_context: Callable[..., BrowserContext]) -> Page:
    context = new_context()
    return context.pages[0]


def screenshot(page: Page, name: str) -> Path:
    """Save a screenshot under artifacts/screenshots/ (looked at by people, not compared)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_function("!document.querySelector('.rolling')")
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
