"""Game options: a frozen dataclass per game, checked and coerced in one place.

Each option is a dataclass field with a default and ``metadata={"help": "..."}``
(and ``"choices"`` where only some values are allowed). Values may arrive as text
(from the command line or the web lobby) and are coerced to the field's type.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

from .errors import InvalidOptionError

OptionsT = TypeVar("OptionsT")

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def option(default: Any, help: str, choices: tuple[Any, ...] | None = None) -> Any:
    """Declare an option field: its default, a one-line explanation, allowed values."""
    metadata: dict[str, Any] = {"help": help}
    if choices is not None:
        metadata["choices"] = choices
    return dataclasses.field(default=default, metadata=metadata)


def _coerce(name: str, kind: Any, value: Any) -> Any:
    """Convert ``value`` to ``kind`` (bool, int, float, str, or ``X | None``)."""
    # ``X | None`` (``typing.Optional[X]`` where the class is compiled).
    if typing.get_origin(kind) in (types.UnionType, typing.Union):
        args = [a for a in typing.get_args(kind) if a is not type(None)]
        if value is None or (isinstance(value, str) and value.lower() in {"none", ""}):
            return None
        return _coerce(name, args[0], value)
    if kind is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in _TRUE | _FALSE:
            return value.lower() in _TRUE
        raise InvalidOptionError(f"option {name!r} takes true or false, not {value!r}")
    if kind is int:
        if isinstance(value, bool):
            raise InvalidOptionError(f"option {name!r} takes a whole number, not {value!r}")
        try:
            return int(value)
        except (TypeError, ValueError):
            raise InvalidOptionError(
                f"option {name!r} takes a whole number, not {value!r}"
            ) from None
    if kind is float:
        try:
            return float(value)
        except (TypeError, ValueError):
            raise InvalidOptionError(f"option {name!r} takes a number, not {value!r}") from None
    if kind is str:
        if not isinstance(value, str):
            raise InvalidOptionError(f"option {name!r} takes text, not {value!r}")
        return value
    raise InvalidOptionError(f"option {name!r} has an unsupported type")


def make_options(cls: type[OptionsT], raw: Mapping[str, Any]) -> OptionsT:
    """Build the options dataclass ``cls`` from ``raw``, rejecting unknown names and bad values."""
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    hints = typing.get_type_hints(cls)
    values: dict[str, Any] = {}
    for name, value in raw.items():
        field = fields.get(name)
        if field is None:
            known = ", ".join(sorted(fields)) or "none"
            raise InvalidOptionError(f"unknown option {name!r} (options: {known})")
        coerced = _coerce(name, hints[name], value)
        choices = field.metadata.get("choices")
        if choices is not None and coerced not in choices:
            allowed = ", ".join(str(c) for c in choices)
            raise InvalidOptionError(f"option {name!r} must be one of {allowed}, not {value!r}")
        values[name] = coerced
    return cls(**values)


def options_to_json(options: Any) -> dict[str, Any]:
    """The options as a JSON-ready dict (every field, defaults included)."""
    return dataclasses.asdict(options)


def describe_options(cls: type[Any]) -> list[dict[str, Any]]:
    """One entry per option: name, type, default, help and choices (for the CLI and lobby)."""
    hints = typing.get_type_hints(cls)
    described = []
    for field in dataclasses.fields(cls):
        kind = hints[field.name]
        described.append(
            {
                "name": field.name,
                "type": getattr(kind, "__name__", str(kind)),
                "default": field.default,
                "help": field.metadata.get("help", ""),
                "choices": list(field.metadata["choices"]) if "choices" in field.metadata else None,
            }
        )
    return described
