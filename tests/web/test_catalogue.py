"""German and English everywhere: every page, walked in both languages, shows only words
from its catalogue in that language (see catalogue.py): the lobby with every game's
options, each game's table at the start, mid-game (with a refusal) and at the end, its
replay, and its rules page; a player's name, the chat, the profile and the
leaderboard."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from .catalogue import uncatalogued
from .conftest import Server
from .play import ready, take_turn

LOCALES = {"en": "en-GB", "de": "de-DE"}
REAL_TIME = {"wurfweg"}

#: Per game: options that end a bots' game within seconds.
SHORT: dict[str, dict[str, Any]] = {
    "dimenticato": {"players": 2, "round_limit": 10},
    "malefiz": {"players": 2, "round_limit": 10},
    "mojave": {"rows": 12, "time_limit_moves": 20},
    "widget": {"players": 2, "round_limit": 10},
    "wurfweg": {"players": 2, "round_limit": 1, "roll_limit": 5},
}


#: Click the last place of the board that shows and is not lit, and keep every message
#: the page shows from then on (the catalogue check reads them too): a bot's move right
#: after it draws a new position, which clears the message again.
UNLIT_CLICK = """() => {
  const message = document.getElementById('message');
  window.messagesShown = [];
  new MutationObserver(() => message.textContent && window.messagesShown.push(message.textContent))
    .observe(message, { childList: true, characterData: true, subtree: true });
  [...document.querySelectorAll('#board .clickable:not(.target)')]
    .filter((el) => el.checkVisibility()).at(-1)
    .dispatchEvent(new MouseEvent('click', { bubbles: true }));
}"""


def page_in(new_context: Callable[..., BrowserContext], language: str) -> Page:
    context = new_context(locale=LOCALES[language])
    return context.pages[0]


def assert_catalogued(page: Page, language: str, where: str, skip: str | None = None) -> None:
    strays = uncatalogued(page, language, skip)
    assert not strays, f"{where} ({language}) shows words that are not in the catalogue: {strays}"


@pytest.mark.parametrize("language", sorted(LOCALES))
def test_the_lobby_speaks_the_catalogue(
    server: Server, new_context: Callable[..., BrowserContext], language: str
) -> None:
    page = page_in(new_context, language)
    page.goto(server.url + "/")
    ready(page)
    for game in SHORT:  # every option, its help and its choices
        page.select_option("#game", game)
        assert_catalogued(page, language, f"the lobby with {game}")
    page.select_option("#game", "malefiz")
    page.select_option("#opt-players", "2")
    page.locator("#seats .seat-row").nth(1).locator(".kind").select_option("invite")
    page.click("#create")
    expect(page.locator("#created")).to_be_visible()
    assert_catalogued(page, language, "the lobby with invite links")
    page.reload()  # my games, one of them running
    ready(page)
    expect(page.locator("#running li a").first).to_be_visible()
    assert_catalogued(page, language, "the lobby's games")


@pytest.mark.parametrize("language", sorted(LOCALES))
@pytest.mark.parametrize("game", sorted(SHORT))
def test_every_game_speaks_the_catalogue(
    server: Server, new_context: Callable[..., BrowserContext], game: str, language: str
) -> None:
    page = page_in(new_context, language)
    created = server.table(game, SHORT[game], ["human", "bot:greedy"])
    page.goto(f"{server.url}/table.html?id={created['id']}#token={created['seats'][0]['token']}")
    ready(page)
    assert_catalogued(page, language, f"{game} at the start")
    for _ in range(4):
        take_turn(page)
        page.wait_for_timeout(50)
    if game not in REAL_TIME:  # in real time the lit places come and go
        # A place that is not lit: said no to on the page or, as an action, by the server.
        # Found and clicked in one go: a bot's move may draw the board anew in between.
        page.evaluate(UNLIT_CLICK)
        page.wait_for_function("() => window.messagesShown.length > 0")
    assert_catalogued(page, language, f"{game} mid-game")

    finished = server.bots_game(game, SHORT[game])
    page.goto(f"{server.url}/table.html?id={finished}")
    expect(page.locator("#end")).to_be_visible()
    assert_catalogued(page, language, f"{game} at the end")
    page.goto(f"{server.url}/replay.html?id={finished}")
    ready(page)
    for step in ("#next", "#last"):
        page.click(step)
        assert_catalogued(page, language, f"the replay of {game}")

    page.goto(f"{server.url}/rules.html?game={game}")
    ready(page)
    expect(page.locator("#rules")).to_have_attribute("lang", language)
    assert_catalogued(page, language, f"the rules of {game}", skip=".rules-text")


@pytest.mark.parametrize("language", sorted(LOCALES))
def test_names_chat_profile_and_leaderboard_speak_the_catalogue(
    server: Server, new_context: Callable[..., BrowserContext], language: str
) -> None:
    page = page_in(new_context, language)
    page.goto(server.url + "/")
    ready(page)
    name = f"Ada {secrets.token_hex(2)}"
    page.fill("#player-name", name)
    page.click("#keep-name")
    expect(page.locator("#playing-as")).to_contain_text(name)
    assert_catalogued(page, language, "the lobby with a name")
    created = server.table("malefiz", {"players": 2}, ["human", "bot:greedy"])
    page.goto(f"{server.url}/table.html?id={created['id']}#token={created['seats'][0]['token']}")
    ready(page)
    page.fill("#chat-text", "what people type is theirs")
    page.click("#chat-send")
    expect(page.locator("#chat-lines li")).to_have_count(1)
    # What people typed is theirs: their chat lines and names.
    skip = ".chat-line, .player-name"
    assert_catalogued(page, language, "a table with a name and a chat", skip=skip)
    page.goto(f"{server.url}/profile.html")
    ready(page)
    expect(page.locator("#name")).to_have_text(name)
    assert_catalogued(page, language, "one's own profile", skip="#name")
    page.goto(f"{server.url}/leaderboard.html?game=malefiz")
    ready(page)
    assert_catalogued(page, language, "the leaderboard", skip="#players a")
