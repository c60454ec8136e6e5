"""Every page works under the server's Content-Security-Policy: no script or style the
policy blocks (the browser reports each as a ``securitypolicyviolation``), and every
page comes with the security headers."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page

import wuerfelwerk

from .conftest import Server
from .play import ready, take_turn

#: Collects the page's violations of its policy, from the first script on.
RECORD_VIOLATIONS = """
window.violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  const where = `${event.sourceFile}:${event.lineNumber}`;
  window.violations.push(`${event.violatedDirective}: ${event.blockedURI} ${where}`);
});
"""
HEADERS = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


def visit(page: Page, url: str) -> None:
    """Open ``url``, wait until the page is ready, and check its headers and that the
    policy blocked nothing."""
    response = page.goto(url)
    assert response is not None and response.ok, url
    headers = response.headers
    policy = headers["content-security-policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy
    for name, value in HEADERS.items():
        assert headers[name] == value, (url, name)
    ready(page)


def violations(page: Page) -> list[str]:
    found: list[str] = page.evaluate("window.violations")
    return found


def test_no_page_breaks_the_content_security_policy(
    server: Server, new_context: Callable[..., BrowserContext]
) -> None:
    context = new_context(bypass_csp=False)
    page = context.pages[0]
    page.add_init_script(RECORD_VIOLATIONS)
    blocked: list[str] = []
    page.on(
        "console",
        lambda message: (
            blocked.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    visit(page, server.url + "/")
    page.fill("#player-name", "Policy Checker")
    page.click("#keep-name")
    page.wait_for_selector("#playing-as")
    assert violations(page) == []
    for game in wuerfelwerk.game_names():
        created = server.table(game, {}, ["human", "bot:random"])
        token = created["seats"][0]["token"]
        visit(page, f"{server.url}/table.html?id={created['id']}#token={token}")
        page.wait_for_selector("#board svg")
        for _ in range(3):
            take_turn(page)
        page.fill("#chat-text", "hello")
        page.press("#chat-text", "Enter")
        page.wait_for_selector("#chat-lines li")
        assert violations(page) == [], game
        finished = server.bots_game(game, {})
        visit(page, f"{server.url}/replay.html?id={finished}")
        assert violations(page) == [], game
        visit(page, f"{server.url}/rules.html?game={game}")
        assert violations(page) == [], game
    for path in ("/leaderboard.html", "/profile.html", "/profile.html?name=Policy%20Checker"):
        visit(page, server.url + path)
        assert violations(page) == [], path
    assert blocked == []
