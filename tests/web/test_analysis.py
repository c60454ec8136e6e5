"""The analysis on a finished game's replay page: the chance chart with its marks and the
marked moves, in English and German, on a phone (390 px) and a big screen (1280 px);
made once, and the second time (after a restart of the server) served from the
database. The hint at a table against bots."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from .catalogue import uncatalogued
from .conftest import Server, screenshot
from .play import ready
from .test_security import RECORD_VIOLATIONS, violations

LOCALES = {"en": "en-GB", "de": "de-DE"}
PAGE_WIDTH = "document.documentElement.scrollWidth"


def finished_game(server: Server) -> str:
    """A short Malefiz game of ``random`` against ``greedy``: random's moves get marks."""
    created = server.table(
        "malefiz", {"players": 2, "board": "quick"}, ["bot:random", "bot:greedy"]
    )
    deadline = time.monotonic() + 120
    while server.get(f"/api/tables/{created['id']}")["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    return str(created["id"])


def open_replay(
    new_context: Callable[..., BrowserContext],
    server: Server,
    table: str,
    language: str,
    width: int,
) -> Page:
    context = new_context(locale=LOCALES[language])
    page = context.pages[0] if context.pages else context.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{server.url}/replay.html?id={table}")
    page.wait_for_selector("body[data-ready='true']")
    return page


def check_analysis(page: Page, language: str, width: int, name: str) -> None:
    """The chart with a line per seat and marks on it, the marked moves, and a move
    chosen: the replay at its position with the best move on the board."""
    expect(page.locator("#analysis-chart")).to_be_visible(timeout=600_000)
    expect(page.locator("#analysis-chart polyline.seat-line")).to_have_count(2)
    assert page.locator("#analysis-chart .marker").count() >= 1
    assert page.locator("#analysis-moves .badge").count() >= 1
    expect(page.locator("#analysis-verdict")).not_to_be_empty()
    marked = page.locator("#analysis-moves li.marked button").first
    step = int(marked.get_attribute("data-step") or 0)
    marked.click()
    expect(page.locator("#slider")).to_have_value(str(step - 1))
    expect(page.locator("#board .best-move").first).to_be_attached()
    expect(page.locator("#analysis-detail")).not_to_be_empty()
    assert page.evaluate(PAGE_WIDTH) <= width
    strays = uncatalogued(page, language)
    assert not strays, f"the analysis ({language}) shows words not in the catalogue: {strays}"
    screenshot(page, name)


@pytest.mark.parametrize(
    ("first", "second"), [(("en", 1280), ("de", 390)), (("de", 390), ("en", 1280))]
)
def test_the_replay_shows_the_analysis_made_once_and_kept(
    own_server: Server,
    new_context: Callable[..., BrowserContext],
    first: tuple[str, int],
    second: tuple[str, int],
) -> None:
    table = finished_game(own_server)
    page = open_replay(new_context, own_server, table, *first)
    page.click("#analyse")
    expect(page.locator("#analysis-progress")).to_be_attached()
    check_analysis(page, *first, f"analysis-{first[0]}-{first[1]}")
    assert page.evaluate("document.body.dataset.analysis") == "computed"
    own_server.kill()
    own_server.start()
    page = open_replay(new_context, own_server, table, *second)
    # Kept in the database: there at once, with nothing to ask for or wait for.
    assert page.evaluate("document.body.dataset.analysis") == "stored"
    expect(page.locator("#analyse")).to_have_count(0)
    check_analysis(page, *second, f"analysis-{second[0]}-{second[1]}")


@pytest.mark.parametrize("language", sorted(LOCALES))
def test_a_hint_against_bots_shows_the_best_move(
    server: Server, new_context: Callable[..., BrowserContext], language: str
) -> None:
    created = server.table("malefiz", {"players": 2}, ["human", "bot:greedy"])
    context = new_context(locale=LOCALES[language])
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(f"{server.url}/table.html?id={created['id']}#token={created['seats'][0]['token']}")
    ready(page)
    expect(page.locator("#hint")).to_be_visible()
    page.click("#hint")
    expect(page.locator("#hint-text")).to_contain_text("%")
    expect(page.locator("#board .hint-move").first).to_be_attached()
    assert not uncatalogued(page, language)


def test_the_analysis_and_the_hint_keep_to_the_content_security_policy(
    server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    table = finished_game(server)
    context = new_context(bypass_csp=False)
    page = context.pages[0] if context.pages else context.new_page()
    page.add_init_script(RECORD_VIOLATIONS)
    page.goto(f"{server.url}/replay.html?id={table}")
    ready(page)
    page.click("#analyse")
    expect(page.locator("#analysis-chart .marker").first).to_be_visible(timeout=600_000)
    page.locator("#analysis-moves li.marked button").first.click()
    expect(page.locator("#board .best-move").first).to_be_attached()
    assert violations(page) == []
    created = server.table("malefiz", {"players": 2}, ["human", "bot:greedy"])
    page.goto(f"{server.url}/table.html?id={created['id']}#token={created['seats'][0]['token']}")
    ready(page)
    page.click("#hint")
    expect(page.locator("#board .hint-move").first).to_be_attached()
    assert violations(page) == []
