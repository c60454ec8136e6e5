"""The players' rules of every game, shipped as Markdown: English in this folder, German
in ``de/``. Both languages carry the same rule numbers (``MAL-8``), so a refusal that
cites a rule finds it in either."""

from __future__ import annotations

from importlib import resources

from ..core.errors import WuerfelwerkError
from ..core.registry import game_class

#: The languages the rules are written in, the default first.
LANGUAGES = ("en", "de")


class UnknownLanguageError(WuerfelwerkError):
    """The rules are not written in the language asked for."""


def rules_text(game_name: str, language: str = "en") -> str:
    """The players' rules of ``game_name`` in ``language`` (``docs/rules/<game>.md``,
    ``docs/rules/de/<game>.md``)."""
    if language not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        raise UnknownLanguageError(f"the rules are written in {known}, not {language!r}")
    cls = game_class(game_name)
    filename = cls.rules_file or f"{cls.name}.md"
    folder = resources.files(__package__)
    if language != LANGUAGES[0]:
        folder = folder.joinpath(language)
    return folder.joinpath(filename).read_text(encoding="utf-8")
