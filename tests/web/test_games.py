"""Every game in the browser: a whole game against bots, played by clicks on the board
until the end screen, with a screenshot of the board mid-game and at the end; once a
first place is picked, the prompt asks for the rest of the choice."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import Server, screenshot
from .play import ACTIVE, click_and_wait, play_until_over, ready, report_load, take_turn

#: Per game: options that keep a game short, the seats, and how the test player values
#: the places it may click (the first lit place where the value is the same).
GAMES: dict[str, dict[str, Any]] = {
    "malefiz-classic": {
        "game": "malefiz",
        "options": {"board": "classic", "players": 4, "round_limit": 12},
        "bots": 3,
    },
    "widget": {"options": {"players": 3, "round_limit": 20}, "bots": 2},
    "mojave": {"options": {"rows": 12, "time_limit_moves": 40}, "bots": 1},
    "dimenticato": {"options": {"players": 2, "round_limit": 15}, "bots": 1},
    "wurfweg": {"options": {"players": 3, "round_limit": 2}, "bots": 2, "bot_delay": 0.3},
}


def _first(key: str) -> float:
    return 0.0


@pytest.mark.parametrize("game", sorted(GAMES))
def test_full_game_against_bots(server: Server, page: Page, game: str) -> None:
    setup = GAMES[game]
    created = server.post(
        "/api/tables",
        {
            "game": setup.get("game", game),
            "options": setup["options"],
            "seats": ["human"] + ["bot:greedy"] * setup["bots"],
            "bot_delay": setup.get("bot_delay", 0),
        },
    )
    page.goto(f"{server.url}/table.html?id={created['id']}#token={created['seats'][0]['token']}")
    ready(page)
    report_load(page, game)
    for _ in range(6):
        take_turn(page, _first)
        page.wait_for_timeout(30)
    screenshot(page, f"{game}-mid-game")
    play_until_over(page, _first)
    expect(page.locator("#result")).not_to_be_empty()
    # Over: nothing is asked any more.
    expect(page.locator("#prompt")).to_be_empty()
    expect(page.locator("#buttons button[data-action]")).to_have_count(0)
    if game == "mojave":  # no die and no prompt: no empty block where they would stand
        expect(page.locator("#dice-row")).to_be_hidden()
    screenshot(page, f"{game}-end")


#: Per game: what the prompt asks once a first place is picked and the choice goes on.
NEXT_STEP = {
    "malefiz": r"^Die \d: now choose where the figure (on [a-z]\d+|from the house) goes\.$",
    "widget": r"^(Now choose the die the figure on .+ moves by|White: choose the colour .+)\.$",
    "mojave": r"^Choose where the die tips to: exactly \d steps\.$",
}


@pytest.mark.parametrize("game", sorted(NEXT_STEP))
def test_after_a_first_pick_the_prompt_asks_for_the_rest(
    server: Server, page: Page, game: str
) -> None:
    created = server.table(game, {"players": 2}, ["human", "bot:greedy"])
    page.goto(f"{server.url}/table.html?id={created['id']}#token={created['seats'][0]['token']}")
    ready(page)
    # The version, and the places picked, once this seat may click (the bot waits for it
    # then). A click that completes an action can lead to a choice whose first place is
    # picked by itself (Widget's villain), at a new version.
    seen = "[document.body.dataset.version, window.wuerfelwerk.choices.picked.length]"
    for _ in range(40):  # choices made in one click teach nothing: on to the next
        page.wait_for_selector(ACTIVE)
        version, picked = page.evaluate(seen)
        click_and_wait(page, _first)
        now, now_picked = page.evaluate(seen)
        if not picked and now_picked and now == version:
            break
    else:
        raise AssertionError(f"{game}: no choice took two clicks in 40")
    expect(page.locator("#prompt")).to_have_text(re.compile(NEXT_STEP[game]))


def test_mojave_shows_a_dies_faces_on_hover(server: Server, page: Page) -> None:
    created = server.table("mojave", {}, ["human", "bot:greedy"])
    page.goto(f"{server.url}/table.html?id={created['id']}#token={created['seats'][0]['token']}")
    ready(page)
    die = page.locator("#board [data-key='a4']")
    orient = die.locator(".orient")
    assert orient.evaluate("el => getComputedStyle(el).display") == "none"
    die.hover()
    assert orient.evaluate("el => getComputedStyle(el).display") != "none"
    # MOJ-1: row 4 starts with 1 on top and the 2 towards the centre (north for red).
    assert orient.locator("text").first.text_content() == "2"
    assert "top 1, north 2" in (die.get_attribute("aria-label") or "")
    screenshot(page, "mojave-hover")
