"""Dimenticato in the browser: a value lifted to be named shows for a moment, large enough
to read on a phone, and is covered again before the player's next decision, however
quickly the bot answers; no undo reaches back past it (DIM-5)."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page

from .conftest import Server
from .play import ready

#: Counts the values shown, and, on every change of the page, whether a decision was
#: offered while a value was still shown.
WATCH = """() => {
  window.fairness = { shown: 0, offeredWhileShown: 0, lowest: Infinity };
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (node.classList && node.classList.contains('reveal')) {
          window.fairness.shown += 1;
          const value = node.querySelector('.reveal-value').getBoundingClientRect().height;
          window.fairness.lowest = Math.min(window.fairness.lowest, value);
        }
      }
    }
    const board = document.getElementById('board');
    const shown = board.querySelectorAll('.reveal').length > 0;
    const lit = board.querySelectorAll(".target[tabindex='0']").length;
    const buttons = document.querySelectorAll('#buttons button[data-action]').length;
    if (shown && (lit || buttons)) window.fairness.offeredWhileShown += 1;
  }).observe(document.body, { subtree: true, childList: true, attributes: true });
}"""

LIT = "#board .target[tabindex='0']"


def test_a_shown_value_is_large_and_covered_before_the_next_decision(
    server: Server, page: Page
) -> None:
    # A phone, and four players: the largest board, its fields smallest on the screen.
    page.set_viewport_size({"width": 360, "height": 740})
    created = server.post(
        "/api/tables",
        {
            "game": "dimenticato",
            "options": {"players": 4},
            "seats": ["human", "bot:greedy", "bot:greedy", "bot:greedy"],
            "bot_delay": 0,
        },
    )
    moments: list[dict[str, Any]] = []

    def keep(payload: str | bytes) -> None:
        message = json.loads(payload)
        if message["type"] == "moment":
            moments.append(message)

    page.on("websocket", lambda ws: ws.on("framereceived", keep))
    token = created["seats"][0]["token"]
    page.goto(f"{server.url}/table.html?id={created['id']}#token={token}")
    ready(page)
    page.evaluate(WATCH)
    named = 0
    while named < 3:
        page.wait_for_selector(LIT, timeout=30_000)
        if page.evaluate("window.wuerfelwerk.shown.observation.phase") != "name":
            page.locator(LIT).first.click(force=True)
            continue
        # The first die of the picker names 1: mostly wrong, so the value shows.
        page.locator(LIT).first.click(force=True)
        named += 1
        page.wait_for_selector(LIT, timeout=30_000)
        # The name was the last decision: no undo reaches back past what it showed.
        assert page.locator("#undo").count() == 0
    mine = [m for m in moments if m["moment"]["seat"] == 0]
    theirs = [m for m in moments if m["moment"]["seat"] != 0]
    assert len(mine) == 3 and theirs, moments
    fairness = page.evaluate("window.fairness")
    assert fairness["shown"] >= len(moments)
    assert fairness["offeredWhileShown"] == 0
    # Shown large, over the field, not as a corner badge (at least 40 px high).
    assert fairness["lowest"] >= 40, fairness
