"""The rules in the browser: a page per game in German and English from the same
numbered rules, opened at the rule an address names, and reached from a refusal."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from .conftest import Server, screenshot
from .play import ready

IN_VIEW = """(id) => {
  const box = document.getElementById(id).getBoundingClientRect();
  return box.top >= 0 && box.top < window.innerHeight;
}"""


@pytest.mark.parametrize(
    ("locale", "title", "words"),
    [
        ("en-GB", "Rules: Malefiz", "Barricades cannot be jumped"),
        ("de-DE", "Spielregeln: Malefiz", "Sperrsteine dürfen nicht übersprungen werden"),
    ],
)
def test_the_rules_page_opens_at_the_rule_in_the_pages_language(
    server: Server,
    new_context: Callable[..., BrowserContext],
    locale: str,
    title: str,
    words: str,
) -> None:
    page = new_context(locale=locale).pages[0]
    page.goto(f"{server.url}/rules.html?game=malefiz#MAL-8")
    ready(page)
    expect(page.locator("#title")).to_have_text(title)
    expect(page.locator("h1")).to_have_text("Malefiz")  # the rules' own heading
    rule = page.locator("#MAL-8")
    expect(rule).to_contain_text(words)
    expect(rule).to_have_class("current-rule")
    assert page.evaluate(IN_VIEW, "MAL-8")
    expect(page.locator(".rules-nav a")).to_have_count(5)
    # A mention of another rule links to it on the same page.
    page.locator("#MAL-10 a[href='#MAL-10']").click()
    expect(page.locator("#MAL-10")).to_have_class("current-rule")
    screenshot(page, f"rules-{locale}")


def test_the_language_switch_turns_the_rules_over(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/rules.html?game=widget#WID-7")
    ready(page)
    expect(page.locator("#WID-7")).to_contain_text("Black and white")
    page.click("#lang")
    expect(page.locator("#WID-7")).to_contain_text("Schwarz und Weiß")
    expect(page.locator("#rules")).to_have_attribute("lang", "de")
    expect(page.locator("#rules h1")).to_have_text("Widget – Das große Würfel-Spiel")
    # The options in the lobby's words, in the page's language.
    expect(page.locator("#WID-6 .option-name")).to_have_text("Schwarz zieht auch eine Figur")


def test_the_rules_speak_to_a_player_in_the_browser(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/rules.html?game=malefiz")
    ready(page)
    text = page.locator("#rules").inner_text()
    # Options and boards as the lobby names them; no command lines, no terminal.
    assert "Capture own figures" in text and "Classic (1960)" in text, text
    for terminal in ("capture_own", "round_limit", "wuerfelwerk", "--board", "terminal"):
        assert terminal not in text, terminal
    page.click("#lang")
    expect(page.locator("#rules")).to_contain_text("Eigene Figuren schlagen")
    expect(page.locator("#rules")).to_contain_text("Klassisch (1960)")
    expect(page.locator("#rules")).not_to_contain_text("Im Terminal")


def test_a_game_without_rules_says_so(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/rules.html?game=chess")
    expect(page.locator("#status")).to_have_text("There are no rules for this game.")
    page.goto(f"{server.url}/rules.html")
    expect(page.locator("#status")).to_have_text("Choose a game to read its rules.")


@pytest.mark.parametrize(
    ("locale", "refusal"),
    [
        ("en-GB", "Rule MAL-3: g5 is not exactly"),
        # The same detail in German as in English.
        ("de-DE", "Regel MAL-3: g5 ist nicht genau"),
    ],
)
def test_a_refusal_links_to_its_rule(
    server: Server, new_context: Callable[..., BrowserContext], locale: str, refusal: str
) -> None:
    page = new_context(locale=locale).pages[0]
    created = server.table("malefiz", {"players": 2}, ["human", "bot:greedy"])
    page.goto(f"{server.url}/table.html?id={created['id']}#token={created['seats'][0]['token']}")
    ready(page)
    expect(page.locator("#board .target").first).to_be_visible()
    page.locator("#board [data-key='g5']").click()  # the die never reaches g5 from the house
    expect(page.locator("#message")).to_contain_text(refusal)
    with page.expect_popup() as opened:
        page.locator("#message a").click()
    rules = opened.value
    rules.wait_for_selector("body[data-ready='true']")
    assert rules.url.endswith("rules.html?game=malefiz#MAL-3")
    expect(rules.locator("#MAL-3")).to_have_class("current-rule")
    assert rules.evaluate(IN_VIEW, "MAL-3")
    assert page.url.startswith(f"{server.url}/table.html")  # the game stays open


@pytest.mark.parametrize(
    ("locale", "refusal"),
    [
        ("en-GB", "Rule MOJ-2: the die on a4 shows 1: it tips exactly 1, not 3"),
        ("de-DE", "Regel MOJ-2: der Würfel auf a4 zeigt 1: er kippt genau um 1, nicht um 3"),
    ],
)
def test_a_refusal_says_as_much_in_german_as_in_english(
    server: Server, new_context: Callable[..., BrowserContext], locale: str, refusal: str
) -> None:
    page = new_context(locale=locale).pages[0]
    created = server.table("mojave", {}, ["human", "bot:greedy"])
    page.goto(f"{server.url}/table.html?id={created['id']}#token={created['seats'][0]['token']}")
    ready(page)
    page.locator("#board [data-key='a4']").click()  # a die showing 1 (MOJ-1)
    page.locator("#board [data-key='a7']").click()  # three fields away
    expect(page.locator("#message")).to_have_text(refusal)
