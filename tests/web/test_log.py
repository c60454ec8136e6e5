"""The table's log as the page keeps it (``LogList`` in js/table-log.js): an action adds its
lines without drawing the others anew, the oldest go once the list is full, and whatever
changed otherwise (a line's words, the board, another language) is drawn anew; the list
always says what a list drawn from nothing would say."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from .conftest import Server
from .play import CLICKED, ready, take_turn

#: Shows each list of lines in turn in a log of ``limit`` lines; after each, the texts
#: shown and, per line, whether it is the very node shown before under the same text.
SHOW = """async ({ steps, limit }) => {
  const { LogList } = await import('/js/table-log.js');
  const list = document.createElement('ol');
  document.body.append(list);
  const log = new LogList(list, limit);
  const boards = { a: { name: 'a' }, b: { name: 'b' } };
  const seen = [];
  for (const { lines, board } of steps) {
    const before = new Map([...list.children].map((item) => [item.textContent, item]));
    log.show(lines.map(([key, words]) => ({ key, words })), boards[board]);
    const kept = (item) => before.get(item.textContent) === item;
    seen.push([...list.children].map((item) => [item.textContent, kept(item)]));
  }
  list.remove();
  return seen;
}"""


def show(page: Page, steps: list[tuple[list[tuple[str, str]], str]], limit: int = 3) -> Any:
    return page.evaluate(
        SHOW,
        {"steps": [{"lines": lines, "board": board} for lines, board in steps], "limit": limit},
    )


def test_new_lines_are_added_and_the_old_ones_kept(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/")
    one, two, three, four = ("1", "one"), ("2", "two"), ("3", "three"), ("4", "four")
    seen = show(page, [([one], "a"), ([one, two], "a"), ([one, two], "a"), ([], "a")])
    assert seen == [
        [["one", False]],
        [["one", True], ["two", False]],
        [["one", True], ["two", True]],
        [],  # a log that starts again (a rematch's first state) empties the list
    ]
    # Full: the oldest line goes, the others stay as they were.
    seen = show(page, [([one, two, three], "a"), ([one, two, three, four], "a")])
    assert seen[-1] == [["two", True], ["three", True], ["four", False]]


def test_what_else_changed_is_drawn_anew(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/")
    one, two = ("1", "one"), ("2", "two")
    # The same key in other words (a line the game words anew), another board (another
    # language), a line taken back (an undo): every line is made again.
    seen = show(
        page,
        [
            ([one, two], "a"),
            ([one, ("2", "two, again")], "a"),
            ([one, ("2", "two, again")], "b"),
            ([one], "b"),
        ],
    )
    assert seen[1] == [["one", False], ["two, again", False]]
    assert seen[2] == [["one", False], ["two, again", False]]
    assert seen[3] == [["one", False]]


@pytest.mark.parametrize("game", ["malefiz", "widget"])
def test_a_reload_draws_as_many_log_lines_and_names_the_same_rollers(
    server: Server, page: Page, game: str
) -> None:
    """Who rolled is named from the seat that acted next once the position after the roll
    is gone: a reload sends the whole log with today's position only. (What only the
    positions tell, a capture or where a figure went, a reload cannot say again.)"""
    created = server.table(game, {"players": 2}, ["human", "bot:greedy"])
    page.goto(f"{server.url}/table.html?id={created['id']}#token={created['seats'][0]['token']}")
    ready(page)
    page.wait_for_selector("#log li")
    # A log too short to hold its lines: the newest must be scrolled into sight.
    page.evaluate("document.getElementById('log').style.maxHeight = '3em'")
    page.evaluate("document.querySelector('#log li').classList.add('first-seen')")
    for _ in range(4):  # the player's moves and the bot's, each adding its lines
        page.wait_for_selector("#board .target[tabindex='0'], #buttons button[data-action]")
        before = page.evaluate(CLICKED)
        if take_turn(page):
            page.wait_for_function(f"(before) => {CLICKED} !== before", arg=before)
    page.wait_for_selector("#board .target[tabindex='0'], #buttons button[data-action]")
    lines = page.locator("#log li").all_inner_texts()
    rolls = [line for line in lines if " rolls " in line]
    assert len(lines) > 4 and len(rolls) >= 2
    # The first line is the node drawn at the start; the newest line is in sight.
    assert page.locator("#log li").first.get_attribute("class") == "first-seen"
    page.wait_for_function(
        "(() => { const log = document.getElementById('log');"
        " return log.scrollTop + log.clientHeight >= log.scrollHeight - 1; })()"
    )
    page.reload()
    ready(page)
    again = page.locator("#log li").all_inner_texts()
    assert len(again) == len(lines)
    assert [line for line in again if " rolls " in line] == rolls
