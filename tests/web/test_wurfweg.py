"""Wurf & Weg at the table: the status line says what is happening in every phase, in
real time when everybody acts at once. The bots' paces make the order certain, whatever
the machine's speed: one never places a die (so the person calls stop first), one is
quick, one never rolls (so a round waits for it). A stop's badge suits a phone, at the
table of six too."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from ..progress import Progress
from .conftest import Server, _serve
from .phone import PHONES, phone_problems
from .play import click_and_wait, ready

#: Rolls and never places a die: it never calls stop.
NEVER_PLACES = "bot:bot:roll=1,place=1,spread=0,miss=1"
#: Gets rid of its dice at once and calls stop.
QUICK = "bot:bot:roll=0.05,place=0.05,spread=0,miss=0"
#: Waits ten minutes before each roll: a round waits for it.
NEVER_ROLLS = "bot:bot:roll=600,place=600,spread=0"

CALM_ROLLS = 3


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    """A server that seats bots of any pace (the lobby offers only the levels)."""
    yield from _serve({"WUERFELWERK_ANY_BOT": "true"})


SITUATION = """() => {
  const o = window.wuerfelwerk.shown.observation;
  const status = document.getElementById('status').textContent;
  return { phase: o.phase, round: o.round, stopper: o.stopper, active: o.active_players,
           calm: o.players.map((p) => p.calm_rolls), status };
}"""


def open_table(server: Server, page: Page, seats: list[str], options: dict[str, Any]) -> None:
    created = server.post(
        "/api/tables",
        {"game": "wurfweg", "options": {"players": len(seats), **options}, "seats": seats},
    )
    token = created["seats"][0]["token"]
    page.goto(f"{server.url}/table.html?id={created['id']}#token={token}")
    ready(page)


def situation(page: Page) -> dict[str, Any]:
    return dict(page.evaluate(SITUATION))


#: This seat (0) has called stop.
STOPPED = "window.wuerfelwerk.shown.observation.stopper === 0"
#: This seat (0) has nothing more to do this round.
DONE = "!window.wuerfelwerk.shown.observation.active_players.includes(0)"


def race_to_stop(page: Page) -> dict[str, Any]:
    """Roll and place every matching die until this seat (0) has none and calls stop (a
    click's answer may come after the bot's actions: the stop may show only once the next
    click is awaited, which then must not wait for the next round)."""
    progress = Progress("the race to stop")
    while (now := situation(page))["phase"] != "calm" or now["stopper"] != 0:
        progress.check(repr(now))
        click_and_wait(page, lambda key: 0.0, until=STOPPED)
    return now


def test_the_status_after_ones_own_stop_and_from_round_to_round(server: Server, page: Page) -> None:
    page.set_viewport_size(PHONES[0])  # on a phone, where the board is tightest
    open_table(server, page, ["human", NEVER_PLACES], {"round_limit": 2})
    page.click("#lang")  # in German
    status = page.locator("#status")
    expect(status).to_have_text(
        re.compile(r"^Runde 1: alle gleichzeitig! Das Glückssymbol ist [^.]+\.$")
    )
    for round_ in (1, 2):
        # The stop: what happens now, and how often the others still roll.
        stopped = race_to_stop(page)
        left = max(CALM_ROLLS - stopped["calm"][s] for s in stopped["active"])
        times = "einmal" if left == 1 else f"{left}-mal"
        assert stopped["status"] == (
            f"Stopp! Die anderen würfeln noch {times}, in Ruhe; nur das Glückssymbol zählt."
        ), stopped
        assert page.locator("#board .stop-mark").text_content() == "STOPP"
        assert page.locator("#legend").text_content().endswith("hat Stopp gerufen")
        # The STOPP badge lies on the coaster, clear of the name and the coasters won.
        for phone in PHONES:
            page.set_viewport_size(phone)
            problems = phone_problems(page)
            assert not problems, (phone, problems)
        if round_ == 1:
            expect(status).to_have_text(re.compile(r"^Runde 2: alle gleichzeitig! "))
    # The round limit ends the game after round 2: the status names the winner.
    expect(status).to_have_text(re.compile(r"^Spieler 1 hat gewonnen"))
    assert page.locator("#prompt").text_content() == ""


def calm_status(now: dict[str, Any]) -> str:
    """What the status says to seat 0 after player 2's stop, for the state ``now``."""
    if 0 not in now["active"]:
        return "Player 2 called stop; your calm rolls are done. The others roll on."
    left = CALM_ROLLS - now["calm"][0]
    rolls = "your last calm roll" if left == 1 else f"your calm rolls, {left} left"
    return f"Player 2 called stop: {rolls}. Only the lucky symbol counts."


def test_the_status_of_a_player_after_anothers_stop(server: Server, page: Page) -> None:
    open_table(server, page, ["human", QUICK, NEVER_ROLLS], {})
    status = page.locator("#status")
    # The quick bot calls stop; this seat rolls calmly (and may lose dice to the tray on
    # the way), then waits for the bot that never rolls.
    expect(status).to_have_text(calm_status({"active": [0], "calm": [0]}))
    said = set()
    while True:
        now = situation(page)
        assert now["phase"] == "calm" and now["stopper"] == 1, now
        assert now["status"] == calm_status(now), now
        said.add(now["status"])
        if 0 not in now["active"]:
            break
        click_and_wait(page, lambda key: 0.0, until=DONE)
    assert len(said) >= 2, said
    expect(page.locator("#buttons button[data-action]")).to_have_count(0)


def test_a_stop_at_a_table_of_six_suits_a_phone(server: Server, page: Page) -> None:
    """Six coasters on the narrowest phone, one with the stop badge: in both languages
    nothing overlaps, nothing is too small, nothing scrolls sideways."""
    page.set_viewport_size(PHONES[0])
    open_table(server, page, ["human", QUICK, *[NEVER_ROLLS] * 4], {})
    page.wait_for_function("window.wuerfelwerk.shown.observation.stopper === 1", timeout=60_000)
    for language in ("en", "de"):
        if language == "de":
            page.click("#lang")
            expect(page.locator("body")).to_have_attribute("data-board-language", "de")
        expect(page.locator("#board .stop-mark")).to_have_text(
            "STOP" if language == "en" else "STOPP"
        )
        for phone in PHONES:
            page.set_viewport_size(phone)
            problems = phone_problems(page)
            assert not problems, (language, phone, problems)
