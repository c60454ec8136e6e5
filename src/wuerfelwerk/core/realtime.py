"""Real-time games on simulated clocks: the discrete-event driver.

In a ``SIMULTANEOUS`` state every active seat is busy with an action of its own: a
bot chooses it, takes ``agent.seconds(action)`` to carry it out (agents without a pace
take ``DEFAULT_SECONDS`` on average), and it lands at that moment of simulated time.
Actions land in the order of their times (ties by seat), chance outcomes at once.
An action overtaken by events (another player called stop) is dropped the moment it
stops being legal, and the seat chooses again. Times come from the agents' seeded
clocks and the dice from ``SeededChance``, so a seed gives the same game every time.

The terminal front end drives the same ``Clocks`` with the wall clock and lets human
seats act whenever they press a key.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .action import Action
from .agent import Agent
from .chance import SeededChance
from .errors import IllegalActionError
from .game import Game
from .record import Record
from .seeding import derive_seed
from .state import CHANCE, SIMULTANEOUS, State

DEFAULT_SECONDS = 1.0

#: Called after every action with the new state, the action, the seat (``CHANCE``
#: for chance) and the simulated time.
OnAction = Callable[[State, Action, int, float], None]


@dataclass(frozen=True)
class Pending:
    """What a seat is busy with: the action it chose and when it lands."""

    due: float
    action: Action


class Clocks:
    """One game on simulated time: bots act on their own clocks, humans (``None`` in
    ``agents``) whenever ``act`` is called."""

    def __init__(
        self,
        game: Game,
        agents: Sequence[Agent | None],
        seed: int | None,
        *,
        state: State | None = None,
        on_action: OnAction | None = None,
        players: Sequence[str] | None = None,
    ) -> None:
        if len(agents) != game.num_players:
            raise ValueError(f"{game.name} has {game.num_players} seats, not {len(agents)} agents")
        self.game = game
        self.agents = list(agents)
        self.chance = SeededChance(seed)
        self.paces = [random.Random(derive_seed(seed, "pace", s)) for s in range(len(agents))]
        self.record = Record(
            game.name, game.options_json(), seed, players=list(players or []) or None, times=[]
        )
        if state is None:
            state = game.new_initial_state()
        else:
            self.record.start = state.to_json()
        self.state = state
        self.on_action = on_action
        self.now = 0.0
        self.pending: dict[int, Pending] = {}
        self._settle()

    def next_due(self) -> float | None:
        """When the next bot action lands; ``None`` while only humans can act."""
        if not self.pending:
            return None
        return min(p.due for p in self.pending.values())

    def advance(self, until: float) -> None:
        """Let every bot action due by ``until`` land, in time order, then set the clock."""
        while not self.state.is_terminal():
            due = self.next_due()
            if due is None or due > until:
                break
            seat = min(self.pending, key=lambda s: (self.pending[s].due, s))
            pending = self.pending.pop(seat)
            self.now = max(self.now, pending.due)
            self._apply(pending.action, seat)
            self._settle()
        self.now = max(self.now, until)

    def act(self, seat: int, action: Action) -> None:
        """A human's action, now; ``IllegalActionError`` (naming the rule) changes nothing."""
        if getattr(action, "player", seat) != seat:
            raise IllegalActionError(
                "", f"{action} is not an action of {self.game.seat_name(seat)}"
            )
        self.state.apply(action)
        self._log(action, seat)
        self._settle()

    def run(self) -> Record:
        """Play to the end (every seat a bot); the record of the game."""
        for _ in range(self.game.max_game_length + 1):
            if self.state.is_terminal():
                self.record.outcome = self.state.outcome()
                return self.record
            due = self.next_due()
            if due is None:
                raise ValueError("only humans can act: run() needs a bot in every seat")
            self.advance(due)
        raise IllegalActionError("", f"{self.game.name} exceeded its bound")

    def _apply(self, action: Action, seat: int) -> None:
        self.state.apply(action)
        self._log(action, seat)

    def _log(self, action: Action, seat: int) -> None:
        self.record.actions.append(str(action))
        assert self.record.times is not None
        self.record.times.append(self.now)
        if self.on_action is not None:
            self.on_action(self.state, action, seat, self.now)

    def _settle(self) -> None:
        """Throw the dice in the air, then give every idle active bot something to do."""
        state = self.state
        while state.current_player == CHANCE:
            self._apply(self.chance.draw(state, len(self.record.actions)), CHANCE)
        if state.is_terminal():
            self.pending.clear()
            self.record.outcome = state.outcome()
            return
        player = state.current_player
        active = state.active_players if player == SIMULTANEOUS else [player]
        for seat, pending in list(self.pending.items()):
            if seat not in active or not state.is_legal(pending.action):
                del self.pending[seat]  # overtaken (the race ended): the seat chooses again
        for seat in active:
            agent = self.agents[seat]
            if seat in self.pending or agent is None:
                continue
            action = agent.choose(state, seat)
            self.pending[seat] = Pending(self.now + self._seconds(agent, seat, action), action)

    def _seconds(self, agent: Agent, seat: int, action: Action) -> float:
        pace = getattr(agent, "seconds", None)
        if pace is not None:
            return float(pace(action))
        return self.paces[seat].expovariate(1 / DEFAULT_SECONDS)


def play_realtime(
    game: Game,
    agents: Sequence[Agent],
    seed: int | None = None,
    *,
    state: State | None = None,
    on_action: OnAction | None = None,
    players: Sequence[str] | None = None,
) -> Record:
    """Like ``wuerfelwerk.play``, on simulated clocks: the record of one game."""
    return Clocks(game, agents, seed, state=state, on_action=on_action, players=players).run()
