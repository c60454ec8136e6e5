"""The analysis on a finished game's replay page: the chance chart with the marked
mistakes, blunders and very lucky or unlucky rolls, and the marked moves, in English and
German, on a phone (390 px) and a big screen (1280 px); made once, and the second time
(after a restart of the server) served from the database. The hint at a table against
bots."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from wuerfelwerk.analysis.analyse import analyse
from wuerfelwerk.core import Record

from .catalogue import uncatalogued
from .conftest import Server, screenshot
from .play import ready
from .test_security import RECORD_VIOLATIONS, violations

LOCALES = {"en": "en-GB", "de": "de-DE"}
PAGE_WIDTH = "document.documentElement.scrollWidth"
MISTAKES = ("mistake", "blunder")
LUCK = ("lucky", "unlucky")
#: The seats of the analysed game, its options (25 rolls a seat: some 130 actions, which
#: the analysis judges in a few seconds),
SEATS = ["bot:random", "bot:random"]
PLAYERS = len(SEATS)
OPTIONS = {"players": PLAYERS, "round_limit": 25}
#: and the games played at most to find one with both kinds of marks (three in four
#: games have them).
GAMES = 20


def finished_game(server: Server) -> tuple[str, dict[str, Any]]:
    """A Widget game of two ``random`` seats whose analysis has both kinds of marks for
    the page to show: random's moves are marked, and where the game is close Widget's
    two dice give rolls marked very lucky or unlucky. Now and then a game lacks one kind
    of mark (most often the roll: in a one-sided game no roll moves the chances ten
    points); the analysis is the same wherever it is made from the record (its draws come
    from the record's seed), so it is made here first to choose the game. The table's
    id, and the analysis as JSON."""
    for _ in range(GAMES):
        table = server.bots_game("widget", OPTIONS, SEATS)
        record = Record.from_json(server.get(f"/api/tables/{table}/record"))
        analysis = json.loads(json.dumps(analyse(record).to_json()))
        if first_marked(analysis, MISTAKES) and first_marked(analysis, LUCK):
            return table, analysis
    raise AssertionError(f"none of {GAMES} games of {', '.join(SEATS)} had both marks")


def stored(server: Server, table: str) -> dict[str, Any]:
    """The analysis the server keeps for ``table``."""
    found = server.get(f"/api/tables/{table}/analysis")
    assert found["status"] == "done", found
    return dict(found["analysis"])


def first_marked(analysis: dict[str, Any], marks: tuple[str, ...]) -> dict[str, Any] | None:
    """The first step marked one of ``marks`` (a decision's best move one on the board,
    not Widget's 'villain stays' button)."""
    return next(
        (
            step
            for step in analysis["steps"]
            if step.get("mark") in marks and step.get("best") != "villain stays"
        ),
        None,
    )


def open_replay(
    new_context: Callable[..., BrowserContext],
    server: Server,
    table: str,
    language: str,
    width: int,
) -> Page:
    context = new_context(locale=LOCALES[language])
    page = context.pages[0]
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{server.url}/replay.html?id={table}")
    page.wait_for_selector("body[data-ready='true']")
    return page


def check_analysis(
    page: Page, analysis: dict[str, Any], language: str, width: int, name: str
) -> None:
    """The chart with a line per seat and a mark on it for each marked step, the marked
    moves; a mistake chosen: the replay before it with the best move on the board; a
    lucky or unlucky roll chosen: the replay after it, with its luck in words."""
    expect(page.locator("#analysis-chart")).to_be_visible(timeout=600_000)
    expect(page.locator("#analysis-chart polyline.seat-line")).to_have_count(PLAYERS)
    steps = analysis["steps"]
    for mark in (*MISTAKES, *LUCK):
        marked = [s for s in steps if s.get("mark") == mark]
        expect(page.locator(f"#analysis-chart .marker.mark-{mark}")).to_have_count(len(marked))
        expect(page.locator(f"#analysis-moves li.mark-{mark}")).to_have_count(len(marked))
    expect(page.locator("#analysis-verdict")).not_to_be_empty()
    mistake = first_marked(analysis, MISTAKES)
    assert mistake is not None
    page.locator(f"#analysis-moves button[data-step='{mistake['step']}']").click()
    expect(page.locator("#slider")).to_have_value(str(mistake["step"] - 1))
    expect(page.locator("#board .best-move").first).to_be_attached()
    expect(page.locator("#analysis-detail")).not_to_be_empty()
    roll = first_marked(analysis, LUCK)
    assert roll is not None
    # Chosen from the keyboard: on a phone's chart the marks of near steps overlap.
    page.locator(f"#analysis-chart .marker[data-step='{roll['step']}']").press("Enter")
    expect(page.locator("#slider")).to_have_value(str(roll["step"]))
    expect(page.locator("#board .best-move")).to_have_count(0)
    expect(page.locator("#analysis-detail")).to_contain_text("%")
    assert page.evaluate(PAGE_WIDTH) <= width
    strays = uncatalogued(page, language)
    assert not strays, f"the analysis ({language}) shows words not in the catalogue: {strays}"
    screenshot(page, name)


#: Where the analysis is made (a language, a width), and where it is then served as stored:
#: each language at each width.
MADE = ("en", 1280)
SERVED = [("de", 390), ("en", 390), ("de", 1280)]


def test_the_replay_shows_the_analysis_made_once_and_kept(
    own_server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    table, made_here = finished_game(own_server)
    page = open_replay(new_context, own_server, table, *MADE)
    page.click("#analyse")
    expect(page.locator("#analysis-progress")).to_be_attached()
    expect(page.locator("#analysis-chart")).to_be_visible(timeout=600_000)
    analysis = stored(own_server, table)
    assert analysis == made_here
    check_analysis(page, analysis, *MADE, f"analysis-{MADE[0]}-{MADE[1]}")
    assert page.evaluate("document.body.dataset.analysis") == "computed"
    own_server.kill()
    own_server.start()
    for language, width in SERVED:
        page = open_replay(new_context, own_server, table, language, width)
        # Kept in the database: there at once, with nothing to ask for or wait for.
        assert page.evaluate("document.body.dataset.analysis") == "stored"
        expect(page.locator("#analyse")).to_have_count(0)
        check_analysis(page, analysis, language, width, f"analysis-{language}-{width}")
    assert stored(own_server, table) == analysis


@pytest.mark.parametrize("language", sorted(LOCALES))
def test_a_hint_against_bots_shows_the_best_move(
    server: Server, new_context: Callable[..., BrowserContext], language: str
) -> None:
    created = server.table("malefiz", {"players": 2}, ["human", "bot:greedy"])
    context = new_context(locale=LOCALES[language])
    page = context.pages[0]
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
    table, _ = finished_game(server)
    context = new_context(bypass_csp=False)
    page = context.pages[0]
    page.add_init_script(RECORD_VIOLATIONS)
    page.goto(f"{server.url}/replay.html?id={table}")
    ready(page)
    page.click("#analyse")
    expect(page.locator("#analysis-chart .marker").first).to_be_visible(timeout=600_000)
    mistake = first_marked(stored(server, table), MISTAKES)
    assert mistake is not None
    page.locator(f"#analysis-moves button[data-step='{mistake['step']}']").click()
    expect(page.locator("#board .best-move").first).to_be_attached()
    assert violations(page) == []
    created = server.table("malefiz", {"players": 2}, ["human", "bot:greedy"])
    page.goto(f"{server.url}/table.html?id={created['id']}#token={created['seats'][0]['token']}")
    ready(page)
    page.click("#hint")
    expect(page.locator("#board .hint-move").first).to_be_attached()
    assert violations(page) == []
