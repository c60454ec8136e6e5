"""Self-play TD(lambda) training of a value network.

Every game is played by the network against itself, one ply deep (``Evaluator.best``),
with a share ``explore`` of random decisions; in a share ``greedy`` of the games one
seat, drawn at random, is played by the game's greedy player instead. An untrained
network plays at random, and on a board as large as Malefiz's classic one random games
end at the round limit, undecided: the greedy seat brings decided games, and so a
signal, from the start. After the game, each position seen gets as
its target the lambda-return: the chances the network gave the next position, mixed
with those further on, and at the end the result (Sutton 1988; the offline forward view
of TD(lambda)). The network then learns those targets by minibatch Adam on the
cross-entropy.

Games are played ``together`` at a time side by side (a block starts at every multiple
of ``together``), so that the positions their decisions need judged go to the network
in one batch; the network learns from the games of a block one after the other once the
block is over. Game ``i`` of a training run draws its dice and choices from a seed
derived from the run's seed and ``i``, and a checkpoint holds the optimiser's state, so
a run resumed from a checkpoint written at the end of a block plays and learns exactly
as one that never stopped.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np

from ...core import CHANCE, Action, Game, State, derive_seed
from ...core.agent import tell, watchers
from ...core.chance import SeededChance
from ..registry import make_agent
from .checkpoint import Calibration, Checkpoint, Header, Training
from .evaluator import Evaluator, best_row, board_of
from .features import features_for
from .network import FLOAT, Adam, ValueNetwork


def new_checkpoint(game: Game, hidden: int, training: Training) -> Checkpoint:
    """An untrained network for ``game``."""
    features = features_for(game)
    network = ValueNetwork.initial(
        features.size, hidden, game.num_players, derive_seed(training.seed, "td", "init")
    )
    header = Header(
        game=game.name,
        board=board_of(game),
        players=game.num_players,
        features=features.version,
        inputs=features.size,
        hidden=hidden,
        training=training,
    )
    return Checkpoint(header, network, Adam.fresh(network, training.rate))


class Trainer:
    """Plays and learns from a checkpoint (new or resumed): ``together`` games at a
    time side by side, then learns from each in turn."""

    def __init__(self, game: Game, checkpoint: Checkpoint) -> None:
        self.game = game
        # A calibration fits the network as it was. Training judges by the network
        # itself, and the network it makes is to be calibrated again.
        if checkpoint.header.calibration != Calibration():
            checkpoint.header = replace(checkpoint.header, calibration=Calibration())
        self.checkpoint = checkpoint
        self.evaluator = Evaluator(game, checkpoint, "the checkpoint in training")

    @property
    def training(self) -> Training:
        return self.checkpoint.header.training

    def self_play(self, seeds: Sequence[int]) -> list[tuple[list[State], list[float]]]:
        """Games of the network against itself, played side by side so that the
        positions they need judged go to the network together: per game every position
        before the end, and the result (each seat's share of the win)."""
        games = [_SelfPlay(self, seed) for seed in seeds]
        playing = list(games)
        while playing:
            waiting = [game for game in playing if game.advance()]
            plans = self.evaluator.plan_many([(g.state, g.legal) for g in waiting])
            for game, (rows, _) in zip(waiting, plans, strict=True):
                game.play(game.legal[best_row(rows, game.state.current_player, game.rng)])
            playing = waiting
        return [(game.seen, self.evaluator.result(game.state)) for game in games]

    def targets(self, seen: list[State], result: list[float]) -> tuple[np.ndarray, np.ndarray]:
        """The features of every position and its lambda-return, in the network's order."""
        x = self.evaluator.encode(seen)
        first = np.array([self.evaluator.features.first(s) for s in seen], dtype=np.intp)
        return x, self.returns(x, first, result)

    def returns(self, x: np.ndarray, first: np.ndarray, result: list[float]) -> np.ndarray:
        """The lambda-returns of a game's positions (features ``x``, the network's first
        seat of each) by the network as it is now, in the network's order."""
        evaluator = self.evaluator
        lam = self.training.lam
        chances = evaluator.to_seats(first, evaluator.judge(x))
        returns = np.empty_like(chances)
        ahead = np.asarray(result, dtype=FLOAT)
        for t in range(len(x) - 1, -1, -1):
            returns[t] = ahead
            ahead = (1.0 - lam) * chances[t] + lam * ahead
        players = evaluator.players
        seats = (first[:, None] + np.arange(players)[None, :]) % players
        return np.take_along_axis(returns, seats, axis=1)

    def learn(self, x: np.ndarray, target: np.ndarray, rng: random.Random) -> float:
        """Minibatch Adam over the rows in a random order; the mean loss."""
        network = self.checkpoint.network
        optimiser = self.checkpoint.optimiser
        batch = self.training.batch
        rows = list(range(len(x)))
        rng.shuffle(rows)
        losses = []
        for start in range(0, len(rows), batch):
            pick = rows[start : start + batch]
            loss, grads = network.gradients(x[pick], target[pick])
            optimiser.step(network, grads)
            losses.append(loss)
        return float(np.mean(losses)) if losses else 0.0

    def play_and_learn(self, count: int = 1) -> list[float]:
        """Play the next ``count`` games of the run side by side, then learn from each
        in turn, ``passes`` times over the block (the targets judged anew each time);
        the games' mean losses in the last pass."""
        first = self.training.games
        seeds = [derive_seed(self.training.seed, "td", "game", first + i) for i in range(count)]
        games = []
        for seen, result in self.self_play(seeds):
            x = self.evaluator.encode(seen)
            firsts = np.array([self.evaluator.features.first(s) for s in seen], dtype=np.intp)
            games.append((x, firsts, result))
        losses: list[float] = []
        for done in range(self.training.passes):
            losses = []
            for index, (seed, (x, firsts, result)) in enumerate(zip(seeds, games, strict=True)):
                target = self.returns(x, firsts, result)
                order = random.Random(seed if done == 0 else derive_seed(seed, done))
                losses.append(self.learn(x, target, order))
                played = first + (index + 1 if done == 0 else count)
                training = replace(
                    self.training, games=played, steps=self.checkpoint.optimiser.steps
                )
                self.checkpoint.header = replace(self.checkpoint.header, training=training)
        return losses

    def run(
        self,
        games: int,
        path: Path,
        every: int,
        progress: Callable[[float], None] | None = None,
    ) -> None:
        """Train until the run has played ``games`` games in all, saving to ``path``
        every ``every`` games and at the end."""
        together = self.training.together
        while self.training.games < games:
            done = self.training.games
            count = min(together - done % together, games - done)
            for loss in self.play_and_learn(count):
                if progress is not None:
                    progress(loss)
            if self.training.games // every > done // every or self.training.games == games:
                self.checkpoint.save(path)


class _SelfPlay:
    """One game of a ``Trainer``'s self-play, advanced until the network must choose."""

    def __init__(self, trainer: Trainer, seed: int) -> None:
        game = trainer.game
        training = trainer.training
        self.game = game
        self.explore = training.explore
        self.chance = SeededChance(seed)
        self.rng = rng = random.Random(seed)
        players = game.num_players
        self.teacher = (
            rng.randrange(players) if training.greedy and rng.random() < training.greedy else -1
        )
        self.greedy = make_agent("greedy", game, seed) if self.teacher >= 0 else None
        # A greedy player that remembers (Dimenticato) is shown the game as it goes.
        self.watching = watchers({self.teacher: self.greedy}) if self.greedy is not None else []
        self.state = game.new_initial_state()
        tell(self.watching, self.state)
        self.seen: list[State] = []
        self.legal: list[Action] = []

    def advance(self) -> bool:
        """Play on until the network is to choose among ``legal`` (True) or the game is
        over (False)."""
        state, rng = self.state, self.rng
        while not state.is_terminal():
            if len(self.seen) > self.game.max_game_length:
                raise RuntimeError(f"{self.game.name} exceeded its bound of actions")
            self.seen.append(state.clone())
            player = state.current_player
            if player == CHANCE:
                self.play(self.chance.draw(state, len(self.seen) - 1))
                continue
            legal = state.legal_actions(player)
            if len(legal) == 1:
                self.play(legal[0])
            elif player == self.teacher and self.greedy is not None:
                self.play(self.greedy.choose(state, player))
            elif self.explore and rng.random() < self.explore:
                self.play(rng.choice(legal))
            else:
                self.legal = legal
                return True
        return False

    def play(self, action: Action) -> None:
        self.state.apply(action)
        tell(self.watching, self.state)
