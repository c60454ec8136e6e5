"""Malefiz in the browser: a whole game against a bot by clicks, from the lobby to the
end screen; the illegal try; reload; the bad inputs of the table page."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

from ..progress import Progress
from .conftest import Server, screenshot
from .play import CLICKED, play_until_over, ready, report_load, take_turn, version


def test_full_game_against_a_bot_from_the_lobby(server: Server, page: Page) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='true']")
    page.select_option("#game", "malefiz")
    page.select_option("#opt-players", "2")
    page.fill("#opt-round_limit", "40")
    expect(page.locator("#opt-board-help")).to_contain_text("classic")
    rows = page.locator("#seats .seat-row")
    expect(rows).to_have_count(2)
    rows.nth(1).locator(".kind").select_option("bot")
    rows.nth(1).locator(".level").select_option("greedy")
    screenshot(page, "lobby")
    page.click("#create")
    page.wait_for_url("**/table.html?id=*")
    ready(page)
    report_load(page, "malefiz")
    expect(page.locator("#status")).to_contain_text("Your turn")
    screenshot(page, "malefiz-start")
    clicks = play_until_over(page)
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("#result")).not_to_be_empty()
    screenshot(page, "malefiz-end")
    assert clicks > 5
    assert page.locator("#log li").count() > 10
    finished = page.url
    page.click("#rematch")  # the same seats at a new table, with the same token
    page.wait_for_url(lambda url: url != finished and "table.html?id=" in url)
    ready(page)
    expect(page.locator("#status")).to_contain_text("Your turn")


def _human_vs_bot(server: Server) -> tuple[str, str]:
    created = server.table("malefiz", {"players": 2}, ["human", "bot:greedy"])
    return created["id"], created["seats"][0]["token"]


def _my_turn_against_a_bot(server: Server, page: Page) -> None:
    """Open a new table against a bot as its human seat, and wait for the first turn."""
    table, token = _human_vs_bot(server)
    page.goto(f"{server.url}/table.html?id={table}#token={token}")
    ready(page)
    expect(page.locator("#status")).to_contain_text("Your turn")


def _frames_sent(page: Page) -> list[str]:
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(str(payload))))
    return sent


def test_an_illegal_try_names_the_rule_and_a_stray_click_sends_nothing(
    server: Server, page: Page
) -> None:
    table, token = _human_vs_bot(server)
    sent = _frames_sent(page)
    page.goto(f"{server.url}/table.html?id={table}#token={token}")
    ready(page)
    expect(page.locator("#status")).to_contain_text("Your turn")
    # The house is picked by itself (every move starts there); the other house is nothing.
    page.locator("#board [data-key='house-1']").click()
    expect(page.locator("#message")).to_contain_text("Not possible here")
    assert not any('"action"' in frame for frame in sent)
    # A field the die does not reach: the server names the rule, nothing changes.
    before = version(page)
    page.locator("#board [data-key='g5']").click()
    expect(page.locator("#message")).to_contain_text("Rule MAL-3")
    expect(page.locator("#message")).to_contain_text("not exactly")
    assert version(page) == before
    screenshot(page, "malefiz-illegal-try")
    assert take_turn(page)  # the house is picked again: a lit field moves out of it
    page.wait_for_function(f"Number(document.body.dataset.version) > {before}")


def test_a_refusal_on_screen_is_said_again_in_the_other_language(
    server: Server, page: Page
) -> None:
    _my_turn_against_a_bot(server, page)
    # An action on a version long gone, as a page that slept through the game would send.
    page.evaluate(
        "window.wuerfelwerk.conns[0].send({ type: 'action', version: -1, action: 'h1-a1' })"
    )
    expect(page.locator("#message")).to_contain_text("version -1 is out of date")
    page.click("#lang")
    expect(page.locator("#message")).to_have_text(
        "Der Tisch war schon weiter; versuche es noch einmal."
    )
    page.click("#lang")
    expect(page.locator("#message")).to_contain_text("version -1 is out of date")


def test_reload_mid_game_restores_the_table(server: Server, page: Page) -> None:
    _my_turn_against_a_bot(server, page)
    for _ in range(3):
        expect(page.locator("#status")).to_contain_text("Your turn")
        current = version(page)
        while version(page) == current:
            take_turn(page)
            page.wait_for_timeout(20)
    expect(page.locator("#status")).to_contain_text("Your turn")
    seen = page.evaluate("JSON.stringify(window.wuerfelwerk.shown.observation)")
    lines = page.locator("#log li").count()
    page.reload()
    ready(page)
    expect(page.locator("#status")).to_contain_text("Your turn")
    assert page.evaluate("JSON.stringify(window.wuerfelwerk.shown.observation)") == seen
    assert page.locator("#log li").count() == lines
    assert take_turn(page)


def test_dead_invite_link_and_unknown_table(server: Server, page: Page) -> None:
    table, _ = _human_vs_bot(server)
    page.goto(f"{server.url}/table.html?id={table}#token=not-a-seat")
    expect(page.locator("#banner")).to_contain_text("invite link is not valid")
    ready(page)  # it still shows the table, as to a spectator
    expect(page.locator("#status")).to_contain_text("You are watching")
    page.goto(f"{server.url}/table.html?id=no-such-table")
    expect(page.locator("#status")).to_contain_text("does not exist")
    screenshot(page, "table-gone")


def test_lost_connection_is_shown_retried_and_resynced(own_server: Server, page: Page) -> None:
    _my_turn_against_a_bot(own_server, page)
    current = version(page)
    own_server.kill()
    expect(page.locator("#banner")).to_contain_text("Connection lost")
    screenshot(page, "connection-lost")
    own_server.start()
    # The server takes a few seconds to start on a busy machine; the page keeps trying.
    expect(page.locator("#banner")).to_contain_text("Connected again", timeout=30_000)
    assert version(page) == current
    assert take_turn(page)


def test_two_browsers_play_one_game_by_invite_link_and_a_spectator_watches(
    server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    host = new_context().pages[0]
    host.goto(server.url + "/")
    host.wait_for_selector("body[data-ready='true']")
    host.select_option("#game", "malefiz")
    host.select_option("#opt-players", "2")
    host.locator("#seats .seat-row").nth(1).locator(".kind").select_option("invite")
    host.click("#create")
    expect(host.locator("#created")).to_be_visible()
    invite = host.locator("#invite-links input").nth(0).input_value()
    watch = host.locator("#invite-links input").nth(1).input_value()
    screenshot(host, "lobby-invite-links")
    host.click("#go")
    ready(host)
    # No undo between people at different screens: the keys say nothing of U.
    expect(host.locator("#keys")).not_to_be_empty()
    expect(host.locator("#keys")).not_to_contain_text("U ")

    guest_context = new_context(locale="de-DE")
    guest = guest_context.pages[0]
    guest.goto(server.url + "/")
    guest.wait_for_selector("body[data-ready='true']")
    expect(guest.locator("#create")).to_have_text("Tisch eröffnen")
    screenshot(guest, "lobby-german")
    guest.fill("#join-link", invite)
    guest.click("#join button")
    ready(guest)
    expect(guest.locator("#status")).to_contain_text("Warten auf")  # German, from the browser
    spectator = new_context().pages[0]
    spectator.goto(watch)
    ready(spectator)

    # Whoever is on turn clicks, until each side has made a few choices.
    clicks = [0, 0]
    progress = Progress("the game by invite link")
    while min(clicks) < 3:
        progress.check(tuple(clicks))
        for side, player in enumerate((host, guest)):
            if take_turn(player):
                clicks[side] += 1
        host.wait_for_timeout(20)
    guest.wait_for_function(f"Number(document.body.dataset.version) >= {version(host)}")
    host.wait_for_function(f"Number(document.body.dataset.version) >= {version(guest)}")
    spectator.wait_for_function(f"Number(document.body.dataset.version) >= {version(host)}")
    shown = "JSON.stringify(window.wuerfelwerk.shown.observation.figures)"
    assert host.evaluate(shown) == guest.evaluate(shown) == spectator.evaluate(shown)
    expect(spectator.locator("#status")).to_contain_text("You are watching")
    # One spectator, counted in the singular.
    expect(host.locator("#table-info")).to_contain_text("1 watching")
    expect(guest.locator("#table-info")).to_contain_text("1 schaut zu")
    screenshot(guest, "malefiz-guest-german")
    screenshot(spectator, "malefiz-spectator")
    # The host's lobby lists the table among the running games, ready to open again.
    host.goto(server.url + "/")
    expect(host.locator("#running li a").first).to_have_attribute("href", re.compile("token="))
    # A spectator's click sends nothing and says why.
    spectator.locator("#board [data-key='g5']").click()
    expect(spectator.locator("#message")).to_contain_text("Spectators cannot move")


def _play_turn_until(page: Page, status: str) -> None:
    """Click for the seat on turn (a move, maybe a barricade too) until ``status`` shows."""
    progress = Progress(f"the way to {status!r}")
    while status not in page.locator("#status").inner_text():
        progress.check(page.evaluate(CLICKED))
        take_turn(page)
        page.wait_for_timeout(30)


def test_hotseat_two_players_on_one_screen_with_undo(server: Server, page: Page) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='true']")
    page.select_option("#game", "malefiz")
    page.select_option("#opt-players", "2")
    rows = page.locator("#seats .seat-row")
    rows.nth(1).locator(".kind").select_option("human")
    page.click("#create")
    page.wait_for_url("**/table.html?id=*")
    ready(page)
    expect(page.locator("#seats .to-move")).to_contain_text("Red")
    expect(page.locator("#status")).to_contain_text("Your turn (Red)")
    _play_turn_until(page, "Your turn (Blue)")
    before_blue = version(page)
    _play_turn_until(page, "Your turn (Red)")
    after_blue = version(page)
    assert after_blue > before_blue
    page.click("#undo")  # takes back Blue's last choice: Blue is on turn again
    page.wait_for_function(f"Number(document.body.dataset.version) < {after_blue}")
    assert version(page) >= before_blue
    expect(page.locator("#status")).to_contain_text("Your turn (Blue)")
    # Then from the keyboard, back into Red's turn. Blue's turn may have held two choices
    # (a move that took a barricade, then the barricade's field): each undo takes one.
    while "Your turn (Red)" not in page.locator("#status").inner_text():
        expect(page.locator("#undo")).to_be_visible()  # offered once the view is redrawn
        current = version(page)
        page.keyboard.press("u")
        page.wait_for_function(f"Number(document.body.dataset.version) < {current}")
    assert version(page) < before_blue
    screenshot(page, "malefiz-hotseat")
