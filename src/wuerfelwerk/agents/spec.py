"""Agent specs: ``NAME[:key=value,...]``, parsed here and nowhere else.

>>> parse_spec("greedy:forget=0.1")
AgentSpec(name='greedy', params={'forget': '0.1'})
>>> str(parse_spec(" mcts : iters=200 ,time=0.5 "))
'mcts:iters=200,time=0.5'

A bot is named by its level: ``bot:hard`` is ``bot:level=hard``.

>>> parse_spec("bot:hard")
AgentSpec(name='bot', params={'level': 'hard'})
>>> str(parse_spec("bot:level=hard"))
'bot:hard'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..core import InvalidAgentSpecError

_NAME = re.compile(r"^[a-z][a-z0-9_-]*$")
_KEY = re.compile(r"^[a-z][a-z0-9_]*$")
#: The agent named by its level, and the parameter that holds it: ``bot:hard``.
BOT, LEVEL = "bot", "level"


@dataclass(frozen=True)
class AgentSpec:
    name: str
    params: dict[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        if not self.params:
            return self.name
        items = [f"{k}={v}" for k, v in self.params.items()]
        if self.name == BOT and next(iter(self.params)) == LEVEL:
            items[0] = self.params[LEVEL]
        return self.name + ":" + ",".join(items)

    def float_param(self, key: str, default: float, low: float, high: float) -> float:
        """A numeric parameter within ``[low, high]``; ``InvalidAgentSpecError`` otherwise."""
        raw = self.params.get(key)
        if raw is None:
            return default
        try:
            value = float(raw)
        except ValueError:
            raise InvalidAgentSpecError(
                f"{self.name}: {key} must be a number, not {raw!r}"
            ) from None
        if not low <= value <= high:
            raise InvalidAgentSpecError(f"{self.name}: {key} must lie in [{low}, {high}]")
        return value

    def check_keys(self, *allowed: str) -> None:
        unknown = sorted(set(self.params) - set(allowed))
        if unknown:
            known = ", ".join(allowed) or "none"
            raise InvalidAgentSpecError(
                f"agent {self.name!r} has no parameter {unknown[0]!r} (parameters: {known})"
            )


def parse_spec(text: str) -> AgentSpec:
    """Read ``NAME[:key=value,...]``; ``InvalidAgentSpecError`` names what is wrong."""
    name, _, rest = text.strip().partition(":")
    name = name.strip().lower()
    if not _NAME.match(name):
        raise InvalidAgentSpecError(f"malformed agent spec {text!r} (write NAME[:key=value,...])")
    params: dict[str, str] = {}
    if rest.strip():
        for item in rest.split(","):
            key, eq, value = item.partition("=")
            key, value = key.strip().lower(), value.strip()
            if name == BOT and not eq and not params and _KEY.match(key):
                key, eq, value = LEVEL, "=", key
            if not eq or not _KEY.match(key) or not value:
                raise InvalidAgentSpecError(f"malformed parameter {item.strip()!r} in {text!r}")
            if key in params:
                raise InvalidAgentSpecError(f"parameter {key!r} given twice in {text!r}")
            params[key] = value
    return AgentSpec(name, params)


def split_specs(text: str) -> list[str]:
    """Split a comma-separated list of specs, keeping each spec's own parameters together:
    ``"greedy,mcts:iters=5,time=1,random"`` -> ``["greedy", "mcts:iters=5,time=1", "random"]``."""
    specs: list[str] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            raise InvalidAgentSpecError(f"empty agent spec in {text!r}")
        if specs and "=" in part and ":" not in part:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs
