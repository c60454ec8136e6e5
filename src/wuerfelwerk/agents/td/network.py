"""A small value network in numpy: features -> one hidden layer (tanh) -> one logit per
seat, and the softmax of the logits is each seat's chance to win.

Trained on soft targets (the chances a later position gives, or the result) by the
cross-entropy, whose gradient with respect to the logits is simply ``p - target``.
Everything is float32, so a checkpoint holds exactly the numbers in memory.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

FLOAT = np.float32
#: The parameter arrays, in the order they are stored.
PARAMETERS = ("w1", "b1", "w2", "b2")


@dataclass
class ValueNetwork:
    w1: np.ndarray  # inputs x hidden
    b1: np.ndarray  # hidden
    w2: np.ndarray  # hidden x seats
    b2: np.ndarray  # seats

    @classmethod
    def initial(cls, inputs: int, hidden: int, seats: int, seed: int) -> ValueNetwork:
        """Small random weights (scaled by the fan-in), zero biases, zero output layer:
        an untrained network gives every seat the same chance."""
        rng = np.random.default_rng(seed)
        return cls(
            w1=(rng.standard_normal((inputs, hidden)) / np.sqrt(inputs)).astype(FLOAT),
            b1=np.zeros(hidden, FLOAT),
            w2=np.zeros((hidden, seats), FLOAT),
            b2=np.zeros(seats, FLOAT),
        )

    @property
    def inputs(self) -> int:
        return int(self.w1.shape[0])

    @property
    def hidden(self) -> int:
        return int(self.w1.shape[1])

    @property
    def seats(self) -> int:
        return int(self.w2.shape[1])

    def parameters(self) -> dict[str, np.ndarray]:
        return {name: getattr(self, name) for name in PARAMETERS}

    def _hidden(self, x: np.ndarray) -> np.ndarray:
        hidden: np.ndarray = np.tanh(x @ self.w1 + self.b1)
        return hidden

    def logits(self, x: np.ndarray) -> np.ndarray:
        """Rows of features -> rows of logits."""
        logits: np.ndarray = self._hidden(x) @ self.w2 + self.b2
        return logits

    def chances(self, x: np.ndarray) -> np.ndarray:
        """Rows of features -> rows of winning chances (each row sums to 1)."""
        return softmax(self.logits(x))

    def gradients(self, x: np.ndarray, target: np.ndarray) -> tuple[float, dict[str, np.ndarray]]:
        """The mean cross-entropy of the chances against ``target`` over the rows of
        ``x``, and its gradient with respect to every parameter."""
        hidden = self._hidden(x)
        chances = softmax(hidden @ self.w2 + self.b2)
        rows = x.shape[0]
        loss = float(-(target * np.log(np.maximum(chances, 1e-12))).sum() / rows)
        d_logits = (chances - target) / rows
        d_hidden = (d_logits @ self.w2.T) * (1.0 - hidden * hidden)
        return loss, {
            "w1": x.T @ d_hidden,
            "b1": d_hidden.sum(axis=0),
            "w2": hidden.T @ d_logits,
            "b2": d_logits.sum(axis=0),
        }


def softmax(logits: np.ndarray) -> np.ndarray:
    shifted = np.exp(logits - logits.max(axis=-1, keepdims=True))
    chances: np.ndarray = shifted / shifted.sum(axis=-1, keepdims=True)
    return chances


@dataclass
class Adam:
    """Adam (Kingma and Ba, 2015) over a network's parameters, in place."""

    rate: float
    moments: dict[str, np.ndarray]
    squares: dict[str, np.ndarray]
    steps: int = 0
    beta1: float = 0.9
    beta2: float = 0.999
    epsilon: float = 1e-8

    @classmethod
    def fresh(cls, network: ValueNetwork, rate: float) -> Adam:
        params = network.parameters()
        return cls(
            rate,
            {name: np.zeros_like(p) for name, p in params.items()},
            {name: np.zeros_like(p) for name, p in params.items()},
        )

    def step(self, network: ValueNetwork, grads: dict[str, np.ndarray]) -> None:
        self.steps += 1
        correction1 = 1.0 - self.beta1**self.steps
        correction2 = 1.0 - self.beta2**self.steps
        for name, param in network.parameters().items():
            grad = grads[name]
            m = self.moments[name]
            v = self.squares[name]
            m *= self.beta1
            m += (1.0 - self.beta1) * grad
            v *= self.beta2
            v += (1.0 - self.beta2) * grad * grad
            step = self.rate * (m / correction1) / (np.sqrt(v / correction2) + self.epsilon)
            param -= step.astype(FLOAT)
