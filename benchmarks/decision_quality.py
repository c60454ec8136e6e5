"""Decision quality: the mean loss per decision, in chance to win, against a deeper search.

    python benchmarks/decision_quality.py --game widget [--players 2] [--positions 2000]
        [--agents bot:expert,greedy] [--reference SPEC] [--games N] [--seed 0] [--jobs 2]

(Progress goes to stderr, a line as each batch of games or positions comes back.)

In games where luck decides much (Widget), a win rate moves little between a good
player and a better one; the loss of each decision shows more. Positions are sampled
from games of ``bot:expert`` against itself (seeded; every decision with more than one
legal action is a candidate, ``--positions`` of them drawn at random). At each, a far
deeper search than any level's (``--reference``, by default per game below) judges the
action each agent chooses, the action the search itself prefers, and every action the
agents chose there: the loss of a choice is the best of these chances less the chance
after the choice, for the seat to act. Prints per agent the mean loss with its 95%
interval, how often it chose the best, and each agent's loss as a share of the last
agent's (the goal: ``bot:expert`` loses at most half of what ``greedy`` loses).

Every agent decides afresh at each position, shown the game up to it as it happened
(in Dimenticato: every position and moment, so a memory holds what it saw). The
reference judges from what the seat to act knows: in Dimenticato a perfect memory
knows every value (each lay open before a figure covered it), so its search plans in
the position itself.

References (the value network of the game at the leaves):

- Malefiz, Widget, Dimenticato: ``td:depth=3`` (the expert looks ``depth=2``): for the
  ``width`` best actions, every roll, the next seat's ``reply`` best answers, every roll
  after those, and the answer after that.
- Mojave: ``alphabeta:depth=4,eval=td`` (the expert searches fewer plies).

An ``mcts`` reference (``--reference mcts:iters=6000,eval=td,depth=0``) judges each
action by a search of its own budget from the position after it, in the position itself
(as a perfect memory knows it), its mean return taken as the chance.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import wuerfelwerk
from wuerfelwerk.agents import make_agent, split_specs
from wuerfelwerk.agents.alphabeta import AlphaBetaAgent
from wuerfelwerk.agents.mcts.agent import MCTSAgent
from wuerfelwerk.agents.mcts.tree import Node
from wuerfelwerk.agents.td.agent import TDAgent
from wuerfelwerk.core import Action, Game, State, derive_seed
from wuerfelwerk.core.agent import tell, watchers
from wuerfelwerk.sim.backends import LocalBackend

REFERENCES = {
    "malefiz": "td:depth=3,width=6,reply=1",
    "widget": "td:depth=3,width=6,reply=1",
    "dimenticato": "td:depth=3,width=6,reply=2",
    "mojave": "alphabeta:depth=4,eval=td",
}


@dataclass(frozen=True)
class Setting:
    game: str
    options: dict[str, Any]
    agents: tuple[str, ...]
    reference: str
    seed: int
    sampler: str = "bot:expert"

    def load(self) -> Game:
        return wuerfelwerk.load(self.game, **self.options)


@dataclass(frozen=True)
class Position:
    """Decision ``step`` (actions from the start) of expert game ``index``."""

    index: int
    actions: tuple[str, ...]
    step: int


def expert_game(setting: Setting, index: int) -> list[Position]:
    """Every decision with a choice in game ``index`` of the sampler against itself."""
    game = setting.load()
    agents = [
        make_agent(setting.sampler, game, derive_seed(setting.seed, "quality", index, seat))
        for seat in range(game.num_players)
    ]
    record = wuerfelwerk.play(game, agents, derive_seed(setting.seed, "quality", index))
    actions = tuple(record.actions)
    state = game.new_initial_state()
    found = []
    for step, text in enumerate(actions):
        if state.current_player >= 0 and len(state.legal_actions()) > 1:
            found.append(Position(index, actions, step))
        state.apply(game.parse_action(text))
    return found


def replay(game: Game, position: Position, agents: Sequence[object]) -> State:
    """The position, every agent that remembers shown the game up to it."""
    watching = watchers(agents)
    state = game.new_initial_state()
    tell(watching, state)
    for text in position.actions[: position.step]:
        state.apply(game.parse_action(text))
        tell(watching, state)
    return state


def chance_of(value: float, players: int) -> float:
    """A return (a win +1, the others sharing the last places at ``-1 / (players - 1)``
    each) as a chance to win, within [0, 1]."""
    loss = -1.0 / (players - 1)
    return min(1.0, max(0.0, (value - loss) / (1.0 - loss)))


def searched(reference: MCTSAgent, after: State, player: int) -> float:
    """``player``'s mean return from ``after``, searched within the reference's budget
    (closed loop, in the position itself)."""
    if after.is_terminal():
        return after.returns()[player]
    root = Node(after.current_player, player)
    reference.searcher.run(root, after, reference.config.budget)
    return root.mean()


def chance_after(reference: object, state: State, player: int) -> Callable[[Action], float]:
    """The reference's chance for ``player`` after an action (cached per action)."""
    cache: dict[str, float] = {}
    players = state.game.num_players

    def value(action: Action) -> float:
        key = str(action)
        if key not in cache:
            if isinstance(reference, TDAgent):
                cache[key] = reference.value_of(state, player, action)
                return cache[key]
            after = state.clone()
            after.apply(action)
            if isinstance(reference, MCTSAgent):
                judged = searched(reference, after, player)
            else:
                assert isinstance(reference, AlphaBetaAgent)
                judged = reference.value_at_depth(after, (reference.depth or 1) - 1, player)
            cache[key] = chance_of(judged, players)
        return cache[key]

    return value


def judge(setting: Setting, position: Position) -> dict[str, float]:
    """Each agent's loss at ``position``, and the reference's own (named ``reference``)."""
    game = setting.load()
    seed = derive_seed(setting.seed, "quality", position.index, position.step)
    reference = make_agent(setting.reference, game, seed)
    agents = [make_agent(spec, game, derive_seed(seed, spec)) for spec in setting.agents]
    state = replay(game, position, [reference, *agents])
    player = state.current_player
    value = chance_after(reference, state, player)
    choices = {"reference": reference.choose(state, player)}
    for spec, agent in zip(setting.agents, agents, strict=True):
        choices[spec] = agent.choose(state, player)
    best = max(value(action) for action in choices.values())
    return {name: best - value(action) for name, action in choices.items()}


def judge_many(task: tuple[Setting, list[Position]]) -> list[dict[str, float]]:
    setting, positions = task
    return [judge(setting, position) for position in positions]


def played(task: tuple[Setting, int]) -> list[Position]:
    return expert_game(*task)


def progress(what: str, done: int, total: int) -> None:
    """A line on stderr as work comes back: runs with a large budget take hours."""
    print(f"{what}: {done} of {total}", file=sys.stderr, flush=True)


def sample(setting: Setting, games: int, positions: int, jobs: int) -> list[Position]:
    """``positions`` decisions drawn at random from ``games`` expert games."""
    tasks = [(setting, index) for index in range(games)]
    found: list[Position] = []
    with LocalBackend(jobs) as backend:
        for done, (_, batch) in enumerate(backend.map_unordered(played, tasks), 1):
            found += batch
            progress(f"games of {setting.sampler} played", done, games)
    found.sort(key=lambda p: (p.index, p.step))
    rng = random.Random(derive_seed(setting.seed, "sample"))
    return rng.sample(found, min(positions, len(found)))


def interval(losses: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(losses)
    spread = statistics.stdev(losses) / math.sqrt(len(losses)) if len(losses) > 1 else 0.0
    return mean - 1.96 * spread, mean + 1.96 * spread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--board", default=None)
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--games", type=int, default=None, help="expert games (positions / 10)")
    parser.add_argument("--agents", default="bot:expert,greedy")
    parser.add_argument("--reference", default=None)
    parser.add_argument(
        "--sampler", default="bot:expert", help="whose games the positions are from"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    options: dict[str, Any] = {"players": args.players}
    if args.board:
        options["board"] = args.board
    reference = args.reference or REFERENCES[args.game]
    agents = tuple(split_specs(args.agents))
    setting = Setting(args.game, options, agents, reference, args.seed, args.sampler)
    games = args.games or max(1, args.positions // 10)
    positions = sample(setting, games, args.positions, args.jobs)
    size = max(1, len(positions) // (8 * args.jobs))
    tasks = [(setting, positions[i : i + size]) for i in range(0, len(positions), size)]
    losses: dict[str, list[float]] = {}
    with LocalBackend(args.jobs) as backend:
        judged_so_far = 0
        for _, batch in backend.map_unordered(judge_many, tasks):
            for judged in batch:
                for name, loss in judged.items():
                    losses.setdefault(name, []).append(loss)
            judged_so_far += len(batch)
            progress("positions judged", judged_so_far, len(positions))
    names = [*setting.agents, "reference"]
    report = {
        "game": args.game,
        "options": options,
        "reference": reference,
        "seed": args.seed,
        "sampler": args.sampler,
        "games": games,
        "positions": len(positions),
        "agents": {
            name: {
                "mean_loss": statistics.fmean(losses[name]),
                "ci95": interval(losses[name]),
                "best_chosen": sum(loss <= 1e-9 for loss in losses[name]) / len(losses[name]),
            }
            for name in names
            if losses.get(name)
        },
    }
    last = report["agents"].get(setting.agents[-1], {}).get("mean_loss", 0.0)
    for figures in report["agents"].values():
        figures["share_of_last"] = figures["mean_loss"] / last if last else None
    if args.json:
        print(json.dumps(report))
        return
    print(
        f"{args.game} {options}: {len(positions)} positions from {games} games of {args.sampler}, "
        f"reference {reference}"
    )
    print(f"{'agent':<28} {'mean loss':>10} {'95% CI':>17} {'best':>6} {'of last':>8}")
    for name, figures in report["agents"].items():
        low, high = figures["ci95"]
        share = figures["share_of_last"]
        print(
            f"{name:<28} {figures['mean_loss']:>10.4f} {low:>8.4f} to {high:<8.4f} "
            f"{figures['best_chosen']:>6.1%} {'-' if share is None else f'{share:.2f}':>8}"
        )


if __name__ == "__main__":
    main()
