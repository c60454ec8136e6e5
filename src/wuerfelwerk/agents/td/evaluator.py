"""A trained value network put to work: winning chances of positions, in seat order,
and the choice between the positions the legal actions lead to.

``Evaluator.chances(states)`` answers, for each position, each seat's chance to win (a
row per position, a column per seat, each row summing to 1), calibrated as
``wuerfelwerk calibrate --fit`` found for the network (its temperature, and its curve
where one was fitted: ``calibration``). In a game
with hidden values (Dimenticato) a seat at a table is judged by what it knows:
``chances_seen(informations, seat)`` takes the seat's information states
(``recall.information(state.observation(seat))``); ``chances(states)`` there judges
positions as they stand, every value on them taken as known, which is what a seat
believes inside a search (a determinization), never a real state's hidden values.
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from ...core import Action, Game, InvalidAgentSpecError, State
from .calibration import calibrated
from .checkpoint import Checkpoint, check_fits, describe, load_checkpoint, shipped_path
from .features import Features, features_for
from .network import ValueNetwork

#: Decisions in a row of one seat that a plan of the turn follows at most.
PLAN_DEPTH = 4


def board_of(game: Game) -> str:
    """The board a game is played on (``-`` for games with one board only)."""
    return str(getattr(game.options, "board", "-"))


class Evaluator:
    """Winning chances from a network trained for ``game``."""

    def __init__(self, game: Game, checkpoint: Checkpoint, source: str) -> None:
        self.features: Features = features_for(game)
        check_fits(checkpoint.header, game, board_of(game), self.features.version, source)
        self.network: ValueNetwork = checkpoint.network
        self.calibration = checkpoint.header.calibration
        self.players = game.num_players
        self.game = game
        self.source = source

    def encode(self, states: Sequence[State]) -> np.ndarray:
        return self.features.encode_all(states)

    def absolute(self, states: Sequence[State], relative: np.ndarray) -> np.ndarray:
        """Rows in the network's order (from the seat to act) -> rows in seat order."""
        first = self.features.first
        return self.to_seats(np.array([first(s) for s in states], dtype=np.intp), relative)

    def to_seats(self, first: np.ndarray, relative: np.ndarray) -> np.ndarray:
        """Seat ``s`` of a row whose network order starts at seat ``f`` is the network's
        row ``(s - f) % players``."""
        players = self.players
        rows = (np.arange(players)[None, :] - first.reshape(-1, 1)) % players
        return np.take_along_axis(relative, rows, axis=1)

    def judge(self, x: np.ndarray) -> np.ndarray:
        """Rows of features -> chances in the network's order, calibrated."""
        if not len(x):
            return np.empty((0, self.players), dtype=np.float32)
        fitted = self.calibration
        return calibrated(self.network.logits(x), fitted.temperature, fitted.curve)

    def chances(self, states: Sequence[State]) -> np.ndarray:
        """One row per state: each seat's chance to win."""
        if not states:
            return np.empty((0, self.players), dtype=np.float32)
        return self.absolute(states, self.judge(self.encode(states)))

    def logits(self, states: Sequence[State]) -> np.ndarray:
        """The network's logits in seat order (``chances`` is their softmax, calibrated):
        what a calibration fits."""
        if not states:
            return np.empty((0, self.players), dtype=np.float32)
        return self.absolute(states, self.network.logits(self.encode(states)))

    def chances_seen(self, informations: Sequence[Mapping[str, Any]], seat: int) -> np.ndarray:
        """One row per information state of ``seat`` (its observation with what it
        remembers): each seat's chance to win, judged from what ``seat`` knows."""
        x, first = self._seen(informations, seat)
        return self.to_seats(first, self.judge(x))

    def logits_seen(self, informations: Sequence[Mapping[str, Any]], seat: int) -> np.ndarray:
        """``logits`` of information states, as ``chances_seen`` reads them."""
        x, first = self._seen(informations, seat)
        return self.to_seats(first, self.network.logits(x) if len(x) else x)

    def _seen(
        self, informations: Sequence[Mapping[str, Any]], seat: int
    ) -> tuple[np.ndarray, np.ndarray]:
        features = self.features
        rows = [features.encode_information(info, seat) for info in informations]
        first = np.array([features.first_information(i) for i in informations], dtype=np.intp)
        x = np.array(rows, dtype=np.float32).reshape(len(rows), features.size)
        return x, first

    def values(self, state: State) -> list[float]:
        """Per seat, the expected return (the scale of ``state.returns()``): a win is
        +1, anything else shares the last places, ``-1 / (players - 1)``."""
        return [float(v) for v in self.values_many([state])[0]]

    def values_many(self, states: Sequence[State]) -> np.ndarray:
        """``values`` of several positions, judged in one batch: a row per position."""
        loss = -1.0 / (self.players - 1)
        return self.chances(states) * (1.0 - loss) + loss

    def result(self, state: State) -> list[float]:
        """Each seat's share of the win in a finished game (a draw: all alike)."""
        outcome = state.outcome()
        assert outcome is not None
        winners = outcome.winners or frozenset(range(self.players))
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(self.players)]

    def after(self, state: State, legal: Sequence[Action]) -> np.ndarray:
        """One row per action of ``legal``: each seat's chance to win after it (where
        the game plans turns: after the best way to finish the turn); a won game gives
        the winners their shares, the others 0."""
        return self.plan(state, legal)[0]

    def plan(self, state: State, legal: Sequence[Action]) -> tuple[np.ndarray, list[State | None]]:
        """``after``'s rows, and per action the position where the mover's turn ends
        the best way after it (``None`` where the game is over)."""
        return self.plan_many([(state, legal)])[0]

    def plan_many(
        self, requests: Sequence[tuple[State, Sequence[Action]]]
    ) -> list[tuple[np.ndarray, list[State | None]]]:
        """``plan`` of several positions, their leaves judged together (one batch)."""
        plans = [_Plan(self, state, legal) for state, legal in requests]
        judged = self.chances([leaf for plan in plans for leaf in plan.leaves])
        answers = []
        start = 0
        for plan in plans:
            end = start + len(plan.leaves)
            answers.append(plan.best(judged[start:end]))
            start = end
        return answers

    def best(self, state: State, player: int, legal: Sequence[Action], rng: random.Random) -> int:
        """The index of the action leading to the best chance (ties broken at random)."""
        return best_row(self.after(state, legal), player, rng)


def best_row(rows: np.ndarray, player: int, rng: random.Random) -> int:
    """The row giving ``player`` the best chance (ties broken at random)."""
    chances = rows[:, player]
    top = chances.max()
    ties = np.flatnonzero(chances >= top - 1e-9)
    return int(ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))])


@lru_cache(maxsize=32)
def _load(path: str, stamp: int) -> Checkpoint:
    return load_checkpoint(path)


def _load_current(path: str) -> Checkpoint:
    """The checkpoint at ``path``, read again whenever the file has changed."""
    try:
        stamp = os.stat(path).st_mtime_ns
    except OSError:
        stamp = 0  # missing: load_checkpoint says so
    return _load(path, stamp)


def evaluator_for(game: Game, weights: str | None = None) -> Evaluator:
    """The network shipped for ``game`` (its board and number of players), or the
    checkpoint at ``weights``."""
    features_for(game)  # a game without a learned evaluation says so first
    if weights is None:
        shipped = shipped_path(game.name, board_of(game), game.num_players)
        if shipped is None:
            described = describe(game.name, board_of(game), game.num_players)
            raise InvalidAgentSpecError(
                f"no trained network ships for {described}: train one with "
                "'wuerfelwerk train' and give it as weights=PATH"
            )
        path = str(shipped)
    else:
        path = str(Path(weights).expanduser())
    return Evaluator(game, _load_current(path), path)


class _Plan:
    """The positions a seat's turn may end in after each of its actions: every way to
    finish the turn where the game plans turns (``Features.plans_turn``), else the
    position right after the action."""

    def __init__(self, evaluator: Evaluator, state: State, legal: Sequence[Action]) -> None:
        self.evaluator = evaluator
        self.mover = mover = state.current_player
        self.actions = len(legal)
        plans = evaluator.features.plans_turn
        candidates = evaluator.features.candidates
        self.leaves: list[State] = []
        self.owners: list[int] = []
        self.finished: list[tuple[list[float], int]] = []
        todo: list[tuple[State, int, int]] = []
        for row, action in enumerate(legal):
            after = state.clone()
            after.apply(action)
            todo.append((after, row, 0))
        while todo:
            after, row, depth = todo.pop()
            if after.is_terminal():
                self.finished.append((evaluator.result(after), row))
            elif plans and after.current_player == mover and depth < PLAN_DEPTH:
                actions = candidates(after, mover)
                for action in actions[1:]:
                    further = after.clone()
                    further.apply(action)
                    todo.append((further, row, depth + 1))
                after.apply(actions[0])  # the last use of ``after``: no copy needed
                todo.append((after, row, depth + 1))
            else:
                self.leaves.append(after)
                self.owners.append(row)

    def best(self, judged: np.ndarray) -> tuple[np.ndarray, list[State | None]]:
        """Per action, the chances where the mover's turn ends best, and that position."""
        mover = self.mover
        rows = np.full((self.actions, self.evaluator.players), -1.0)
        ends: list[State | None] = [None] * self.actions
        for index, row in enumerate(self.owners):
            if judged[index, mover] > rows[row, mover]:
                rows[row] = judged[index]
                ends[row] = self.leaves[index]
        for values, row in self.finished:
            if values[mover] >= rows[row, mover]:  # a game won for certain wins a tie
                rows[row] = values
                ends[row] = None
        return rows, ends
