"""Train a small agent on Malefiz with the PettingZoo environment, numpy only.

The agent is a linear softmax policy over the legal actions, fed the observation tensor
(``docs/rl.md``), trained by REINFORCE with a running baseline against a random
opponent; the reward is the game's return at the end (+1 win, -1 loss, 0 draw). Before
and after training it plays evaluation games, so the gain is printed.

    python examples/train_pettingzoo.py --episodes 300
"""

from __future__ import annotations

import argparse

import numpy as np

from wuerfelwerk.adapters.pettingzoo import env as make_env

LEARNER = "player_0"


class LinearPolicy:
    def __init__(self, features: int, actions: int, rng: np.random.Generator) -> None:
        self.weights = np.zeros((actions, features), np.float32)
        self.rng = rng

    def act(self, observation: dict[str, np.ndarray]) -> tuple[int, np.ndarray, np.ndarray]:
        """An action sampled from the policy, the legal ids, and their probabilities."""
        x = observation["observation"].ravel()
        legal = np.flatnonzero(observation["action_mask"])
        logits = self.weights[legal] @ x
        p = np.exp(logits - logits.max())
        p /= p.sum()
        return int(self.rng.choice(legal, p=p)), legal, p

    def update(
        self,
        steps: list[tuple[np.ndarray, np.ndarray, np.ndarray, int]],
        advantage: float,
        rate: float,
    ) -> None:
        """REINFORCE: raise the log-probability of each action taken by ``advantage``."""
        for x, legal, p, action in steps:
            gradient = -p
            gradient[np.flatnonzero(legal == action)[0]] += 1.0
            self.weights[legal] += rate * advantage * np.outer(gradient, x)


def play(environment, policy: LinearPolicy, rng: np.random.Generator, seed: int):
    """One game, the learner against a random opponent: its steps and its return."""
    environment.reset(seed=seed)
    steps = []
    result = 0.0
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            if agent == LEARNER:
                result = reward
            environment.step(None)
            continue
        if agent == LEARNER:
            action, legal, p = policy.act(observation)
            steps.append((observation["observation"].ravel(), legal, p, action))
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        environment.step(action)
    return steps, result


def evaluate(
    environment, policy: LinearPolicy, rng: np.random.Generator, games: int, seed: int
) -> float:
    """The learner's mean return over ``games`` games."""
    return float(np.mean([play(environment, policy, rng, seed + g)[1] for g in range(games)]))


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=300)
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--round-limit", type=int, default=500, help="Malefiz rounds before a draw")
    parser.add_argument("--rate", type=float, default=0.3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    environment = make_env("malefiz", players=2, round_limit=args.round_limit)
    rng = np.random.default_rng(args.seed)
    space = environment.observation_space(LEARNER)["observation"]
    policy = LinearPolicy(int(np.prod(space.shape)), environment.action_space(LEARNER).n, rng)
    before = evaluate(environment, policy, rng, args.eval_games, seed=10**6)
    baseline = 0.0
    for episode in range(args.episodes):
        steps, result = play(environment, policy, rng, seed=args.seed + episode)
        policy.update(steps, result - baseline, args.rate / max(len(steps), 1))
        baseline += 0.05 * (result - baseline)
    after = evaluate(environment, policy, rng, args.eval_games, seed=10**6)
    print(f"mean return against random play: {before:+.3f} before, {after:+.3f} after training")
    return {"before": before, "after": after}


if __name__ == "__main__":
    main()
