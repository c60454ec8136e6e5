"""PettingZoo's parallel API for the real-time games (Wurf & Weg): every seat acts at
once.

``parallel_env(game, **options)`` is a ``ParallelEnv``. Each ``step`` takes one action
per agent, a joint action as OpenSpiel's adapter has it: a seat that can act chooses one
of its actions, a seat that cannot has only *wait* (the extra last id,
``num_distinct_actions``); the actions are applied one after another, the first seat
rotating from step to step, each after the dice the one before threw, and one no longer
legal by then is dropped (``drivers.joint_order``). Observations are the AEC
environment's (``pettingzoo``) with a mask that includes *wait*; chance is drawn with
``SeededChance`` from the episode seed, so ``reset(seed=...)`` fixes it. Rewards are the
change of ``state.returns()``; every agent ends with the game. An illegal action raises
the rule it breaks, or, with ``illegal_reward`` set, ends the game as in the AEC
environment: that reward to each agent who took one, 0 to the others.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]  # PettingZoo ships no types

import wuerfelwerk

from ..boards import ansi
from ..core import SIMULTANEOUS, Game, Record, State, WuerfelwerkError
from .drivers import Turns, joint_order
from .memories import Memories
from .tensors import Tensor, tensor_for

Observation = dict[str, np.ndarray]
#: What ``step`` returns per agent: observations, rewards, terminations, truncations, infos.
Step = tuple[
    dict[str, Observation],
    dict[str, float],
    dict[str, bool],
    dict[str, bool],
    dict[str, dict[str, Any]],
]


def parallel_env(
    game: str | Game,
    render_mode: str | None = None,
    illegal_reward: float | None = None,
    **options: Any,
) -> WuerfelwerkParallelEnv:
    """The parallel environment of a real-time ``game`` (a name and its options, or a
    loaded game)."""
    loaded = wuerfelwerk.load(game, **options) if isinstance(game, str) else game
    return WuerfelwerkParallelEnv(loaded, render_mode=render_mode, illegal_reward=illegal_reward)


class WuerfelwerkParallelEnv(ParallelEnv):  # type: ignore[misc]  # ParallelEnv is untyped (Any)
    metadata: ClassVar[dict[str, Any]] = {"name": "wuerfelwerk_parallel", "render_modes": ["ansi"]}

    def __init__(
        self, game: Game, render_mode: str | None = None, illegal_reward: float | None = None
    ) -> None:
        if not game.simultaneous:
            raise ValueError(
                f"{game.title} is played in turns: use the AEC environment (pettingzoo.env)"
            )
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.game = game
        self.render_mode = render_mode
        #: None: an illegal action raises; a number: it ends the game with this reward.
        self.illegal_reward = illegal_reward
        self.tensor: Tensor = tensor_for(game)
        self.possible_agents = [f"player_{seat}" for seat in range(game.num_players)]
        self.agents: list[str] = []
        #: The extra last action id: a seat that cannot act now waits.
        self.wait = game.num_distinct_actions
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(
                        0.0, self.tensor.high, self.tensor.shape, np.float32
                    ),
                    "action_mask": gymnasium.spaces.Box(0, 1, (self.wait + 1,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(self.wait + 1) for agent in self.possible_agents
        }
        self._episodes = random.Random()
        self.state: State = game.new_initial_state()
        self.memories = Memories(game)
        self.steps = 0
        #: Ended by an illegal action (``illegal_reward``), the game itself unfinished.
        self._ended = False

    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        if seed is not None:
            self._episodes = random.Random(seed)
        episode_seed = self._episodes.getrandbits(63)
        self.state = self.game.new_initial_state()
        #: The episode so far, chance included: ``wuerfelwerk replay`` shows it.
        self.record = Record(self.game.name, self.game.options_json(), episode_seed)
        self.memories = Memories(self.game)
        self._turns = Turns(self.state, episode_seed, self.record, self.memories.see)
        self._turns.start()
        self.steps = 0
        self._ended = False
        self.agents = list(self.possible_agents)
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, Any]) -> Step:
        state = self.state
        seats = len(self.possible_agents)
        chosen = {}
        offenders = []
        for seat, agent in enumerate(self.possible_agents):
            if agent not in actions or int(actions[agent]) == self.wait:
                continue
            try:
                action = self.game.action_from_id(int(actions[agent]))
                if action not in state.legal_actions(seat):
                    raise state._explain_illegal(action)
            except WuerfelwerkError:
                if self.illegal_reward is None:
                    raise
                offenders.append(agent)
                continue
            chosen[seat] = action
        if offenders:
            return self._end_by_illegal_actions(offenders)
        before = state.returns()
        for seat, action in joint_order(chosen, self.steps % seats, seats):
            if state.current_player != SIMULTANEOUS:
                break
            if state.is_legal(action):
                self._turns.give(seat, action)
        self.steps += 1
        after = state.returns()
        agents = self.agents
        rewards = {agent: after[i] - before[i] for i, agent in enumerate(self.possible_agents)}
        over = state.is_terminal()
        observations = self._observations()
        self.agents = [] if over else agents
        return (
            observations,
            {agent: rewards[agent] for agent in agents},
            dict.fromkeys(agents, over),
            dict.fromkeys(agents, False),
            {agent: {} for agent in agents},
        )

    def _end_by_illegal_actions(self, offenders: list[str]) -> Step:
        """PettingZoo classic's convention, as in the AEC environment: the game ends,
        every agent who acted illegally gets ``illegal_reward``, the others 0; nothing of
        this step is applied."""
        agents = self.agents
        self.agents = []
        self._ended = True
        reward = float(self.illegal_reward or 0.0)
        return (
            self._observations(),
            {agent: reward if agent in offenders else 0.0 for agent in agents},
            dict.fromkeys(agents, True),
            dict.fromkeys(agents, False),
            {agent: {"illegal_action": True} if agent in offenders else {} for agent in agents},
        )

    def _observations(self) -> dict[str, Observation]:
        state = self.state
        active = set() if self._ended or state.is_terminal() else set(state.active_players)
        observations = {}
        for seat, agent in enumerate(self.possible_agents):
            mask = np.zeros(self.wait + 1, np.int8)
            legal = state.legal_actions(seat) if seat in active else []
            mask[[self.game.action_id(a) for a in legal] or [self.wait]] = 1
            observations[agent] = {
                "observation": self.tensor.encode(self.memories.information(state, seat)),
                "action_mask": mask,
            }
        return observations

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return ansi(self.state, None)
