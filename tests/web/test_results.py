"""The end of a game in words, as the table and replay pages show it: every winner named,
a shared win told apart from a draw (Wurf & Weg, WUW-10), the places as ordinals."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from ..wurfweg.conftest import TOGETHER, apply, before_winning_together
from .conftest import Server

HEADLINE = """async (outcome) => {
  const { resultLines } = await import('/js/view.js');
  const board = { seatLook: (seat) => ({ name: ['p1', 'p2'][seat] }) };
  return resultLines({ outcome }, board).headline;
}"""

PLACES = """async (outcome) => {
  const { resultLines } = await import('/js/view.js');
  const board = { seatLook: (seat) => ({ name: ['p1', 'p2', 'p3'][seat] }) };
  return resultLines({ outcome }, board).places.map((item) => item.textContent);
}"""


def outcome_of(actions: list[str]) -> dict[str, Any]:
    outcome = apply(before_winning_together(), *actions).outcome()
    assert outcome is not None
    return outcome.to_json()


def test_a_shared_win_names_both_winners_and_is_no_draw(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/")
    together = outcome_of(TOGETHER)
    assert page.evaluate(HEADLINE, together) == "p1, p2 won together (3 coasters)"
    draw = {"ranking": [[0, 1]], "winners": [], "termination": "round limit"}
    assert page.evaluate(HEADLINE, draw) == "Draw (round limit)"
    alone = {"ranking": [[1], [0]], "winners": [1], "termination": "3 coasters"}
    assert page.evaluate(HEADLINE, alone) == "p2 won (3 coasters)"


def test_the_places_are_ordinals_in_the_pages_language(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/")
    outcome = {"ranking": [[1], [0, 2]], "winners": [1], "termination": "3 coasters"}
    assert page.evaluate(PLACES, outcome) == ["1st place: p2", "2nd place: p1, p3"]
    page.click("#lang")
    assert page.evaluate(PLACES, outcome) == ["1. Platz: p2", "2. Platz: p1, p3"]
