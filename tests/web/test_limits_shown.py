"""A limit's refusal is shown on the page in the page's language: a chat line past the
seat's rate says "Zu schnell" in German and "Too fast" in English, in the chat."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import BrowserContext, expect

from wuerfelwerk.server.launch import ServerProcess

from .play import ready


@pytest.mark.parametrize(("locale", "words"), [("de-DE", "Zu schnell"), ("en-GB", "Too fast")])
def test_a_chat_line_too_fast_is_refused_in_the_pages_language(
    new_context: Callable[..., BrowserContext], tmp_path: Path, locale: str, words: str
) -> None:
    env = {"WUERFELWERK_CHAT_RATE": "2 per minute"}
    database = f"sqlite:///{tmp_path / 'games.db'}"
    with ServerProcess(database, log=tmp_path / "server.log", env=env, limited=True) as server:
        body = {"game": "malefiz", "options": {"board": "quick"}, "seats": ["human", "human"]}
        table = httpx.post(f"{server.url}/api/tables", json=body, timeout=30).json()
        page = new_context(locale=locale).new_page()
        page.goto(f"{server.url}/table.html?id={table['id']}#token={table['seats'][0]['token']}")
        ready(page)
        for n in range(3):
            page.fill("#chat-text", f"line {n}")
            page.press("#chat-text", "Enter")
            if n < 2:
                expect(page.locator("#chat-lines li")).to_have_count(n + 1)
        expect(page.locator("#chat-error")).to_contain_text(words)
        expect(page.locator("#chat-lines li")).to_have_count(2)
