"""Every registered game with every option set: the adapters serve them all."""

from __future__ import annotations

import wuerfelwerk
from wuerfelwerk.core import game_class

CASES = [
    (name, index, options)
    for name in wuerfelwerk.game_names()
    for index, options in enumerate(game_class(name).option_sets())
]
IDS = [f"{name}-{index}" for name, index, _ in CASES]
#: The first option set of each game.
FIRST = [case for case in CASES if case[1] == 0]
FIRST_IDS = [name for name, _, _ in FIRST]
