"""Errors of the game API.

Every error is a ``ValueError`` subclass with a one-line message that names what is
wrong; where a rule is broken, the message starts with the rule number (``MAL-8: ...``).
"""

from __future__ import annotations


class WuerfelwerkError(ValueError):
    """Base class of every error the game API raises on bad input."""


class IllegalActionError(WuerfelwerkError):
    """An action that the rules do not allow in this state. The state is unchanged.

    ``rule`` is the rule number (``"MAL-8"``) or ``""`` where no single rule applies.
    """

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(f"{rule}: {message}" if rule else message)


class InvalidActionError(WuerfelwerkError):
    """Text or an id that does not describe any action of the game."""


class UnknownGameError(WuerfelwerkError):
    """A game name that is not registered."""


class InvalidOptionError(WuerfelwerkError):
    """An unknown option, or a value an option does not accept."""


class InvalidPositionError(WuerfelwerkError):
    """A JSON position that is malformed or describes an impossible state."""


class InvalidRecordError(WuerfelwerkError):
    """A record that is malformed or does not replay."""


class InvalidAgentSpecError(WuerfelwerkError):
    """An agent spec (``NAME[:key=value,...]``) that is malformed or unknown."""
