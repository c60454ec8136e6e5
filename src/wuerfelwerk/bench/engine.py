"""Engine throughput: random playouts, chance included, on one core
(``wuerfelwerk bench engine``, ``benchmarks/engine.py``).

Our engines and OpenSpiel's C++ games are driven by the same loop shape from Python,
so the ratio compares the engines as a Python program sees them. The engines compared
take turns in short slices (``interleaved``), so that a change of load on a shared
machine hits all of them alike.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from functools import partial
from importlib.util import find_spec
from typing import Any

import wuerfelwerk

from ..agents import make_agent
from ..core import CHANCE, SIMULTANEOUS, derive_seed
from ..core.realtime import play_realtime

OPENSPIEL_REFERENCES = ("maedn", "backgammon")
#: The length of one engine's turn in an interleaved measurement.
SLICE_SECONDS = 0.25

#: A measurement: ``rate(seconds, seed)`` in actions per second.
Rate = Callable[[float, int], float]


def interleaved(rates: Mapping[str, Rate], seconds: float) -> dict[str, float]:
    """Each engine's actions per second over ``seconds`` of its own, measured in turns of
    about ``SLICE_SECONDS`` (each turn a new seed, the same for every engine)."""
    turns = max(1, round(seconds / SLICE_SECONDS))
    span = seconds / turns
    totals = dict.fromkeys(rates, 0.0)
    for turn in range(turns):
        for name, rate in rates.items():
            totals[name] += rate(span, turn)
    return {name: total / turns for name, total in totals.items()}


def engine_rates(
    game_names: list[str], seconds: float, options: Mapping[str, Any] | None = None
) -> dict[str, float]:
    """Our games (with ``options``, for one game) and OpenSpiel's references (where
    open-spiel is installed), interleaved: ``{name: actions per second}``, the
    references under ``openspiel <name>``."""
    rates: dict[str, Rate] = {}
    if openspiel_available():
        for ref in OPENSPIEL_REFERENCES:
            rates[f"openspiel {ref}"] = partial(openspiel_rate, ref)
    for name in game_names:
        rates[name] = partial(engine_rate, name, **(options or {}))
    return interleaved(rates, seconds)


def openspiel_available() -> bool:
    return find_spec("pyspiel") is not None


def engine_rate(game_name: str, seconds: float, seed: int = 0, **options: Any) -> float:
    """Actions per second of random playouts of one of our games."""
    game = wuerfelwerk.load(game_name, **options)
    rng = random.Random(seed)
    choice = rng.choice
    actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player
            if player == CHANCE:
                action = state.sample_chance(rng)
            elif player == SIMULTANEOUS:
                seat = choice(state.active_players)
                action = choice(state.legal_actions(seat))
            else:
                action = choice(state.legal_actions())
            state.apply(action)
            actions += 1
    return actions / (time.perf_counter() - start)


def driver_rate(game_name: str, seconds: float, seed: int = 0, **options: Any) -> float:
    """Actions per second of whole real-time games between random agents on the
    discrete-event driver (simulated clocks included)."""
    game = wuerfelwerk.load(game_name, **options)
    actions = 0
    games = 0
    start = time.perf_counter()
    while time.perf_counter() < start + seconds:
        agents = [
            make_agent("random", game, derive_seed(seed, games, s)) for s in range(game.num_players)
        ]
        actions += len(play_realtime(game, agents, derive_seed(seed, games)).actions)
        games += 1
    return actions / (time.perf_counter() - start)


def openspiel_rate(game_name: str, seconds: float, seed: int = 0) -> float:
    """Actions per second of random playouts of an OpenSpiel game, the same loop."""
    import pyspiel  # type: ignore[import-not-found]  # OpenSpiel's compiled module has no stubs

    game = pyspiel.load_game(game_name)
    rng = random.Random(seed)
    choice = rng.choice
    actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                pick = rng.random()
                total = 0.0
                for outcome, probability in state.chance_outcomes():
                    action = outcome
                    total += probability
                    if pick < total:
                        break
            else:
                action = choice(state.legal_actions())
            state.apply_action(action)
            actions += 1
    return actions / (time.perf_counter() - start)


def engine_benchmark(
    game_name: str, seconds: float, options: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """``{"game", "options", "actions_per_s", "references", "ratios"}`` from one
    interleaved run (no references where open-spiel is not installed)."""
    options = dict(options or {})
    rates = engine_rates([game_name], seconds, options)
    ours = rates[game_name]
    game = wuerfelwerk.load(game_name, **options)
    result: dict[str, Any] = {
        "game": game_name,
        "options": game.options_json(),
        "actions_per_s": ours,
    }
    if game.simultaneous:
        result["driver_actions_per_s"] = driver_rate(game_name, seconds, **options)
    references = {
        name.removeprefix("openspiel "): rate for name, rate in rates.items() if name != game_name
    }
    result["references"] = references
    result["ratios"] = {name: ours / rate for name, rate in references.items()}
    return result
