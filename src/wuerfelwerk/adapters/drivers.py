"""How the PettingZoo environment moves a game on between the agents' decisions.

``Turns`` serves turn-based games: apply the action, draw the dice. ``Clocks`` serves
real-time games (``SIMULTANEOUS`` states) through the discrete-event driver of
``core/realtime``: every seat acts on its own simulated clock, the learning agents sit in
the seats, and the environment asks a seat for its action whenever the driver does.
Both draw chance with ``SeededChance(seed)``, write every action to ``record`` and show
every new state to ``seen`` (the seats' memories).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Mapping
from typing import TypeVar

from ..core import CHANCE, Action, Record, State
from ..core.chance import SeededChance
from ..core.realtime import Clocks as DiscreteEvents

Chosen = TypeVar("Chosen")


def joint_order(actions: Mapping[int, Chosen], first: int, seats: int) -> list[tuple[int, Chosen]]:
    """The seats' actions of one joint action at a ``SIMULTANEOUS`` state in the order
    they are applied: from seat ``first`` round the table. The first seat rotates from
    one joint action to the next, so that no seat always goes first; each action is
    applied after the dice the one before threw, and dropped if no longer legal."""
    order = [(first + i) % seats for i in range(seats)]
    return [(seat, actions[seat]) for seat in order if seat in actions]


class Turns:
    """Turn-based play: ``start`` and ``give`` return the seat to act next, or None at
    the end."""

    def __init__(
        self, state: State, seed: int, record: Record, seen: Callable[[State], None]
    ) -> None:
        self.state = state
        self.chance = SeededChance(seed)
        self.record = record
        self.seen = seen

    def start(self) -> int | None:
        self.seen(self.state)
        return self._settle()

    def give(self, seat: int, action: Action) -> int | None:
        self._apply(action)
        return self._settle()

    def stop(self) -> None:
        pass

    def _apply(self, action: Action) -> None:
        self.state.apply(action)
        self.record.actions.append(str(action))
        self.seen(self.state)

    def _settle(self) -> int | None:
        state = self.state
        while state.current_player == CHANCE:
            self._apply(self.chance.draw(state, len(self.record.actions)))
        return None if state.is_terminal() else state.current_player


#: What the driver's thread tells the environment: the seat that must choose, ``None`` at
#: the end of the game, or the error that ended it.
Asks = queue.Queue[int | Exception | None]


class _Stopped(Exception):
    """Ends the driver's game early (a reset or close of the environment)."""


class _Seat:
    """An agent of the discrete-event driver that asks the environment for its choice."""

    def __init__(self, asks: Asks) -> None:
        self.asks = asks
        self.answers: queue.Queue[Action | None] = queue.Queue(maxsize=1)

    def choose(self, state: State, player: int) -> Action:
        self.asks.put(player)
        action = self.answers.get()
        if action is None:
            raise _Stopped
        return action


class Clocks:
    """Real-time play on simulated clocks. The driver runs in a thread of its own that
    waits whenever a seat must choose, so the environment and the driver take turns and
    the game is the same for the same seed."""

    def __init__(
        self, state: State, seed: int, record: Record, seen: Callable[[State], None]
    ) -> None:
        self.state = state
        self.seed = seed
        self.seen = seen
        self.record = record
        self.asks: Asks = queue.Queue()
        self.seats = [_Seat(self.asks) for _ in range(state.game.num_players)]
        self.waiting: int | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> int | None:
        self.thread.start()
        return self._next()

    def give(self, seat: int, action: Action) -> int | None:
        self.waiting = None
        self.seats[seat].answers.put(action)
        return self._next()

    def stop(self) -> None:
        if self.waiting is not None:
            self.seats[self.waiting].answers.put(None)
            self.waiting = None
            self.thread.join()

    def _run(self) -> None:
        def log(state: State, action: Action, seat: int, now: float) -> None:
            self.record.actions.append(str(action))
            self.seen(state)

        try:
            game = self.state.game
            DiscreteEvents(game, self.seats, self.seed, state=self.state, on_action=log).run()
        except _Stopped:
            return
        except Exception as error:  # handed to the environment's thread, raised there
            self.asks.put(error)
            return
        self.asks.put(None)

    def _next(self) -> int | None:
        asked = self.asks.get()
        if isinstance(asked, Exception):
            raise asked
        self.waiting = asked
        return asked
