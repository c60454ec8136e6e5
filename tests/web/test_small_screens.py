"""Phones and small windows. On a phone (360x740 and 390x844) every game at every player
count, in English and German, fits the width (no scrolling sideways, the board's box
included), no text in a board is under 11 px, every place to tap is at least 24x24 px and
no two texts of a board overlap (``phone.js``), and the board's English labels begin
with a capital; Dimenticato's value shown for a moment is at least 40 px high. On 800x600
the die, the prompt and the buttons show without scrolling. The lobby fits a phone in
both languages."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from .catalogue import uncatalogued
from .conftest import Server, screenshot
from .phone import PHONES, phone_problems
from .play import click_and_wait, ready

SMALL_WINDOW = {"width": 800, "height": 600}

#: Every game at every player count (Malefiz on both boards), a person against bots.
TABLES: list[tuple[str, dict[str, Any]]] = [
    *[("malefiz", {"players": n}) for n in (2, 3, 4)],
    *[("malefiz", {"players": n, "board": "classic"}) for n in (2, 3, 4)],
    *[("widget", {"players": n}) for n in (2, 3, 4)],
    ("mojave", {}),
    *[("dimenticato", {"players": n}) for n in (2, 3, 4)],
    *[("wurfweg", {"players": n}) for n in (2, 3, 4, 5, 6)],
]


PAGE_WIDTH = "document.documentElement.scrollWidth"


def table_id(table: tuple[str, dict[str, Any]]) -> str:
    game, options = table
    return "-".join([game, *(str(v) for v in options.values())])


def open_table(server: Server, page: Page, game: str, options: dict[str, Any]) -> None:
    players = options.get("players", 2)
    seats = ["human"] + ["bot:greedy"] * (players - 1)
    # Real time: the bots take their time, so the person's dice stay on the board a while.
    delay = 1.0 if game == "wurfweg" else 0.0
    created = server.post(
        "/api/tables", {"game": game, "options": options, "seats": seats, "bot_delay": delay}
    )
    token = created["seats"][0]["token"]
    page.goto(f"{server.url}/table.html?id={created['id']}#token={token}")
    ready(page)


def play_a_little(page: Page, clicks: int) -> None:
    """Make ``clicks`` clicks of this seat, so figures and dice spread on the board."""
    for _ in range(clicks):
        click_and_wait(page, lambda key: 0.0)


def board_problems(page: Page) -> list[str]:
    # The board is drawn anew when the screen turns into a phone's: wait for it.
    page.wait_for_function("document.querySelector('#board svg.board') !== null")
    return phone_problems(page)


def board_texts(page: Page) -> list[str]:
    return list(page.locator("#board svg.board text").all_text_contents())


def in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_every_board_suits_a_phone_in_both_languages(
    server: Server, page: Page, table: tuple[str, dict[str, Any]]
) -> None:
    game, options = table
    page.set_viewport_size(PHONES[0])
    open_table(server, page, game, options)
    play_a_little(page, 0 if game == "wurfweg" else 6)
    for language in ("en", "de"):
        if page.evaluate("document.documentElement.lang") != language:
            page.click("#lang")
            expect(page.locator("body")).to_have_attribute("data-board-language", language)
            # Mid-game, the switch turns everything over: the board, the log, the seats.
            strays = uncatalogued(page, language)
            assert not strays, f"{table_id(table)} after the switch to {language}: {strays}"
        if language == "en":  # a label begins with a capital (coordinates are no label)
            lower = [text for text in board_texts(page) if re.match(r"[a-z]{2}", text)]
            assert not lower, f"{table_id(table)}: labels in lower case: {lower}"
        for phone in PHONES:
            page.set_viewport_size(phone)
            problems = board_problems(page)
            where = f"{table_id(table)} at {phone['width']} px in {language}"
            assert not problems, f"{where}: {json.dumps(problems, ensure_ascii=False, indent=1)}"
    screenshot(page, f"{table_id(table)}-phone")


def test_the_other_pages_suit_a_phone(server: Server, page: Page) -> None:
    """The lobby with a name, a replay, the rules, a leaderboard with players, a profile
    with games: the links and buttons are places to tap too."""
    page.set_viewport_size(PHONES[0])
    page.goto(server.url + "/")
    ready(page)
    page.fill("#player-name", "Phoebe Phone")
    page.click("#keep-name")
    expect(page.locator("#playing-as")).to_be_visible()
    finished = server.bots_game("malefiz", {"players": 2, "round_limit": 4})
    pages = ["/", f"/replay.html?id={finished}", "/rules.html?game=wurfweg"]
    pages += ["/leaderboard.html?game=malefiz", "/profile.html"]
    for path in pages:
        page.goto(server.url + path)
        ready(page)
        for language in ("en", "de"):
            problems = phone_problems(page)
            assert not problems, f"{path} in {language}: {problems}"
            page.click("#lang")


@pytest.mark.parametrize("game", ["malefiz", "widget", "mojave", "dimenticato", "wurfweg"])
def test_a_table_on_800_by_600(server: Server, page: Page, game: str) -> None:
    page.set_viewport_size(SMALL_WINDOW)
    open_table(server, page, game, {"players": 4} if game != "mojave" else {})
    expect(page.locator("#prompt")).not_to_be_empty()
    for part in ("#dice-row", "#prompt", "#buttons", "#board svg"):
        assert in_view(page, part), f"{part} is not in the 800x600 window"
    assert page.evaluate("document.scrollingElement.scrollTop") == 0
    screenshot(page, f"{game}-800x600")


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_the_lobby_fits_a_phone_and_shows_the_invite_links(
    server: Server, new_context: Callable[..., BrowserContext], locale: str
) -> None:
    page = new_context(locale=locale).pages[0]
    page.set_viewport_size(PHONES[0])
    page.goto(server.url + "/")
    ready(page)
    for game in ("malefiz", "widget", "mojave", "dimenticato", "wurfweg"):
        page.select_option("#game", game)
        assert page.evaluate(PAGE_WIDTH) <= PHONES[0]["width"], f"the lobby with {game}"
    screenshot(page, f"lobby-phone-{locale}")
    page.select_option("#game", "malefiz")
    page.select_option("#opt-players", "2")
    page.locator("#seats .seat-row").nth(1).locator(".kind").select_option("invite")
    page.click("#create")
    expect(page.locator("#created")).to_be_visible()
    # Scrolled to its top (to within a pixel: layouts place boxes at fractions of one).
    page.wait_for_function("document.getElementById('created').getBoundingClientRect().top > -1")
    assert in_view(page, "#invite-links")  # brought into view after "Create table"
    assert page.evaluate(PAGE_WIDTH) <= PHONES[0]["width"]


#: Draws a Widget position in the page: the villain and one figure of each of the first
#: ``colours`` seats on ``field``, every other figure in the spaceship.
WIDGET_CROWD = """({field, colours}) => {
  const shown = window.wuerfelwerk.shown.observation;
  const figures = shown.figures.map((places, seat) =>
    places.map((place, i) => (seat < colours && i === 0 ? String(field) : "ship")));
  window.wuerfelwerk.board.update({ ...shown, figures, villain: String(field) });
}"""


def test_the_villain_among_the_figures_suits_a_phone(server: Server, page: Page) -> None:
    """Widget: the villain with a figure on every field, and with one to four colours'
    figures on every start field: no two texts overlap on either phone (he once stood on
    the outer group's number where the ring runs up and down, and on a lone figure's
    number where it slants)."""
    created = server.post(
        "/api/tables", {"game": "widget", "options": {"players": 4}, "seats": ["human"] * 4}
    )
    page.set_viewport_size(PHONES[0])
    page.goto(f"{server.url}/table.html?id={created['id']}#token={created['seats'][0]['token']}")
    ready(page)
    # One figure with the villain on every field (the ring turns under them), and up to
    # four colours on the start fields.
    crowds = [(field, 1) for field in range(52)]
    crowds += [(field, colours) for field in (0, 13, 26, 39) for colours in (2, 3, 4)]
    for phone in PHONES:
        page.set_viewport_size(phone)
        board_problems(page)  # the phone's board is drawn
        for field, colours in crowds:
            crowd = {"field": field, "colours": colours}
            problems = phone_problems(page, WIDGET_CROWD, crowd)
            assert not problems, (phone, crowd, problems)
            drawn = page.locator(f"#board .figure-piece[data-key$=':{field}']")
            expect(drawn).to_have_count(colours)
    phone_problems(page, WIDGET_CROWD, {"field": 13, "colours": 2})
    screenshot(page, "widget-villain-among-colours-phone")
