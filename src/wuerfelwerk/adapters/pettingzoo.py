"""PettingZoo: ``env(game, **options)`` is an AEC environment for any registered game.

Observations are ``{"observation": tensor, "action_mask": int8 mask over action ids}``
built from ``state.observation(seat)`` and, where hidden values are shown once, what the
seat remembers of them (see ``tensors`` and ``memories``); actions are the game's action
ids (``game.action_id``). Chance is resolved inside the environment with the core's
``SeededChance``: the outcome at action number ``i`` depends only on the episode seed and
``i``, and ``reset(seed=...)`` fixes the episode seeds, so the seed drives all chance.
Rewards are the change of ``state.returns()``: zero until the end, then each seat's return.
With ``shaping=w`` (Dimenticato) each step also rewards progress (``shaping``).
An illegal action raises the rule it breaks, or, with ``illegal_reward`` set (PettingZoo
classic's convention), ends the game: that reward to the agent who took it, 0 to the
others. ``render_mode="ansi"`` draws the board as the terminal does.

Real-time games (Wurf & Weg) run in the discrete-event mode of ``core/realtime``: each
seat acts on its own simulated clock, and ``agent_selection`` is the seat the driver asks
for its next action; an action overtaken by events before it lands is dropped and that
seat is asked again (see ``drivers``).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import AECEnv  # type: ignore[import-untyped]  # PettingZoo ships no types

import wuerfelwerk

from ..boards import ansi
from ..core import Game, Record, State, WuerfelwerkError
from ..core.agent import Observe, tell
from .drivers import Clocks, Turns
from .memories import Memories
from .shaping import Shaping
from .tensors import Tensor, tensor_for


def env(
    game: str | Game,
    render_mode: str | None = None,
    illegal_reward: float | None = None,
    shaping: float = 0.0,
    **options: Any,
) -> WuerfelwerkEnv:
    """The AEC environment of ``game`` (a name and its options, or a loaded game)."""
    loaded = wuerfelwerk.load(game, **options) if isinstance(game, str) else game
    return WuerfelwerkEnv(
        loaded, render_mode=render_mode, illegal_reward=illegal_reward, shaping=shaping
    )


class WuerfelwerkEnv(AECEnv):  # type: ignore[misc]  # AECEnv is untyped (Any)
    """One game per episode; agents ``player_0`` .. ``player_{n-1}`` are the seats."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "wuerfelwerk",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: Game,
        render_mode: str | None = None,
        illegal_reward: float | None = None,
        shaping: float = 0.0,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.game = game
        self.render_mode = render_mode
        #: None: an illegal action raises; a number: it ends the game with this reward.
        self.illegal_reward = illegal_reward
        #: The weight of the progress reward (``shaping``); 0: the returns alone.
        self.shaping = Shaping(game, shaping)
        #: Agents beside the learners that remember what they see (``core.agent.tell``).
        self.watching: list[tuple[int, Observe]] = []
        self.tensor: Tensor = tensor_for(game)
        self.possible_agents = [f"player_{seat}" for seat in range(game.num_players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        actions = game.num_distinct_actions
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(
                        0.0, self.tensor.high, self.tensor.shape, np.float32
                    ),
                    "action_mask": gymnasium.spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(actions) for agent in self.possible_agents
        }
        self._episodes = random.Random()
        self.state: State = game.new_initial_state()
        self.memories = Memories(game)
        self._driver: Turns | Clocks = Turns(self.state, 0, Record(game.name, {}), self._see)
        self._ended = False

    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._episodes = random.Random(seed)
        episode_seed = self._episodes.getrandbits(63)
        self._driver.stop()
        self.state = self.game.new_initial_state()
        #: The episode so far, chance included: ``wuerfelwerk replay`` shows it.
        self.record = Record(self.game.name, self.game.options_json(), episode_seed)
        driver = Clocks if self.game.simultaneous else Turns
        self.memories = Memories(self.game)
        self._driver = driver(self.state, episode_seed, self.record, self._see)
        self._ended = False
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select(self._driver.start())

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seats[agent]
        mask = np.zeros(self.game.num_distinct_actions, np.int8)
        if not self._ended and not self.state.is_terminal() and seat in self.state.active_players:
            mask[[self.game.action_id(a) for a in self.state.legal_actions(seat)]] = 1
        return {
            "observation": self.tensor.encode(self.memories.information(self.state, seat)),
            "action_mask": mask,
        }

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        seat = self._seats[agent]
        try:
            chosen = self.game.action_from_id(int(action))
            if chosen not in self.state.legal_actions(seat):
                raise self.state._explain_illegal(chosen)
        except WuerfelwerkError:
            if self.illegal_reward is None:
                raise
            self._end_by_illegal_action(agent)
            return
        before = self._value()
        self._select(self._driver.give(seat, chosen))
        after = self._value()
        self.rewards = {a: after[i] - before[i] for i, a in enumerate(self.possible_agents)}
        self._accumulate_rewards()
        if self.state.is_terminal():
            self.terminations = dict.fromkeys(self.agents, True)
            self._deads_step_first()

    def _value(self) -> list[float]:
        """Each seat's return so far and its potential (``shaping``): a step's reward is
        the change."""
        potentials = self.shaping.potentials(self.state)
        return [r + p for r, p in zip(self.state.returns(), potentials, strict=True)]

    def _see(self, state: State) -> None:
        self.memories.see(state)
        tell(self.watching, state)

    def _end_by_illegal_action(self, agent: str) -> None:
        """PettingZoo classic's convention: the game ends, the agent who acted illegally
        gets ``illegal_reward``, the others 0."""
        self._driver.stop()
        self._ended = True
        # The game ends here: the potentials go (``shaping``), as at any end.
        potentials = self.shaping.potentials(self.state)
        self.rewards = {a: -potentials[self._seats[a]] for a in self.agents}
        self.rewards[agent] += float(self.illegal_reward or 0.0)
        self.infos[agent] = {"illegal_action": True}
        self._accumulate_rewards()
        self.terminations = dict.fromkeys(self.agents, True)
        self._deads_step_first()

    def _select(self, seat: int | None) -> None:
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return ansi(self.state, None)

    def close(self) -> None:
        self._driver.stop()
