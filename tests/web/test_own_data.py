"""From the profile page a player downloads every finished game as records, and deletes
the name."""

from __future__ import annotations

import json
import secrets
from pathlib import Path

from playwright.sync_api import Page, expect

from .conftest import Server
from .play import play_until_over, ready


def test_the_profile_downloads_ones_games_and_deletes_the_name(
    server: Server, page: Page, tmp_path: Path
) -> None:
    name = f"Lena {secrets.token_hex(2)}"
    page.goto(server.url + "/")
    ready(page)
    page.fill("#player-name", name)
    page.fill("#player-password", "lena's password")
    page.click("#keep-name")
    expect(page.locator("#playing-as")).to_contain_text(name)
    body = {"game": "malefiz", "options": {"board": "quick"}, "seats": ["human", "bot:greedy"]}
    table = page.request.post(server.url + "/api/tables", data=body).json()
    page.goto(f"{server.url}/table.html?id={table['id']}#token={table['seats'][0]['token']}")
    ready(page)
    play_until_over(page)
    page.goto(server.url + "/profile.html")
    ready(page)
    expect(page.locator("#recent li a")).to_have_count(1)
    with page.expect_download() as downloading:
        page.click("#download-games")
    saved = tmp_path / "games.json"
    downloading.value.save_as(saved)
    data = json.loads(saved.read_text())
    assert data["player"]["name"] == name
    (game,) = data["games"]
    assert game["table"] == table["id"] and game["seat"] == 0 and game["actions"]
    # Deleting asks first, and needs the password.
    page.on("dialog", lambda dialog: dialog.accept())
    page.fill("#delete-password", "not the password")
    page.click("#delete-name")
    expect(page.locator("#delete-status")).to_contain_text("password")
    page.fill("#delete-password", "lena's password")
    page.click("#delete-name")
    expect(page.locator("#password-status")).to_have_text("Your name is deleted.")
    expect(page.locator("#player-name")).to_be_visible()
    assert page.request.get(f"{server.url}/api/players/{name}").status == 404
    replay = page.request.get(f"{server.url}/api/tables/{table['id']}/record")
    assert replay.ok
