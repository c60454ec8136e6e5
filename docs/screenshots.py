"""Screenshots of the site for docs/web.md: lobby, table and profile, 390 px (a phone) and
1280 px wide, in English and German, written to docs/screenshots/.

    python docs/screenshots.py        (or: make screenshots)

A server of its own on 127.0.0.1 with a throwaway SQLite database, Debian's chromium.
The table is a Malefiz game of four, a few moves in, seen by the human seat on turn.
A page the server does not have (the profile, before the accounts arrive) is left out
and said so.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import httpx
from playwright.sync_api import Browser, sync_playwright
from websockets.sync.client import connect

from wuerfelwerk.server.launch import ServerProcess

OUT = Path(__file__).resolve().parent / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu"]
SIZES = {390: 844, 1280: 800}
LOCALES = {"en": "en-GB", "de": "de-DE"}
#: The profile page of the accounts; shot once the server has it.
PROFILE = "/profile.html"
#: Decisions the human seat takes before the table is shot.
MOVES = 3


def table_in_play(server: ServerProcess) -> str:
    """A Malefiz table of a human and three bots, a few moves in: the human seat's address."""
    created = httpx.post(
        f"{server.url}/api/tables",
        json={"game": "malefiz", "options": {"players": 4}, "seats": ["human"] + ["bot:easy"] * 3},
        timeout=30,
    ).json()
    token = created["seats"][0]["token"]
    with connect(f"{server.ws_url}/ws/tables/{created['id']}?token={token}") as ws:
        moves = 0
        while moves < MOVES:
            message = json.loads(ws.recv(timeout=60))
            if message["type"] == "state" and message["legal_actions"]:
                action = message["legal_actions"][-1]
                ws.send(
                    json.dumps({"type": "action", "version": message["version"], "action": action})
                )
                moves += 1
    return f"{server.url}/table.html?id={created['id']}#token={token}"


def shoot(browser: Browser, name: str, url: str) -> None:
    for language, locale in LOCALES.items():
        for width, height in SIZES.items():
            context = browser.new_context(
                viewport={"width": width, "height": height}, locale=locale
            )
            page = context.new_page()
            page.goto(url)
            page.wait_for_selector("body[data-ready='true']")
            page.wait_for_function("!document.querySelector('.rolling')")
            path = OUT / f"{name}-{width}-{language}.png"
            page.screenshot(path=str(path))
            print(f"{path.relative_to(OUT.parent.parent)}")
            context.close()


def main() -> None:
    OUT.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        database = f"sqlite:///{Path(folder) / 'screenshots.db'}"
        with ServerProcess(database) as server, sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            shoot(browser, "lobby", f"{server.url}/")
            shoot(browser, "table", table_in_play(server))
            if httpx.get(f"{server.url}{PROFILE}", timeout=30).status_code == 200:
                shoot(browser, "profile", f"{server.url}{PROFILE}")
            else:
                print(f"{PROFILE}: not on this server, no profile screenshots")
            browser.close()


if __name__ == "__main__":
    main()
