"""Accessible to everyone. axe-core (the engine, as axe-playwright-python ships it) finds
no serious or critical fault on any page, in English and German: the lobby, every game's
table mid-game, a replay, the rules, a profile and the leaderboard. A whole Malefiz and a
whole Dimenticato game are played with the keyboard alone (Tab and the arrow keys to a
place, Enter to choose), the focus always visible; a live region says each roll, move
and whose turn it is; every field of every board has a name. With reduced motion asked
for, the lit places stand still."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import BrowserContext, Page, expect

from ..progress import Progress
from .conftest import Server
from .play import ACTIVE, CLICKED, OVER, STEP_MS, click_and_wait, game_over, ready

AXE = Axe()
#: WCAG 2.2 A and AA, and axe's best practices.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
RULES = {"runOnly": {"type": "tag", "values": TAGS}}


def serious_faults(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now."""
    found = AXE.run(page, options=RULES).response["violations"]
    return [
        f"{v['impact']} {v['id']}: {v['help']} at {[n['target'] for n in v['nodes']][:5]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def in_both_languages(page: Page, where: str) -> None:
    """No serious fault on the page in its language, nor after the switch to the other."""
    for _ in range(2):
        language = page.evaluate("document.documentElement.lang")
        faults = serious_faults(page)
        assert not faults, f"{where} ({language}): {faults}"
        page.click("#lang")
        expect(page.locator("html")).not_to_have_attribute("lang", language)


def table(server: Server, game: str, options: dict[str, Any], seats: list[str]) -> str:
    created = server.post("/api/tables", {"game": game, "options": options, "seats": seats})
    return f"{server.url}/table.html?id={created['id']}#token={created['seats'][0]['token']}"


@pytest.mark.parametrize("game", ["malefiz", "widget", "mojave", "dimenticato", "wurfweg"])
def test_a_table_mid_game_has_no_serious_fault(server: Server, page: Page, game: str) -> None:
    options = {} if game == "mojave" else {"players": 3}
    seats = ["human"] + ["bot:greedy"] * (options.get("players", 2) - 1)
    page.goto(table(server, game, options, seats))
    ready(page)
    if game != "wurfweg":  # in real time the bots move everything on meanwhile anyway
        for _ in range(3):
            click_and_wait(page, lambda key: 0.0)
    in_both_languages(page, f"the {game} table")
    # Every field has a name a screen reader says.
    unnamed = page.evaluate(
        "[...document.querySelectorAll('#board .clickable')]"
        ".filter((el) => !(el.getAttribute('aria-label') || '').trim()).length"
    )
    assert unnamed == 0
    if game == "malefiz":  # a field says what stands on it, in the page's language
        expect(
            page.locator("#board [aria-label^='field '][aria-label*=', barricade']").first
        ).to_be_attached()
        page.click("#lang")
        expect(
            page.locator("#board [aria-label^='Feld '][aria-label*=', Sperrstein']").first
        ).to_be_attached()


def test_the_other_pages_have_no_serious_fault(
    server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    page = new_context().pages[0]
    page.goto(server.url + "/")
    ready(page)
    page.fill("#player-name", "Ada Access")
    page.click("#keep-name")
    expect(page.locator("#playing-as")).to_be_visible()
    in_both_languages(page, "the lobby")
    finished = server.bots_game("malefiz", {"players": 2, "round_limit": 4})
    for path in (
        f"/replay.html?id={finished}",
        "/rules.html?game=malefiz",
        "/leaderboard.html?game=malefiz",
        "/profile.html",
    ):
        page.goto(server.url + path)
        ready(page)
        in_both_languages(page, path)


#: Records every text the live region says.
LISTEN = """() => {
  window.said = [];
  const region = document.getElementById('announce');
  new MutationObserver(() => window.said.push(region.textContent))
    .observe(region, { childList: true, subtree: true, characterData: true });
}"""

#: The element with the focus: on a lit place of the board or a button of the game.
FOCUS = """() => {
  const el = document.activeElement;
  if (!el.matches('#board .target[tabindex="0"], #buttons button[data-action]')) return null;
  // A visible focus: the ring of a board place (a solid stroke), or a button's outline.
  const ring = el.closest('#board') ? el.querySelector('.hit, .spot, .house-box') : el;
  const style = getComputedStyle(ring);
  const stroke = parseFloat(style.strokeWidth) >= 3 && style.stroke !== 'none'
    && style.strokeDasharray === 'none';
  const outline = parseFloat(style.outlineWidth) >= 2 && style.outlineStyle !== 'none';
  const visible = el.matches(':focus-visible') && (stroke || outline);
  return { visible, key: el.dataset.key || el.dataset.action };
}"""

#: The game is over, or this screen may act (``ACTIVE`` as the argument).
CAN_ACT = f"(active) => {OVER} || !!document.querySelector(active)"


def play_by_keyboard(page: Page) -> int:
    """Play this screen's seat to the end with the keyboard alone: Tab (and now and then
    an arrow key) to a place or button of the game, Enter to choose it. Returns the
    choices made."""
    choices = 0
    arrowed = -1
    progress = Progress("the game by keyboard")
    while True:
        progress.check(choices)
        page.wait_for_function(CAN_ACT, arg=ACTIVE, timeout=STEP_MS)
        if game_over(page):
            return choices
        focus = page.evaluate(FOCUS)
        for _ in range(60):
            if focus is not None:
                break
            page.keyboard.press("Tab")
            focus = page.evaluate(FOCUS)
        if focus is None:
            continue  # the turn passed meanwhile (a bot's answer came in)
        if choices % 3 == 1 and arrowed != choices:  # the arrow keys go from place to place
            arrowed = choices
            page.keyboard.press("ArrowDown")
            focus = page.evaluate(FOCUS)
            if focus is None:
                continue  # on the place picked already: Tab goes on from there
        assert focus["visible"], f"the focus on {focus['key']} is not visible"
        before = page.evaluate(CLICKED)
        page.keyboard.press("Enter")
        page.wait_for_function(
            f"(before) => {CLICKED} !== before || {OVER}",
            arg=before,
            timeout=STEP_MS,
        )
        choices += 1


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("malefiz", {"players": 2, "round_limit": 8}),
        ("dimenticato", {"players": 2, "round_limit": 6}),
    ],
)
def test_a_whole_game_by_keyboard_alone_with_its_moves_said(
    server: Server, page: Page, game: str, options: dict[str, Any]
) -> None:
    page.goto(table(server, game, options, ["human", "bot:greedy"]))
    ready(page)
    page.evaluate(LISTEN)
    assert play_by_keyboard(page) > 5
    expect(page.locator("#end")).to_be_visible()
    said = " ".join(page.evaluate("window.said"))
    # The live region said the rolls, the moves and whose turn it was.
    if game == "malefiz":
        assert "rolls a" in said and (" moves " in said or "brings a figure" in said), said
    else:
        assert " → " in said and "names the value" in said, said
    assert "Your turn (Red)" in said, said
    assert not serious_faults(page)  # the end, with its dialog open


@pytest.mark.parametrize(("motion", "animation"), [("no-preference", "pulse"), ("reduce", "none")])
def test_the_lit_places_pulse_only_where_motion_is_allowed(
    server: Server, new_context: Callable[..., BrowserContext], motion: str, animation: str
) -> None:
    page = new_context(motion=motion).pages[0]
    page.goto(table(server, "malefiz", {"players": 2}, ["human", "bot:greedy"]))
    ready(page)
    lit = page.locator("#board .target .spot, #board .target .house-box").first
    expect(lit).to_be_attached()
    assert lit.evaluate("(el) => getComputedStyle(el).animationName") == animation
