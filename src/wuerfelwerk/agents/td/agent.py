"""``td``: the learned evaluation playing on its own.

``td`` looks one ply deep: of the positions the legal actions lead to, it takes the one
where the network gives the seat the best chance (where the game plans turns, after the
best way to finish the turn). ``td:depth=2`` looks a turn further (expectimax): for each
of the ``width`` best actions at one ply, every roll of the dice with its probability
(in games without dice, the position as it stands), the answer the next seat to act
would choose one ply deep, and the network's judgement of where that leads;
``td:depth=3`` looks one more turn ahead, the next seat searching its ``reply`` best
answers two turns deep (slow: a reference for benchmarks). ``time=S`` caps a decision at
S seconds (the actions not reached by then are left out, the best at one ply being
looked at first); ``noise=P`` plays that share of its decisions at random (the lower
levels). ``td`` plays the network shipped for the game, board and number of players;
``td:weights=PATH`` a checkpoint written by ``wuerfelwerk train``.

In a game with hidden values (Dimenticato) the agent never reads them: it remembers what
it was shown (``observe``) and plans in the position its memory describes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

import numpy as np

from ...core import CHANCE, Action, Game, State
from ..registry import register_agent
from ..spec import AgentSpec
from .evaluator import Evaluator, evaluator_for
from .features import Memory, has_features

#: Actions looked at two plies deep, by default.
WIDTH = 8
#: Answers of the next seat looked at deeper, with ``depth=3``.
REPLY = 2


class TDAgent:
    def __init__(
        self,
        evaluator: Evaluator,
        seed: int,
        depth: int = 1,
        width: int = WIDTH,
        seconds: float | None = None,
        noise: float = 0.0,
        reply: int = REPLY,
    ) -> None:
        self.evaluator = evaluator
        self.rng = random.Random(seed)
        self.depth = depth
        self.width = width
        self.seconds = seconds
        self.noise = noise
        self.reply = reply
        self.memory: Memory | None = evaluator.features.memory(self.rng)

    def observe(self, state: State, player: int, moment: Mapping[str, Any] | None) -> None:
        """In games with hidden values, remember what ``player`` is shown as it happens."""
        if self.memory is not None:
            self.memory.observe(state.observation(player), moment)

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        if self.noise and self.rng.random() < self.noise:
            return self.rng.choice(legal)
        if self.memory is not None:
            state = self.memory.position(state.observation(player))
            legal = state.legal_actions(player)
        if self.depth == 1:
            return legal[self.evaluator.best(state, player, legal, self.rng)]
        return legal[self.search(state, player, legal)[0]]

    def search(self, state: State, player: int, legal: list[Action]) -> tuple[int, list[float]]:
        """The index of the best of ``legal`` searched ``depth`` turns deep, and each
        searched action's chance for ``player`` (the others left at -1)."""
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        rows, ends = self.evaluator.plan(state, legal)
        values = [-1.0] * len(legal)
        best, best_value = -1, -1.0
        for index in np.argsort(-rows[:, player], kind="stable")[: self.width]:
            end = ends[index]
            value = rows[index] if end is None else self.onward([end], player, self.depth - 1)[0]
            values[index] = float(value[player])
            if values[index] > best_value:
                best, best_value = int(index), values[index]
            if deadline is not None and time.perf_counter() > deadline:
                break
        return best, values

    def value_of(self, state: State, player: int, action: Action) -> float:
        """``player``'s chance after ``action``, searched ``depth`` turns deep."""
        rows, ends = self.evaluator.plan(state, [action])
        end = ends[0]
        if end is None or self.depth == 1:
            return float(rows[0, player])
        return float(self.onward([end], player, self.depth - 1)[0, player])

    def expect(self, state: State, action: Action, player: int) -> float:
        """``player``'s chance after ``action``, the dice and the next seat's answer."""
        rows, ends = self.evaluator.plan(state, [action])
        end = ends[0]
        return float(rows[0, player] if end is None else self.onward([end], player, 1)[0, player])

    def onward(
        self, states: list[State], mover: int, plies: int, rolled: bool = False
    ) -> np.ndarray:
        """Each seat's chance (a row per state) at the end of ``mover``'s turn in each of
        ``states``, looked at ``plies`` turns further: the dice by their odds, then the
        best answer of the seat to act. The positions of one level are judged together."""
        evaluator = self.evaluator
        values = np.zeros((len(states), evaluator.players))
        direct: list[int] = []
        deciding: list[int] = []
        rolls: list[tuple[int, float, State]] = []
        for index, state in enumerate(states):
            player = state.current_player
            if state.is_terminal():
                values[index] = evaluator.result(state)
            elif player == CHANCE:
                for roll, probability in state.chance_outcomes():
                    after = state.clone()
                    after.apply(roll)
                    rolls.append((index, probability, after))
            elif player == mover and not rolled:
                # The same turn goes on without a roll (a barricade to place): judged as
                # it is.
                direct.append(index)
            else:
                deciding.append(index)
        if direct:
            values[direct] = evaluator.chances([states[i] for i in direct])
        if rolls:
            after_rolls = self.onward([after for *_, after in rolls], mover, plies, True)
            for (index, probability, _), value in zip(rolls, after_rolls, strict=True):
                values[index] += probability * value
        if deciding:
            values[deciding] = self.answers([states[i] for i in deciding], plies)
        return values

    def answers(self, states: list[State], plies: int) -> np.ndarray:
        """Each seat's chance (a row per state) once the seat to act has chosen: one ply
        deep, or with more plies the best of its ``reply`` best answers searched further."""
        features = self.evaluator.features
        plans = self.evaluator.plan_many(
            [(s, features.candidates(s, s.current_player)) for s in states]
        )
        values = np.full((len(states), self.evaluator.players), -1.0)
        # Per seat to act: (state's index, the answer's row at one ply, where it ends).
        deeper: dict[int, list[tuple[int, np.ndarray, State | None]]] = {}
        for index, (state, (rows, ends)) in enumerate(zip(states, plans, strict=True)):
            mover = state.current_player
            order = np.argsort(-rows[:, mover], kind="stable")
            if plies <= 1:
                values[index] = rows[order[0]]
            else:
                deeper.setdefault(mover, []).extend(
                    (index, rows[k], ends[k]) for k in order[: self.reply]
                )
        for mover, answers in deeper.items():
            going: list[State] = []
            for _, _, end in answers:
                if end is not None:
                    going.append(end)
            searched = iter(self.onward(going, mover, plies - 1) if going else ())
            for index, row, end in answers:
                value = row if end is None else next(searched)
                if value[mover] > values[index, mover]:
                    values[index] = value
        return values


@register_agent("td", available=has_features)
def make_td(game: Game, spec: AgentSpec, seed: int) -> TDAgent:
    spec.check_keys("weights", "depth", "width", "time", "noise", "reply")
    depth = int(spec.float_param("depth", 1, 1, 3))
    width = int(spec.float_param("width", WIDTH, 1, 1000))
    reply = int(spec.float_param("reply", REPLY, 1, 1000))
    seconds = spec.float_param("time", 0, 0.001, 3600) if "time" in spec.params else None
    evaluator = evaluator_for(game, spec.params.get("weights"))
    noise = spec.float_param("noise", 0.0, 0.0, 1.0)
    return TDAgent(evaluator, seed, depth, width, seconds, noise, reply)
