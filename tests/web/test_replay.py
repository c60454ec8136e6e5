"""Replays: a finished game watched step by step from its record, with the slider, the
step buttons and the arrow keys."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import Server, screenshot

#: The board as drawn, without the values that show for a moment (Dimenticato).
BOARD = """() => {
  const board = document.getElementById('board').cloneNode(true);
  board.querySelectorAll('.reveal').forEach((el) => el.remove());
  return board.innerHTML;
}"""

#: Games with two bots, short.
GAMES = {
    "malefiz": {"players": 2, "round_limit": 15},
    "dimenticato": {"players": 2, "round_limit": 15},
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_replay_of_a_finished_game(server: Server, page: Page, game: str) -> None:
    table = server.bots_game(game, GAMES[game])
    steps = server.get(f"/api/tables/{table}")["version"]
    page.goto(f"{server.url}/replay.html?id={table}")
    page.wait_for_selector("body[data-ready='true']")
    expect(page.locator("#step")).to_have_text(f"Step 0 of {steps}")
    start = page.evaluate(BOARD)
    for _ in range(3):
        page.click("#next")
    expect(page.locator("#step")).to_have_text(f"Step 3 of {steps}")
    page.click("#prev")
    expect(page.locator("#step")).to_have_text(f"Step 2 of {steps}")
    if game == "malefiz":  # step 2 is the first move: red's figure out of the house
        expect(page.locator("#dice .die-box")).to_be_visible()  # the die it moved by
        expect(page.locator("#board .last-move")).to_have_count(1)  # where it went
        # The step's log line, marked in the log and shown beside the step count.
        expect(page.locator("#log li.current")).to_have_count(1)
        expect(page.locator("#current")).to_have_text(page.locator("#log li").last.inner_text())
    page.locator("#slider").fill(str(steps // 2))
    expect(page.locator("#step")).to_have_text(f"Step {steps // 2} of {steps}")
    assert page.evaluate(BOARD) != start
    screenshot(page, f"replay-{game}")
    page.click("#last")
    expect(page.locator("#step")).to_have_text(f"Step {steps} of {steps}")
    expect(page.locator("#result")).not_to_be_empty()
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#step")).to_have_text(f"Step {steps - 1} of {steps}")
    page.keyboard.press("Home")
    expect(page.locator("#step")).to_have_text(f"Step 0 of {steps}")
    assert page.evaluate(BOARD) == start
    frames = server.get(f"/api/tables/{table}/replay")["frames"]
    lifted = [n for n, frame in enumerate(frames) if "moment" in frame]
    assert bool(lifted) == (game == "dimenticato")
    if lifted:  # the game is over: what a name showed stands on its step
        page.locator("#slider").fill(str(lifted[0]))
        (field, value), *_ = frames[lifted[0]]["moment"]["reveal"].items()
        expect(page.locator(f"#board .reveal[data-field='{field}']")).to_have_text(str(value))
        page.click("#next")
        expect(page.locator("#board .reveal")).to_have_count(1 if lifted[0] + 1 in lifted else 0)


def test_replay_of_a_game_still_running_says_so(server: Server, page: Page) -> None:
    created = server.table("malefiz", {"players": 2}, ["human", "bot:greedy"])
    page.goto(f"{server.url}/replay.html?id={created['id']}")
    expect(page.locator("#status")).to_contain_text("not finished yet")
