"""What does not suit a phone on the page shown (``phone.js``), as sentences."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

_CHECK = (Path(__file__).parent / "phone.js").read_text()

#: The phones the pages are made for: the narrowest common one, and a usual one.
PHONES = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]


def phone_problems(page: Page) -> list[str]:
    """Whatever on ``page`` does not suit a phone (empty when all is well)."""
    return list(page.evaluate(_CHECK))
