"""The players' rules as HTML for the browser's rules page.

A list item that begins with a rule number in bold (``**MAL-8** ...``) gets that number
as its ``id``, so ``rules.html?game=malefiz#MAL-8`` opens at the rule; every mention of
a rule number in the text links there. Markdown comes from markdown-it-py with raw
HTML switched off: the rules files are text, never markup.
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


def _title(tokens: Sequence[Token]) -> str:
    for at, token in enumerate(tokens):
        if token.type == "heading_open" and token.tag == "h1":
            return tokens[at + 1].content
    return ""


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.core.ruler.push("anchor_rules", _anchor_rules)
    md.core.ruler.push("link_rule_numbers", _link_rule_numbers)
    return md


def rules_page(game_name: str, language: str) -> RulesPage:
    """The rules of ``game_name`` (a name or alias) in ``language`` as HTML."""
    return _render(game_class(game_name).name, language)


@lru_cache(maxsize=32)
def _render(game_name: str, language: str) -> RulesPage:
    # The files do not change while the server runs: each page is rendered once.
    md = _markdown()
    env: dict[str, object] = {}
    tokens = md.parse(rules_text(game_name, language), env)
    html = md.renderer.render(tokens, md.options, env)
    rules = env.get("rules", [])
    assert isinstance(rules, list)
    return RulesPage(title=_title(tokens), html=html, rules=tuple(rules))
