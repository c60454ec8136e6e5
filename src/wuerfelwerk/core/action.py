"""The base class of every action, chance outcomes included."""

from __future__ import annotations


class Action:
    """A typed, hashable, immutable action with a readable ``str()``.

    Each game defines its actions as frozen dataclasses deriving from this class;
    ``game.parse_action(str(action)) == action`` always holds, and
    ``game.action_id(action)`` is a stable integer for RL frameworks. In simultaneous
    games an action also names the seat that takes it.
    """

    __slots__ = ()

    def __str__(self) -> str:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"
