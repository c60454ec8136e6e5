"""Phones and small windows: the pages fit 390 px (a board too wide for it scrolls inside
its own box), every place to tap on every board is at least 24 px, and on 800x600 the
die, the prompt and the buttons show without scrolling."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from .conftest import Server, screenshot
from .play import ready, take_turn

PHONE = {"width": 390, "height": 844}
SMALL_WINDOW = {"width": 800, "height": 600}

#: Per game: the options with the most places on the board, and a human against bots.
TABLES: dict[str, dict[str, Any]] = {
    "dimenticato": {"players": 4},
    "malefiz": {"players": 4, "board": "classic"},
    "malefiz-quick": {"game": "malefiz", "players": 4},
    "mojave": {},
    "widget": {"players": 4},
    "wurfweg": {"players": 6},
}

#: The smallest of every clickable place's width and height on the board, in CSS px.
SMALLEST_TAP = """() => Math.min(...[...document.querySelectorAll('#board .clickable')]
  .map((el) => el.getBoundingClientRect()).map((box) => Math.min(box.width, box.height)))"""

PAGE_WIDTH = "document.documentElement.scrollWidth"


def open_table(server: Server, page: Page, name: str) -> None:
    options = dict(TABLES[name])
    game = options.pop("game", name)
    players = options.get("players", 2)
    created = server.table(game, options, ["human"] + ["bot:greedy"] * (players - 1))
    page.goto(f"{server.url}/table.html?id={created['id']}#token={created['seats'][0]['token']}")
    ready(page)


def in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_the_lobby_fits_a_phone_and_shows_the_invite_links(
    server: Server, new_context: Callable[..., BrowserContext], locale: str
) -> None:
    page = new_context(locale=locale).pages[0]
    page.set_viewport_size(PHONE)
    page.goto(server.url + "/")
    ready(page)
    for game in TABLES.keys() - {"malefiz-quick"}:
        page.select_option("#game", game)
        assert page.evaluate(PAGE_WIDTH) <= PHONE["width"], f"the lobby with {game}"
    screenshot(page, f"lobby-phone-{locale}")
    page.select_option("#game", "malefiz")
    page.select_option("#opt-players", "2")
    page.locator("#seats .seat-row").nth(1).locator(".kind").select_option("invite")
    page.click("#create")
    expect(page.locator("#created")).to_be_visible()
    # Scrolled to its top (to within a pixel: layouts place boxes at fractions of one).
    page.wait_for_function("document.getElementById('created').getBoundingClientRect().top > -1")
    assert in_view(page, "#invite-links")  # brought into view after "Create table"
    assert page.evaluate(PAGE_WIDTH) <= PHONE["width"]


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_table_on_800_by_600_and_on_a_phone(server: Server, page: Page, name: str) -> None:
    page.set_viewport_size(SMALL_WINDOW)
    open_table(server, page, name)
    expect(page.locator("#prompt")).not_to_be_empty()
    for part in ("#dice", "#prompt", "#buttons", "#board svg"):
        assert in_view(page, part), f"{part} is not in the 800x600 window"
    assert page.evaluate("document.scrollingElement.scrollTop") == 0
    assert page.evaluate(SMALLEST_TAP) >= 24
    screenshot(page, f"{name}-800x600")

    page.set_viewport_size(PHONE)
    assert page.evaluate(SMALLEST_TAP) >= 24
    for _ in range(6):  # the figures and dice in play, groups and the villain among them
        take_turn(page)
        page.wait_for_timeout(30)
    assert page.evaluate(SMALLEST_TAP) >= 24
    # A board wider than the phone scrolls in its own box: the page keeps its width.
    assert page.evaluate(PAGE_WIDTH) <= PHONE["width"]
    screenshot(page, f"{name}-phone")
