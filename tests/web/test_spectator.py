"""A spectator sees no private view: Dimenticato's covered values are never drawn, and
no frame the spectator's page receives carries a covered value or another seat's action."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page

from .conftest import Server, screenshot
from .play import ready, version


def test_spectator_of_dimenticato_sees_no_covered_value(server: Server, page: Page) -> None:
    created = server.post(
        "/api/tables",
        {
            "game": "dimenticato",
            # A round limit bounds the game: a few run to a thousand actions without.
            "options": {"players": 2, "round_limit": 20},
            "seats": ["bot:greedy", "bot:greedy"],
            "bot_delay": 0.05,
        },
    )
    frames: list[dict[str, Any]] = []
    page.on(
        "websocket",
        lambda ws: ws.on("framereceived", lambda payload: frames.append(json.loads(payload))),
    )
    page.goto(f"{server.url}/table.html?id={created['id']}")
    ready(page)
    page.wait_for_selector("#board .reveal")  # a value shows briefly as a figure is lifted
    page.wait_for_function("Number(document.body.dataset.version) > 40")
    # The brief reveals are over: with a move every 0.05 s that is about the end of the
    # game, which a busy machine takes longer to reach.
    page.wait_for_function("!document.querySelector('.reveal')", timeout=60_000)
    screenshot(page, "dimenticato-spectator")

    def covered(observation: dict[str, Any]) -> list[str]:
        """Fields under figures; a figure lifted to move shows its value (ours, DIM-5)."""
        lifted = observation["chosen"] if observation["phase"] == "destination" else None
        return [f for seat in observation["figures"] for f in seat if f != lifted]

    states = [frame for frame in frames if frame["type"] == "state"]
    assert len(states) > 10
    for frame in states:
        assert frame["seat"] is None and frame["legal_actions"] == []
        assert all(entry["action"] is None for entry in frame["log"] if entry["seat"] >= 0)
        observation = frame["observation"]
        for field in covered(observation):
            assert observation["values"].get(field) is None, (frame["version"], field)

    shown = page.evaluate("window.wuerfelwerk.shown.observation")
    assert covered(shown)
    for field in covered(shown):
        cell = page.locator(f"#board [data-key='{field}']")
        assert cell.locator(".value").count() == 0
        assert "covered" in (cell.get_attribute("aria-label") or "")
    # Uncovered fields do show their value.
    free = [f for f, v in shown["values"].items() if v is not None]
    assert page.locator(f"#board [data-key='{free[0]}'] .value").text_content() == str(
        shown["values"][free[0]]
    )
    assert version(page) > 40
