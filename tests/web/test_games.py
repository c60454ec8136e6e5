"""Every game in the browser: a whole game against bots, played by clicks on the board
until the end screen, with a screenshot of the board mid-game and at the end; once a
first place is picked, the prompt asks for the rest of the choice; once an action is
sent, nothing more is offered until the server answers."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import Server, screenshot
from .play import (
    ACTIVE,
    OVER,
    click_and_wait,
    play_until_over,
    ready,
    report_load,
    take_turn,
    version,
)

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


#: This seat may click a place or a button (Widget's villain: a field, or stay).
PLACE_OR_BUTTON = (
    "document.querySelector(\"#board .target[tabindex='0']\")"
    " && document.querySelector('#buttons button[data-action]')"
)

#: A click on a lit place that completes an action, then one on a button, quicker than
#: the server can answer (both in one task of the page): the actions the page sent, and
#: what it still offered between the clicks.
PLACE_THEN_BUTTON = """() => {
  const conn = window.wuerfelwerk.conns[0];
  const send = conn.send;
  const actions = [];
  conn.send = (message) => {
    if (message.type === "action") actions.push(message.action);
    return send.call(conn, message);
  };
  const button = document.querySelector("#buttons button[data-action]");
  const place = document.querySelector("#board .target[tabindex='0']");
  place.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const offered = document.querySelectorAll("#board .target, #buttons button[data-action]").length;
  button.click();
  conn.send = send;
  return { actions: actions.length, offered };
}"""


def test_once_an_action_is_sent_nothing_more_is_offered_until_the_answer(
    server: Server, page: Page
) -> None:
    # A second action would answer the same version and come back refused as out of date.
    for _ in range(5):  # a game may end before this seat has such a choice: another
        created = server.table("widget", {"players": 2}, ["human", "bot:greedy"])
        page.goto(
            f"{server.url}/table.html?id={created['id']}#token={created['seats'][0]['token']}"
        )
        ready(page)
        wanted = f"({PLACE_OR_BUTTON}) || {OVER}"
        while not page.evaluate(f"Boolean({wanted})"):
            click_and_wait(page, _first, until=wanted)
        if page.evaluate(f"Boolean({PLACE_OR_BUTTON})"):
            break
    else:
        raise AssertionError("widget: no choice of a place or a button in 5 games")
    before = version(page)
    assert page.evaluate(PLACE_THEN_BUTTON) == {"actions": 1, "offered": 0}
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")
    expect(page.locator("#message")).to_be_empty()


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
