"""Screenshots of the site for docs/web.md: lobby, table and profile, 390 px (a phone) and
1280 px wide, in English and German, written to docs/screenshots/.

    python docs/screenshots.py        (or: make screenshots)

A server of its own on 127.0.0.1 with a throwaway SQLite database, Debian's chromium.
The table is a Malefiz game of four, a few moves in, seen by the human seat on turn.
The profile is a named player's after one rated game against a bot level (the player's
clock runs out and a bot plays the seat to the end).
"""

from __future__ import annotations

import json
import tempfile
import time
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
#: Decisions the human seat takes before the table is shot.
MOVES = 3
#: The player whose profile is shot.
PLAYER = "Ada"


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


def player_with_a_game(server: ServerProcess) -> str:
    """The profile page of a named player who has played one rated game: its seat is
    handed to a bot when the clock runs out, and the bot plays the game to its end."""
    with httpx.Client(base_url=server.url, timeout=30) as browser:
        browser.post("/api/players", json={"name": PLAYER}).raise_for_status()
        body = {
            "game": "malefiz",
            "options": {"players": 2},
            "seats": ["human", "bot:easy"],
            "rated": True,
            "clock": {"kind": "move", "seconds": 1, "on_timeout": "hand_over"},
        }
        created = browser.post("/api/tables", json=body).json()
        token = created["seats"][0]["token"]
        cookies = "; ".join(f"{name}={value}" for name, value in browser.cookies.items())
        path = f"{server.ws_url}/ws/tables/{created['id']}?token={token}"
        with connect(path, additional_headers={"Cookie": cookies}) as ws:
            while not json.loads(ws.recv(timeout=300)).get("outcome"):
                pass  # the bots play the seat's moves once its clock runs out
        while not browser.get(f"/api/players/{PLAYER}").json()["games"]:
            time.sleep(0.2)  # the results are stored just after the end
    return f"{server.url}/profile.html?name={PLAYER}"


def shoot(browser: Browser, name: str, url: str) -> None:
    for language, locale in LOCALES.items():
        for width, height in SIZES.items():
            # The wait below evaluates a string, which the site's policy forbids.
            context = browser.new_context(
                viewport={"width": width, "height": height}, locale=locale, bypass_csp=True
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
            shoot(browser, "profile", player_with_a_game(server))
            browser.close()


if __name__ == "__main__":
    main()
