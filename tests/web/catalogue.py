"""Every word a page shows must come from the page's catalogue in the page's language.

``uncatalogued(page)`` collects what the page shows and says out loud (text, aria-labels,
placeholders, select options, the window title) and returns each string that is neither
a catalogue text of the page's language nor plain data (or a list of those, "Red, Blue").
A catalogue text may hold places (``"{seat} moves {from} → {to}."``): what fills a place
must pass the same check, except for the places listed in ``FREE``, which hold what
people typed or the server said.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

#: Places whose content is not ours to translate: a network error (``msg``), a date
#: (``when``), a table id, a player's chosen name; in English also the server's or the
#: engine's explanation of a refusal (``message``), which German replaces with its own
#: words.
FREE = {"en": ["msg", "when", "id", "name", "message"], "de": ["msg", "when", "id", "name"]}

#: The check itself, run in the page (``async ({skip, free}) => {lang, strays}``).
_CHECK = (Path(__file__).parent / "catalogue.js").read_text()


def uncatalogued(page: Page, language: str, skip: str | None = None) -> list[str]:
    """What ``page`` shows that is not in its catalogue (``skip``: a selector of parts that
    are content, not interface, such as the rules text)."""
    found = page.evaluate(_CHECK, {"skip": skip, "free": FREE[language]})
    assert found["lang"] == language, f"the page speaks {found['lang']!r}, not {language!r}"
    return list(found["strays"])
