"""Agents: random, a heuristic per game (``greedy``), a learned evaluation (``td``),
and the search bots (``mcts``, ``alphabeta``).

Every agent speaks only the core API; ``make_agent(spec, game, seed)`` builds one
from a spec such as ``"greedy"`` or ``"random"``.
"""

from . import alphabeta, heuristics, levels, mcts, random_agent, td  # noqa: F401  (register the agents)
from .registry import HUMAN, agent_names, make_agent, register_agent
from .spec import AgentSpec, parse_spec, split_specs

__all__ = [
    "HUMAN",
    "AgentSpec",
    "agent_names",
    "make_agent",
    "parse_spec",
    "register_agent",
    "split_specs",
]
