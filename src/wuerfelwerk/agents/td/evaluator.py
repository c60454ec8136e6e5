"""A trained value network put to work: winning chances of positions, in seat order,
and the one-ply choice between the positions the legal actions lead to."""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import numpy as np

from ...core import Action, Game, InvalidAgentSpecError, State
from .checkpoint import Checkpoint, check_fits, load_checkpoint, shipped_path
from .features import Features, features_for
from .network import FLOAT, ValueNetwork


def board_of(game: Game) -> str:
    """The board a game is played on (``-`` for games with one board only)."""
    return str(getattr(game.options, "board", "-"))


class Evaluator:
    """Winning chances from a network trained for ``game``."""

    def __init__(self, game: Game, checkpoint: Checkpoint, source: str) -> None:
        self.features: Features = features_for(game)
        check_fits(checkpoint.header, game, board_of(game), self.features.version, source)
        self.network: ValueNetwork = checkpoint.network
        self.players = game.num_players
        self.source = source

    def encode(self, states: Sequence[State]) -> np.ndarray:
        return np.array([self.features.encode(s) for s in states], dtype=FLOAT)

    def absolute(self, states: Sequence[State], relative: np.ndarray) -> np.ndarray:
        """Rows in the network's order (from the seat to act) -> rows in seat order."""
        result = np.empty_like(relative)
        for row, state in enumerate(states):
            result[row, self.features.order(state)] = relative[row]
        return result

    def chances(self, states: Sequence[State]) -> np.ndarray:
        """One row per state: each seat's chance to win."""
        return self.absolute(states, self.network.chances(self.encode(states)))

    def values(self, state: State) -> list[float]:
        """Per seat, the expected return (the scale of ``state.returns()``): a win is
        +1, anything else shares the last places, ``-1 / (players - 1)``."""
        chance = self.chances([state])[0]
        loss = -1.0 / (self.players - 1)
        return [float(p + (1.0 - p) * loss) for p in chance]

    def after(self, state: State, legal: Sequence[Action]) -> np.ndarray:
        """One row per action of ``legal``: each seat's chance to win after it; a won
        game gives the winners their shares, the others 0."""
        results = np.empty((len(legal), self.players), dtype=np.float64)
        open_states: list[State] = []
        open_rows: list[int] = []
        for row, action in enumerate(legal):
            after = state.clone()
            after.apply(action)
            if after.is_terminal():
                results[row] = self.result(after)
            else:
                open_states.append(after)
                open_rows.append(row)
        if open_states:
            results[open_rows] = self.chances(open_states)
        return results

    def result(self, state: State) -> list[float]:
        """Each seat's share of the win in a finished game (a draw: all alike)."""
        outcome = state.outcome()
        assert outcome is not None
        winners = outcome.winners or frozenset(range(self.players))
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(self.players)]

    def best(self, state: State, player: int, legal: Sequence[Action], rng: random.Random) -> int:
        """The index of the action leading to the best chance (ties broken at random)."""
        chances = self.after(state, legal)[:, player]
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
    if weights is None:
        shipped = shipped_path(game.name, board_of(game), game.num_players)
        if shipped is None:
            raise InvalidAgentSpecError(
                f"no trained network ships for {game.name} ({board_of(game)} board, "
                f"{game.num_players} players): train one with 'wuerfelwerk train' and "
                "give it as weights=PATH"
            )
        path = str(shipped)
    else:
        path = str(Path(weights).expanduser())
    return Evaluator(game, _load_current(path), path)
