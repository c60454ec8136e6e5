"""Rule to code in one hop: every rule of a game's rules file (the copy the package ships,
``wuerfelwerk/rules/``) is cited by its number in the game's package, where it is
decided, so that searching for ``MOJ-6`` lands on the code that plays it."""

from __future__ import annotations

import re
from importlib import resources
from importlib.abc import Traversable

import pytest

import wuerfelwerk
from wuerfelwerk.core import game_class
from wuerfelwerk.rules import rules_text

#: A rule as the rules files number it: a list item opening with its number in bold.
RULE_ITEM = re.compile(r"^\s*- \*\*([A-Z]{3}-\d+)\*\*", re.M)


def rule_ids(name: str) -> list[str]:
    return RULE_ITEM.findall(rules_text(name))


def package_text(name: str) -> str:
    """The source of the game's package, every module of every folder in it."""
    package = game_class(name).__module__.rsplit(".", 1)[0]

    def sources(folder: Traversable) -> list[str]:
        found = []
        for entry in folder.iterdir():
            if entry.is_dir():
                found += sources(entry)
            elif entry.name.endswith(".py"):
                found.append(entry.read_text(encoding="utf-8"))
        return found

    return "\n".join(sources(resources.files(package)))


def uncited(ids: list[str], text: str) -> list[str]:
    """Those of ``ids`` that ``text`` never names as a whole number."""
    return [rule for rule in ids if not re.search(rf"\b{rule}\b", text)]


@pytest.mark.parametrize("name", wuerfelwerk.game_names())
def test_every_rule_of_the_rules_file_is_cited_in_the_game_package(name: str) -> None:
    ids = rule_ids(name)
    prefix = ids[0].split("-")[0]
    # The items are read right: numbered 1, 2, 3, ... with one prefix.
    assert ids == [f"{prefix}-{number}" for number in range(1, len(ids) + 1)]
    missing = uncited(ids, package_text(name))
    assert not missing, f"{name}: no code cites {', '.join(missing)}"


def test_a_rule_is_cited_only_by_its_whole_number() -> None:
    # Neither MAL-10 nor a range "MAL-4 to MAL-6" cites MAL-1 or MAL-5.
    text = "MAL-10: a barricade (MAL-4 to MAL-6)"
    assert uncited(["MAL-1", "MAL-4", "MAL-5", "MAL-10"], text) == ["MAL-1", "MAL-5"]
