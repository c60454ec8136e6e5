"""Playing through the page as a person does: click lit-up places until the game ends."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from ..progress import STALL, Progress

_LIT = "() => [...document.querySelectorAll('#board .target')].map((el) => el.dataset.key)"

#: How a test player values a place it may click (higher first): per game.
Preference = Callable[[str], float]


def nearer_the_top(key: str) -> float:
    """Malefiz: the field's row (``g10`` -> 10); the house counts as row 0."""
    digits = "".join(ch for ch in key if ch.isdigit())
    return float(digits) if digits else 0.0


def ready(page: Page) -> None:
    page.wait_for_selector("body[data-ready='true']")


def version(page: Page) -> int:
    return int(page.evaluate("Number(document.body.dataset.version)"))


#: The end screen is open.
OVER = "document.getElementById('end').open"


def game_over(page: Page) -> bool:
    return bool(page.evaluate(OVER))


def take_turn(page: Page, prefer: Preference = nearer_the_top) -> bool:
    """Click one lit-up place or a button of the seat on turn; False if nothing to do."""
    lit = page.evaluate(_LIT)
    if lit:
        key = max(lit, key=prefer)
        # A piece standing on a lit field takes the click and hands it on, as for a person.
        try:
            page.locator(f"#board [data-key={json.dumps(key)}]").first.click(
                force=True, timeout=2000
            )
        except PlaywrightError:  # in real time the place may be gone again: a miss
            return False
        return True
    buttons = page.locator("#buttons button[data-action]")
    if buttons.count() and not game_over(page):
        try:
            buttons.first.click(timeout=2000)
        except PlaywrightError:  # the next state replaced the button meanwhile
            return False
        return True
    return False


#: What changes with a click: the table's version, or the places picked so far.
CLICKED = "`${document.body.dataset.version} ${window.wuerfelwerk.choices.picked}`"


#: How long one step may take (the others' moves until this screen may act, the server's
#: answer to a click): as long as a stalled game may, however slowly the machine plays.
STEP_MS = STALL * 1000


#: What this screen may click now: a lit place or a button of its own.
ACTIVE = "#board .target[tabindex='0'], #buttons button[data-action]"


def click_and_wait(page: Page, prefer: Preference = nearer_the_top, until: str = "") -> bool:
    """Wait until this screen may act, take one click of it and wait until the page took
    it in (a new version, or a place picked); False if there was nothing to click.

    ``until``: a condition (JavaScript) that ends the wait without a click. In real time
    others act meanwhile: what a test read a moment ago may be over by now (its own stop,
    its last calm roll), and then this screen may not act again for a long time."""
    if until:
        page.wait_for_function(
            f"(active) => ({until}) || !!document.querySelector(active)",
            arg=ACTIVE,
            timeout=STEP_MS,
        )
        if page.evaluate(f"() => Boolean({until})"):
            return False
    else:
        page.wait_for_selector(ACTIVE, timeout=STEP_MS)
    before = page.evaluate(CLICKED)
    if not take_turn(page, prefer):
        return False
    page.wait_for_function(f"(before) => {CLICKED} !== before", arg=before, timeout=STEP_MS)
    return True


def play_until_over(page: Page, prefer: Preference = nearer_the_top) -> int:
    """Play every turn of this screen by clicks until the end screen; returns the clicks.
    Each click waits for the page to take it in, and the game fails only once nothing
    happens on the page any more (however slowly the machine plays)."""
    clicks = 0
    progress = Progress("the game")
    while not game_over(page):
        progress.check(page.evaluate(CLICKED))
        if click_and_wait(page, prefer, until=OVER):
            clicks += 1
    return clicks


def report_load(page: Page, game: str) -> None:
    """Print the table page's weight and the time from navigation to a playable board."""
    load_ms = int(page.evaluate("Number(document.body.dataset.loadMs)"))
    weight = page_weight(page)
    print(
        f"\n{game} table page: {weight['bytes']} bytes in {weight['files']} files, "
        f"playable {load_ms} ms after navigation"
    )


def page_weight(page: Page) -> dict[str, Any]:
    """Bytes transferred for the page and what it loaded, and the resource count."""
    return dict(
        page.evaluate(
            """() => {
  const entries = [...performance.getEntriesByType("navigation"),
    ...performance.getEntriesByType("resource")];
  return {bytes: entries.reduce((sum, e) => sum + (e.transferSize || e.encodedBodySize || 0), 0),
          files: entries.length};
}"""
        )
    )
