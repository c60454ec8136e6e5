"""What does not suit a phone on the page shown (``phone.js``), as sentences."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

_CHECK = (Path(__file__).parent / "phone.js").read_text()

#: The phones the pages are made for: the narrowest common one, and a usual one.
PHONES = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]


def phone_problems(page: Page, draw: str | None = None, arg: Any = None) -> list[str]:
    """Whatever on ``page`` does not suit a phone (empty when all is well). ``draw``: a
    function run in the page with ``arg`` just before the check, in the same task (so
    that no message from the server draws anything in between)."""
    if draw is None:
        return list(page.evaluate(_CHECK))
    return list(page.evaluate(f"(arg) => {{ ({draw})(arg); return ({_CHECK})(); }}", arg))
