"""Online play in two browsers: names, a rated game with a per-move clock, presence, the
turn signals, the chat, the profile and the leaderboard."""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

from .conftest import Server, screenshot
from .phone import PHONES, phone_problems
from .play import play_until_over, ready, take_turn


def unique(name: str) -> str:
    """A name no other test of the shared server chose."""
    return f"{name} {secrets.token_hex(2)}"


def console_errors(page: Page) -> list[str]:
    """Every error the page logs or throws, from now on."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def keep_name(page: Page, name: str) -> None:
    page.fill("#player-name", name)
    page.click("#keep-name")


def ratings_shown(page: Page) -> dict[str, tuple[int, int]]:
    """The end screen's rating changes: ``{line: (before, after)}``."""
    shown = {}
    for line in page.locator("#rating-changes li").all_inner_texts():
        before, after = re.findall(r"(\d+) → (\d+)", line)[0]
        shown[line] = (int(before), int(after))
    return shown


#: Whether an element ends inside the box that holds it (nothing cut off at the right).
FITS_ITS_BOX = """(selector) => { const el = document.querySelector(selector);
  const box = el.parentElement, padding = parseFloat(getComputedStyle(box).paddingRight);
  return el.getBoundingClientRect().right <= box.getBoundingClientRect().right - padding; }"""


def test_a_rated_game_online_with_a_clock_that_runs_out_and_a_player_who_leaves(
    server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    names = [unique("Alice"), unique("Bruno")]
    host = new_context().pages[0]
    errors = console_errors(host)
    host.goto(server.url + "/")
    ready(host)
    keep_name(host, names[0])
    expect(host.locator("#playing-as")).to_contain_text(names[0])
    host.select_option("#game", "malefiz")
    host.select_option("#opt-players", "2")
    host.locator("#seats .seat-row").nth(1).locator(".kind").select_option("invite")
    host.select_option("#clock-kind", "move")
    host.fill("#clock-seconds", "6")
    host.select_option("#clock-timeout", "hand_over")
    host.check("#rated")
    host.click("#create")
    expect(host.locator("#created")).to_be_visible()
    invite = host.locator("#invite-links input").nth(0).input_value()
    host.click("#go")
    ready(host)
    expect(host.locator("#table-info")).to_contain_text("6 s per move")
    expect(host.locator("#table-info")).to_contain_text("once every player has come")

    # The guest comes straight from the invite link: the rated seat asks for a name.
    guest_context = new_context(locale="de-DE")
    guest = guest_context.pages[0]
    errors += console_errors(guest)
    guest.goto(invite)
    expect(guest.locator("#name-needed")).to_contain_text("Diese Partie wird gewertet")
    keep_name(guest, names[1])
    expect(guest.locator("#name-needed")).to_be_hidden()
    ready(guest)
    expect(guest.locator("#status")).to_contain_text("Warten auf")
    # A first arrival is no return.
    expect(host.locator("#notice")).to_have_text("Blue has come to the table.")
    # The clocks run now: the host moves at once, until it is the guest's turn.
    deadline = time.monotonic() + 60
    while "Du bist am Zug" not in guest.locator("#status").inner_text():
        assert time.monotonic() < deadline, "the guest's turn never came"
        if not take_turn(host):
            host.wait_for_timeout(20)

    # The guest waits. Both pages show who sits where, online, and the guest's clock.
    for page in (host, guest):
        expect(page.locator("#seats .player-name")).to_have_text(names)
        expect(page.locator("#seats .presence.online")).to_have_count(2)
        expect(page.locator("#seats li[data-seat='1'] .seat-clock.running")).to_be_visible()
    expect(guest).to_have_title(re.compile("^● Du bist dran"))
    assert guest.evaluate("document.querySelector('link[rel=icon]').href").endswith(
        "favicon-turn.svg"
    )
    expect(host).not_to_have_title(re.compile("^●"))
    screenshot(guest, "online-guest-clock-running")
    # Time runs out: a bot takes the guest's seat and moves for it.
    expect(guest.locator("#notice")).to_contain_text("ab jetzt spielt ein Bot", timeout=30_000)
    expect(host.locator("#notice")).to_contain_text("Blue: time ran out")
    expect(guest.locator("#status")).not_to_contain_text("Du bist am Zug")
    # The seat shows the bot for good, and the log marks the bot's moves for the person.
    expect(guest.locator("#seats li[data-seat='1'] .stand-in-badge")).to_have_text(
        "ein Bot spielt (Zeit abgelaufen)"
    )
    expect(guest.locator("#log li", has_text="(der Bot: Zeit abgelaufen)").first).to_be_visible()
    expect(host.locator("#log li", has_text="(the bot: time ran out)").first).to_be_visible()

    # The guest closes the page: the host sees it.
    guest.close()
    expect(host.locator("#seats li[data-seat='1'] .presence.offline")).to_be_visible()
    expect(host.locator("#notice")).to_contain_text("Blue has left the table.")
    expect(host.locator("#seats li[data-seat='1'] .stand-in-badge")).to_have_text(
        "a bot plays (time ran out)"
    )
    screenshot(host, "online-host-guest-left")

    play_until_over(host)
    expect(host.locator("#rating-changes li")).to_have_count(2)
    changes = ratings_shown(host)
    assert all(before == 1500 and after != 1500 for before, after in changes.values()), changes
    screenshot(host, "online-end-ratings")

    host.goto(f"{server.url}/leaderboard.html?game=malefiz")
    ready(host)
    for name in names:
        row = host.locator(f"#players tr[data-name='{name}']")
        expect(row).to_be_visible()
        rating = row.locator("td").nth(2).inner_text()
        assert rating.rstrip("?") != "1500" and rating.endswith("?")  # one game: provisional
    screenshot(host, "leaderboard")
    host.set_viewport_size(PHONES[0])  # the players' names are places to tap
    assert not phone_problems(host), phone_problems(host)
    host.set_viewport_size({"width": 1280, "height": 900})
    host.locator(f"#players a:text-is('{names[1]}')").click()
    ready(host)
    expect(host.locator("#name")).to_have_text(names[1])
    expect(host.locator("#standings tr[data-game='malefiz'] td").nth(2)).to_have_text("1")
    # A provisional rating says what its "?" means.
    expect(host.locator("#provisional")).to_have_text("? provisional: few rated games")
    # The place in a game as an ordinal, in the page's language.
    place = re.compile(r"^Malefiz · .+ · (1st|2nd) of 2 · 1500 → \d+$")
    expect(host.locator("#recent li").first).to_have_text(place)
    screenshot(host, "profile")
    host.set_viewport_size({"width": 390, "height": 844})
    host.click("#lang")  # German has the longer words
    expect(host.locator("#standings th").nth(1)).to_have_text("Wertungszahl")
    place = re.compile(r"^Malefiz · .+ · Platz [12] von 2 · 1500 → \d+$")
    expect(host.locator("#recent li").first).to_have_text(place)
    assert host.evaluate(FITS_ITS_BOX, "#standings"), "the profile's table on a phone"
    assert not phone_problems(host), phone_problems(host)  # its game links too
    screenshot(host, "profile-phone-de")
    assert not errors, errors


def test_chat_lines_are_text_never_markup(
    server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    created = server.table("malefiz", {"players": 2}, ["human", "human"])
    table, tokens = created["id"], [seat["token"] for seat in created["seats"]]
    players = [new_context().pages[0], new_context().pages[0]]
    for page, token in zip(players, tokens, strict=True):
        page.goto(f"{server.url}/table.html?id={table}#token={token}")
        ready(page)
    watcher = new_context().pages[0]
    watcher.goto(f"{server.url}/table.html?id={table}")
    ready(watcher)
    expect(watcher.locator("#chat-read-only")).to_be_visible()
    expect(watcher.locator("#chat-text")).to_be_hidden()
    hostile = '<img src=x onerror="window.hacked = 1"><script>window.hacked = 2</script>'
    players[0].fill("#chat-text", hostile)
    players[0].click("#chat-send")
    players[1].fill("#chat-text", "Viel Glück!")
    players[1].press("#chat-text", "Enter")
    for page in (*players, watcher):
        lines = page.locator("#chat-lines li")
        expect(lines).to_have_count(2)
        expect(lines.locator(".chat-who")).to_have_text(["Red:", "Blue:"])
        expect(lines.locator(".chat-line")).to_have_text([hostile, "Viel Glück!"])
        assert page.locator("#chat-lines img, #chat-lines script").count() == 0
        assert page.evaluate("window.hacked") is None
    # A line longer than the limit cannot be typed: the field holds 300 characters.
    players[0].fill("#chat-text", "x" * 400)
    assert len(players[0].input_value("#chat-text")) == 300
    # A page that comes later gets the lines so far.
    watcher.reload()
    ready(watcher)
    expect(watcher.locator("#chat-lines li")).to_have_count(2)
    screenshot(players[1], "chat")


def test_a_rematch_online_brings_both_players_to_one_new_table(
    own_server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    # A server of its own: bots play the rematch to its end once the test has left.
    server = own_server
    # Both let their time run out at once: bots take both seats and play to the end.
    clock = {"kind": "move", "seconds": 1, "on_timeout": "hand_over"}
    body = {"game": "malefiz", "options": {"players": 2}, "seats": ["human", "human"]}
    created = server.post("/api/tables", {**body, "clock": clock})
    pages = [new_context().pages[0], new_context(locale="de-DE").pages[0]]
    for page, seat in zip(pages, created["seats"], strict=True):
        page.goto(f"{server.url}/table.html?id={created['id']}#token={seat['token']}")
        ready(page)
    for page in pages:
        expect(page.locator("#end")).to_be_visible(timeout=120_000)
    host, guest = pages
    host.click("#rematch")
    host.wait_for_url(lambda url: created["id"] not in url)
    expect(guest.locator("#rematch")).to_have_text("Zur Revanche")
    guest.click("#rematch")
    guest.wait_for_url(lambda url: created["id"] not in url)
    assert host.url.split("#")[0] == guest.url.split("#")[0]
    for page in pages:
        ready(page)
    # Each has the seat of before (the clock is short: who moves may be a bot by now).
    expect(host.locator("#seats li[data-seat='0']")).to_contain_text("Red · you")
    expect(guest.locator("#seats li[data-seat='1']")).to_contain_text("Blau · du")
    # The new table has the same clock.
    expect(host.locator("#table-info")).to_contain_text("1 s per move")


#: Stands in for what a headless browser cannot show: the page is in the background
#: (``window.background``), and notifications and sounds are counted as they are made.
SIGNAL_SPY = """
Object.defineProperty(Document.prototype, "hidden", {get: () => window.background === true});
window.made = {notes: [], sounds: 0};
const RealNotification = window.Notification;
class CountedNotification extends RealNotification {
  constructor(title, options) { super(title, options); window.made.notes.push(title); }
}
Object.defineProperty(CountedNotification, "permission", {get: () => RealNotification.permission});
CountedNotification.requestPermission = (...a) => RealNotification.requestPermission(...a);
window.Notification = CountedNotification;
const oscillator = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  window.made.sounds += 1;
  return oscillator.call(this);
};
"""


def test_your_turn_shows_in_the_title_and_icon_with_a_sound_and_a_notification(
    server: Server, page: Page
) -> None:
    page.context.grant_permissions(["notifications"], origin=server.url)
    page.add_init_script(SIGNAL_SPY)
    errors = console_errors(page)
    created = server.post(
        "/api/tables",
        {
            "game": "malefiz",
            "options": {"players": 2},
            "seats": ["human", "bot:greedy"],
            "bot_delay": 0.5,
        },
    )
    page.goto(f"{server.url}/table.html?id={created['id']}#token={created['seats'][0]['token']}")
    ready(page)
    expect(page).to_have_title(re.compile("^● Your turn · Malefiz"))
    icon = "document.querySelector('link[rel=icon]').href"
    assert page.evaluate(icon).endswith("favicon-turn.svg")
    expect(page.locator("#notify")).to_have_text("Notifications on")
    page.check("#sound")
    sounds = page.evaluate("window.made.sounds")
    assert sounds == 1  # switching it on plays it once
    # The player moves, then looks elsewhere: the bot's reply brings the signals back.
    page.evaluate("window.background = true")
    signals = f"[document.body.dataset.yourTurn, document.title, {icon}]"
    while (shown := page.evaluate(signals))[0] == "true":
        take_turn(page)
        page.wait_for_timeout(20)
    assert shown[1] == "Malefiz · Würfelwerk" and shown[2].endswith("/favicon.svg")
    expect(page).to_have_title(re.compile("^● Your turn"), timeout=30_000)
    notes = page.evaluate("window.made.notes")
    assert notes and set(notes) == {"Your turn"}
    assert page.evaluate("window.made.sounds") == sounds + len(notes)
    assert not errors, errors


def test_a_name_with_a_password_signs_in_from_another_browser(
    server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    name = unique("Carla")
    home = new_context().pages[0]
    home.goto(server.url + "/")
    ready(home)
    keep_name(home, name)
    home.click("#my-profile")
    ready(home)
    expect(home.locator("#name")).to_have_text(name)
    expect(home.locator("#recent")).to_contain_text("No games yet.")
    expect(home.locator("#password-save")).to_have_text("Set password")
    home.fill("#new-password", "short")
    home.click("#password-form button")
    assert home.locator("#new-password").evaluate("el => el.validity.tooShort")
    home.fill("#new-password", "a long password")
    home.click("#password-form button")
    expect(home.locator("#password-status")).to_have_text("Password saved.")
    # A name with a password has it changed, not set, from now on.
    expect(home.locator("#password-save")).to_have_text("Change password")
    home.reload()
    ready(home)
    expect(home.locator("#password-save")).to_have_text("Change password")
    away = new_context(locale="de-DE").pages[0]
    away.goto(server.url + "/")
    ready(away)
    away.fill("#player-name", name)
    away.fill("#player-password", "a wrong one")
    # While the server checks the password, the buttons wait and say so.
    away.evaluate(
        """() => { window.busy = [];
        new MutationObserver(() => window.busy.push(document.getElementById('sign-in').textContent))
          .observe(document.getElementById('sign-in'), { childList: true }); }"""
    )
    away.click("#sign-in")
    expect(away.locator("#account-error")).to_have_text("Name und Passwort passen nicht zusammen.")
    assert "Einen Moment…" in away.evaluate("window.busy")
    expect(away.locator("#sign-in")).to_be_enabled()
    away.fill("#player-password", "another wrong one")  # typing again: the refusal goes
    expect(away.locator("#account-error")).to_be_empty()
    keep_name(away, name)  # a new name that is taken
    expect(away.locator("#account-error")).to_contain_text("Dieser Name ist vergeben")
    away.fill("#player-password", "a long password")
    away.click("#sign-in")
    expect(away.locator("#playing-as")).to_have_text(f"Du spielst als {name}.")
    away.click("#sign-out")
    expect(away.locator("#player-name")).to_be_visible()
    home.reload()
    ready(home)
    expect(home.locator("#playing-as")).to_contain_text(name)  # the other browser stays
