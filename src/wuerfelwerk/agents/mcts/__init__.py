"""The MCTS family: UCT with chance nodes for Malefiz and Widget, plain UCT for Mojave,
information-set MCTS for Dimenticato; registered as the agent ``mcts``.

``mcts:time=0.5`` searches half a second per decision; ``mcts:iters=2000`` a fixed number
of iterations (reproducible: same seed, same moves). ``docs/bots.md`` lists every
parameter.
"""

from __future__ import annotations

from ...core import Game, InvalidAgentSpecError
from ..registry import register_agent
from ..spec import AgentSpec
from .agent import DEFAULT_BUDGET, MCTSAgent, MCTSConfig, SearchResult
from .search import Budget

__all__ = ["MCTSAgent", "MCTSConfig", "SearchResult", "config_from_spec"]

PARAMETERS = (
    "iters",
    "time",
    "c",
    "rollout",
    "depth",
    "eps",
    "chance",
    "reuse",
    "noise",
    "forget",
    "widen",
    "eval",
    "weights",
)
_SWITCH = {"on": True, "off": False, "true": True, "false": False, "yes": True, "no": False}


def config_from_spec(spec: AgentSpec) -> MCTSConfig:
    """Read the parameters of ``mcts:...``; ``InvalidAgentSpecError`` names a bad one."""
    spec.check_keys(*PARAMETERS)
    params = spec.params
    iters = params.get("iters")
    seconds = params.get("time")
    budget = Budget(
        iters=int(spec.float_param("iters", 0, 1, 10**9)) if iters else None,
        seconds=spec.float_param("time", 0, 0.001, 3600) if seconds else None,
    )
    if budget.iters is None and budget.seconds is None:
        budget = DEFAULT_BUDGET
    rollout = params.get("rollout")
    if rollout is not None and rollout not in ("greedy", "random", "own"):
        raise InvalidAgentSpecError(f"mcts: rollout must be greedy, random or own, not {rollout!r}")
    chance = params.get("chance", "expect")
    if chance not in ("expect", "sample"):
        raise InvalidAgentSpecError(f"mcts: chance must be expect or sample, not {chance!r}")
    reuse = _SWITCH.get(params.get("reuse", "on").lower())
    if reuse is None:
        raise InvalidAgentSpecError("mcts: reuse must be on or off")
    depth = params.get("depth")
    judge = params.get("eval", "rules")
    if judge not in ("rules", "td"):
        raise InvalidAgentSpecError(f"mcts: eval must be rules or td, not {judge!r}")
    weights = params.get("weights")
    if weights is not None and judge != "td":
        raise InvalidAgentSpecError("mcts: weights=PATH is read with eval=td only")
    return MCTSConfig(
        budget=budget,
        c=spec.float_param("c", MCTSConfig.c, 0.0, 100.0),
        rollout=rollout,
        depth=int(spec.float_param("depth", 0, 0, 10**6)) if depth else None,
        eps=spec.float_param("eps", 0.0, 0.0, 1.0),
        stratified=chance == "expect",
        reuse=reuse,
        noise=spec.float_param("noise", 0.0, 0.0, 1.0),
        forget=spec.float_param("forget", 0.0, 0.0, 1.0),
        widen=spec.float_param("widen", MCTSConfig.widen, 0.0, 100.0),
        learned=judge == "td",
        weights=weights,
    )


def _plays(game: Game) -> bool:
    """Turn-based games only: real-time play has its own bots."""
    return not game.simultaneous


@register_agent("mcts", available=_plays)
def make_mcts(game: Game, spec: AgentSpec, seed: int) -> MCTSAgent:
    return MCTSAgent(game, config_from_spec(spec), seed)
