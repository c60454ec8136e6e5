"""The players' rules as HTML for the browser's rules page.

A list item that begins with a rule number in bold (``**MAL-8** ...``) gets that number
as its ``id``, so ``rules.html?game=malefiz#MAL-8`` opens at the rule; every mention of
a rule number in the text links there. Markdown comes from markdown-it-py with raw
HTML switched off: the rules files are text, never markup.

The page is for a player in the browser: the sections for the terminal and the
simulation lab are left out, and so are command lines (``wuerfelwerk play ...``); an
option's name (``round_limit``), a formula with options in it and a choice
(``**quick**``) are marked (``data-option``, ``data-options``, ``data-choice``) for the
page to write the lobby's words for them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from ..core import game_class
from ..rules import rules_text

#: A rule number as the numbered rules write it: ``MAL-8``, ``WUW-10``.
RULE_NUMBER = re.compile(r"\b[A-Z]{3}-\d+\b")

#: The sections for the terminal, the simulation lab and the bots' specs: not for a
#: player in the browser.
NOT_FOR_THE_BROWSER = frozenset(
    {
        "In the terminal",
        "Im Terminal",
        "Simulation",
        "Bots and their memory",
        "Bots und ihr Gedächtnis",
    }
)


@dataclass(frozen=True)
class RulesPage:
    title: str
    html: str
    #: The rule numbers the page has anchors for, in the order they appear.
    rules: tuple[str, ...]


def _defined_rule(children: Sequence[Token]) -> str | None:
    """The rule number an item's text starts with in bold, if it does."""
    kinds = [child for child in children if not (child.type == "text" and not child.content)]
    if len(kinds) >= 3 and kinds[0].type == "strong_open" and kinds[2].type == "strong_close":
        text = kinds[1].content
        if kinds[1].type == "text" and RULE_NUMBER.fullmatch(text):
            return text
    return None


def _anchor_rules(state: StateCore) -> None:
    """Give each list item that defines a rule the rule number as its ``id``."""
    defined: list[str] = []
    for at, token in enumerate(state.tokens):
        if token.type != "list_item_open":
            continue
        inline = next((t for t in state.tokens[at + 1 : at + 3] if t.type == "inline"), None)
        rule = _defined_rule(inline.children or []) if inline is not None else None
        if rule is not None and rule not in defined:
            token.attrSet("id", rule)
            defined.append(rule)
    state.env["rules"] = defined


def _link(text: str, rule: str) -> list[Token]:
    opening = Token("link_open", "a", 1)
    opening.attrSet("href", f"#{rule}")
    content = Token("text", "", 0)
    content.content = text
    return [opening, content, Token("link_close", "a", -1)]


def _link_rule_numbers(state: StateCore) -> None:
    """Turn every mention of a rule that has an anchor into a link to it."""
    defined = set(state.env.get("rules", ()))
    for token in state.tokens:
        if token.type != "inline" or not token.children:
            continue
        children: list[Token] = []
        inside_link = 0
        for child in token.children:
            inside_link += {"link_open": 1, "link_close": -1}.get(child.type, 0)
            if child.type != "text" or inside_link:
                children.append(child)
                continue
            at = 0
            for match in RULE_NUMBER.finditer(child.content):
                if match.group() not in defined:
                    continue
                if match.start() > at:
                    before = Token("text", "", 0)
                    before.content = child.content[at : match.start()]
                    children.append(before)
                children.extend(_link(match.group(), match.group()))
                at = match.end()
            if at < len(child.content):
                rest = Token("text", "", 0)
                rest.content = child.content[at:]
                children.append(rest)
        token.children = children


def _leave_out_sections(state: StateCore) -> None:
    """Leave out the sections (from their heading to the next of the same level or
    higher) that are not for a player in the browser."""
    kept: list[Token] = []
    leaving: int | None = None  # the level of the heading being left out
    for at, token in enumerate(state.tokens):
        if token.type == "heading_open":
            level = int(token.tag[1:])
            if leaving is not None and level <= leaving:
                leaving = None
            if leaving is None and state.tokens[at + 1].content in NOT_FOR_THE_BROWSER:
                leaving = level
        if leaving is None:
            kept.append(token)
    state.tokens = kept


def _command(token: Token) -> bool:
    return token.type == "code_inline" and token.content.startswith(("wuerfelwerk ", "--"))


def _for_the_browser(state: StateCore) -> None:
    """Command lines out (with the parentheses round them); options' names and choices
    marked for the page to write in the lobby's words."""
    options: dict[str, list[str]] = state.env.get("options", {})
    choices = {str(value): name for name, values in options.items() for value in values}
    for token in state.tokens:
        if token.type != "inline" or not token.children:
            continue
        children: list[Token] = []
        closing = False  # a command was dropped with its "(": drop its ")" too
        for at, child in enumerate(token.children):
            if _command(child):
                before = children[-1] if children else None
                if before is not None and before.type == "text" and before.content.endswith("("):
                    before.content = before.content[:-1].rstrip()
                    closing = True
                continue
            if closing and child.type == "text" and child.content.startswith(")"):
                child.content = child.content[1:]
                closing = False
            if child.type == "code_inline" and child.content in options:
                child.attrSet("data-option", child.content)
            elif child.type == "code_inline":
                # A formula with options in it: ``round_limit x players x 3``.
                named = [word for word in re.findall(r"\w+", child.content) if word in options]
                if named:
                    child.attrSet("data-options", " ".join(named))
            following = token.children[at + 1 : at + 3]
            if (
                child.type == "strong_open"
                and len(following) == 2
                and following[1].type == "strong_close"
                and following[0].content in choices
            ):
                value = following[0].content
                child.attrSet("data-choice", f"{choices[value]}.{value}")
            children.append(child)
        token.children = children


def _title(tokens: Sequence[Token]) -> str:
    for at, token in enumerate(tokens):
        if token.type == "heading_open" and token.tag == "h1":
            return tokens[at + 1].content
    return ""


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.core.ruler.push("leave_out_sections", _leave_out_sections)
    md.core.ruler.push("anchor_rules", _anchor_rules)
    md.core.ruler.push("link_rule_numbers", _link_rule_numbers)
    md.core.ruler.push("for_the_browser", _for_the_browser)
    return md


def rules_page(game_name: str, language: str) -> RulesPage:
    """The rules of ``game_name`` (a name or alias) in ``language`` as HTML."""
    return _render(game_class(game_name).name, language)


@lru_cache(maxsize=32)
def _render(game_name: str, language: str) -> RulesPage:
    # The files do not change while the server runs: each page is rendered once.
    md = _markdown()
    # The options' names (but "players", a word of the text too), and the values of
    # those that are a choice of words.
    options = {
        option["name"]: [value for value in option["choices"] or [] if isinstance(value, str)]
        for option in game_class(game_name).describe_options()
        if option["name"] != "players"
    }
    env: dict[str, object] = {"options": options}
    tokens = md.parse(rules_text(game_name, language), env)
    html = md.renderer.render(tokens, md.options, env)
    rules = env.get("rules", [])
    assert isinstance(rules, list)
    return RulesPage(title=_title(tokens), html=html, rules=tuple(rules))
