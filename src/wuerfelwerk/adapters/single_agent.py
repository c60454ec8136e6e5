"""Gymnasium: ``single_agent_env(game, **options)`` is one seat of a game as a
``gymnasium.Env``, the other seats played by our agents.

The learner's seat is ``seat`` (0 unless told); the others are played by ``opponents``,
agent specs as the command line takes them (``random`` unless told), seeded from the
episode seed, so that ``reset(seed=...)`` fixes the whole episode. Observations, action
ids, rewards and ``render_mode="ansi"`` are the PettingZoo environment's (``pettingzoo``),
which this one drives: each ``step`` plays the learner's action, then the opponents until
the learner is asked again or the game ends. An illegal action ends the game with
``illegal_reward`` for the learner (PettingZoo classic's convention), so that any action
of the action space may be stepped (Gymnasium's ``check_env``).

Importing this module registers every game with Gymnasium as ``wuerfelwerk/<Name>-v0``
(``env_ids``), so that ``gymnasium.make("wuerfelwerk/Malefiz-v0", players=2)`` builds the
same environment; ``make``'s keyword arguments are ``single_agent_env``'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

import gymnasium
import numpy as np

import wuerfelwerk

from ..agents import make_agent
from ..core import Agent, Game, game_class, game_names
from ..core.agent import watchers
from .pettingzoo import WuerfelwerkEnv


def single_agent_env(
    game: str | Game,
    seat: int = 0,
    opponents: Sequence[str] = ("random",),
    illegal_reward: float = -1.0,
    render_mode: str | None = None,
    shaping: float = 0.0,
    **options: Any,
) -> SingleAgentEnv:
    """The environment of seat ``seat`` of ``game`` (a name and its options, or a loaded
    game); ``opponents`` are one spec for every other seat, or one per other seat;
    ``shaping`` weighs a reward for progress (``adapters.shaping``)."""
    loaded = wuerfelwerk.load(game, **options) if isinstance(game, str) else game
    return SingleAgentEnv(loaded, seat, opponents, illegal_reward, render_mode, shaping)


class SingleAgentEnv(gymnasium.Env[dict[str, np.ndarray], np.int64]):
    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012  # gymnasium's

    def __init__(
        self,
        game: Game,
        seat: int,
        opponents: Sequence[str],
        illegal_reward: float,
        render_mode: str | None,
        shaping: float = 0.0,
    ) -> None:
        others = game.num_players - 1
        if not 0 <= seat < game.num_players:
            raise ValueError(f"seat must be 0 to {game.num_players - 1}, not {seat}")
        if len(opponents) not in (1, others):
            raise ValueError(f"give one opponent for every seat or {others}, not {len(opponents)}")
        self.game = game
        self.seat = seat
        self.specs = list(opponents) * others if len(opponents) == 1 else list(opponents)
        for spec in self.specs:
            make_agent(spec, game)  # a wrong spec fails here, not in the first episode
        self.env = WuerfelwerkEnv(
            game, render_mode=render_mode, illegal_reward=illegal_reward, shaping=shaping
        )
        self.render_mode = render_mode
        self.agent = self.env.possible_agents[seat]
        self.observation_space = self.env.observation_space(self.agent)  # type: ignore[assignment]  # a Dict space of arrays
        self.action_space = self.env.action_space(self.agent)
        self.opponents: dict[int, Agent] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        others = [s for s in range(self.game.num_players) if s != self.seat]
        self.opponents = {
            other: make_agent(spec, self.game, int(self.np_random.integers(2**63)))
            for other, spec in zip(others, self.specs, strict=True)
        }
        self.env.watching = watchers(self.opponents)
        self.env.reset(seed=seed)
        self._play_opponents()
        return self.env.observe(self.agent), dict(self.env.infos[self.agent])

    def step(
        self, action: np.int64 | int
    ) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        env = self.env
        env.step(int(action))
        self._play_opponents()
        # What the learner earned since its last action, as PettingZoo's ``last()``.
        reward = env._cumulative_rewards[self.agent]
        ended = env.terminations[self.agent]
        return env.observe(self.agent), reward, ended, False, dict(env.infos[self.agent])

    def _play_opponents(self) -> None:
        """Let the opponents act until the learner is asked or the game is over."""
        env = self.env
        while env.agent_selection != self.agent:
            seat = env.possible_agents.index(env.agent_selection)
            if env.terminations[env.agent_selection]:
                env.step(None)
                continue
            choice = self.opponents[seat].choose(env.state, seat)
            env.step(self.game.action_id(choice))

    def render(self) -> str | None:
        return self.env.render()

    def close(self) -> None:
        self.env.close()


def env_id(name: str) -> str:
    """The Gymnasium id of a game's single-seat environment: its class's name without
    ``Game`` (``MalefizGame``: ``wuerfelwerk/Malefiz-v0``)."""
    return f"wuerfelwerk/{game_class(name).__name__.removesuffix('Game')}-v0"


def _register() -> dict[str, str]:
    ids = {}
    for name in game_names():
        ids[name] = env_id(name)
        if ids[name] not in gymnasium.registry:
            gymnasium.register(ids[name], partial(single_agent_env, name))
    return ids


#: Every game's Gymnasium id, registered on import.
env_ids = _register()
