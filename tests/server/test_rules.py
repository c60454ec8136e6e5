"""The players' rules as HTML, in English and German: every rule number the engine cites
has an anchor in both languages, and every rule number the text mentions links to one."""

from __future__ import annotations

import re
from importlib import resources

import pytest

import wuerfelwerk
from wuerfelwerk.core import game_class
from wuerfelwerk.rules import LANGUAGES, rules_text
from wuerfelwerk.server.launch import ServerProcess
from wuerfelwerk.server.rules_page import RULE_NUMBER, rules_page

from .client import get

GAMES = wuerfelwerk.game_names()


def cited_by_engine(name: str) -> set[str]:
    """The rule numbers the game's engine cites (in refusals, docstrings, comments)."""
    package = resources.files(game_class(name).__module__.rsplit(".", 1)[0])
    text = "".join(f.read_text() for f in package.iterdir() if f.name.endswith(".py"))
    prefix = rules_page(name, "en").rules[0].split("-")[0]
    return set(re.findall(rf"\b{prefix}-\d+\b", text))


@pytest.mark.parametrize("name", GAMES)
def test_both_languages_anchor_the_same_rules_and_every_cited_rule(name: str) -> None:
    english, german = (rules_page(name, language) for language in LANGUAGES)
    assert english.rules == german.rules
    assert cited_by_engine(name) <= set(english.rules)
    for rule in english.rules:
        assert f'<li id="{rule}">' in english.html and f'<li id="{rule}">' in german.html


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", GAMES)
def test_every_rule_number_mentioned_links_to_its_anchor(name: str, language: str) -> None:
    page = rules_page(name, language)
    mentioned = set(RULE_NUMBER.findall(rules_text(name, language)))
    assert mentioned <= set(page.rules)
    for rule in mentioned:
        assert f'<a href="#{rule}">{rule}</a>' in page.html
    # Code blocks stay as written: a rule number in one is not a link.
    for block in re.findall(r"<pre><code>(.*?)</code></pre>", page.html, re.S):
        assert "<a " not in block


def test_a_rule_item_and_an_inline_mention_become_anchor_and_link() -> None:
    html = rules_page("malefiz", "de").html
    item = re.search(r'<li id="MAL-8">(.*?)</li>', html, re.S)
    assert item is not None
    assert item.group(1).startswith('<strong><a href="#MAL-8">MAL-8</a></strong> Sperrsteine')
    # The Markdown is text: raw HTML in a rules file would be shown, not run.
    assert "<script" not in html


def test_the_rules_route_serves_both_languages_and_refuses_the_unknown(
    server: ServerProcess,
) -> None:
    german = get(server, "/api/games/widget/rules?lang=de").json()
    assert german["title"] == "Widget – Das große Würfel-Spiel"
    assert german["language"] == "de" and german["rules"][0] == "WID-1"
    assert 'id="WID-7"' in german["html"]
    assert get(server, "/api/games/Wurf-und-Weg/rules").json()["game"] == "wurfweg"
    for path, code in [
        ("/api/games/chess/rules", "unknown_game"),
        ("/api/games/malefiz/rules?lang=fr", "unknown_language"),
    ]:
        response = get(server, path)
        assert response.status_code == 404
        assert response.json()["code"] == code


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", GAMES)
def test_the_page_is_for_a_player_in_the_browser(name: str, language: str) -> None:
    html = rules_page(name, language).html
    # No terminal, no command lines, no bots' specs: those are for `wuerfelwerk rules`.
    for words in ("wuerfelwerk ", "--", "In the terminal", "Im Terminal", "terminal board"):
        assert words not in html, words
    assert "<h2>Simulation</h2>" not in html
    assert "greedy:" not in html
    # Each option the text names is marked for the page to write in the lobby's words.
    named = {o["name"] for o in game_class(name).describe_options()} - {"players"}
    for code in re.findall(r"(?<!<pre>)<code>([^<]+)</code>", html):
        assert not named & set(re.findall(r"\w+", code)), code
    # The terminal keeps its text.
    assert "wuerfelwerk play" in rules_text(name, language)


def test_options_and_choices_are_marked_and_commands_go_with_their_brackets() -> None:
    html = rules_page("malefiz", "en").html
    assert '<code data-option="capture_own">capture_own</code>' in html
    assert '<strong data-choice="board.classic">classic</strong>' in html
    assert "an option." in html  # "an option (`wuerfelwerk play ...`)." loses the brackets
