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
cross-entropy. Game ``i`` of a training run draws its dice and choices from a seed
derived from the run's seed and ``i``, and a checkpoint holds the optimiser's state, so
a resumed run plays and learns exactly as one that never stopped.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np

from ...core import CHANCE, Game, State, derive_seed
from ...core.chance import SeededChance
from ..registry import make_agent
from .checkpoint import Checkpoint, Header, Training
from .evaluator import Evaluator, board_of
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
    """Plays and learns, one game at a time, from a checkpoint (new or resumed)."""

    def __init__(self, game: Game, checkpoint: Checkpoint) -> None:
        self.game = game
        self.checkpoint = checkpoint
        self.evaluator = Evaluator(game, checkpoint, "the checkpoint in training")

    @property
    def training(self) -> Training:
        return self.checkpoint.header.training

    def self_play(self, seed: int) -> tuple[list[State], list[float]]:
        """One game of the network against itself: every position before the end, and
        the result (each seat's share of the win)."""
        evaluator = self.evaluator
        explore = self.training.explore
        chance = SeededChance(seed)
        rng = random.Random(seed)
        players = self.game.num_players
        teacher = (
            rng.randrange(players)
            if self.training.greedy and rng.random() < self.training.greedy
            else -1
        )
        greedy = make_agent("greedy", self.game, seed) if teacher >= 0 else None
        state = self.game.new_initial_state()
        seen: list[State] = []
        for index in range(self.game.max_game_length + 1):
            if state.is_terminal():
                break
            seen.append(state.clone())
            player = state.current_player
            if player == CHANCE:
                action = chance.draw(state, index)
            else:
                legal = state.legal_actions(player)
                if len(legal) == 1:
                    action = legal[0]
                elif player == teacher and greedy is not None:
                    action = greedy.choose(state, player)
                elif explore and rng.random() < explore:
                    action = rng.choice(legal)
                else:
                    action = legal[evaluator.best(state, player, legal, rng)]
            state.apply(action)
        return seen, evaluator.result(state)

    def targets(self, seen: list[State], result: list[float]) -> tuple[np.ndarray, np.ndarray]:
        """The features of every position and its lambda-return, in the network's order."""
        evaluator = self.evaluator
        lam = self.training.lam
        x = evaluator.encode(seen)
        chances = evaluator.absolute(seen, evaluator.network.chances(x))
        returns = np.empty_like(chances)
        ahead = np.asarray(result, dtype=FLOAT)
        for t in range(len(seen) - 1, -1, -1):
            returns[t] = ahead
            ahead = (1.0 - lam) * chances[t] + lam * ahead
        order = [evaluator.features.order(s) for s in seen]
        relative = np.take_along_axis(returns, np.asarray(order), axis=1)
        return x, relative

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

    def play_and_learn(self) -> float:
        """Play and learn from the next game of the run; its mean loss."""
        number = self.training.games
        seed = derive_seed(self.training.seed, "td", "game", number)
        seen, result = self.self_play(seed)
        x, target = self.targets(seen, result)
        loss = self.learn(x, target, random.Random(seed))
        header = self.checkpoint.header
        training = replace(self.training, games=number + 1, steps=self.checkpoint.optimiser.steps)
        self.checkpoint.header = replace(header, training=training)
        return loss

    def run(
        self,
        games: int,
        path: Path,
        every: int,
        progress: Callable[[float], None] | None = None,
    ) -> None:
        """Train until the run has played ``games`` games in all, saving to ``path``
        every ``every`` games and at the end."""
        while self.training.games < games:
            loss = self.play_and_learn()
            if progress is not None:
                progress(loss)
            if self.training.games % every == 0 or self.training.games == games:
                self.checkpoint.save(path)
