"""The bot seats of a table: their agents, run in threads with a deadline.

A search never runs on the event loop. A bot that misses its deadline plays a random
legal action instead, and is not asked again until its late search has finished.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import queue
import random
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

from ..agents import agent_names, make_agent, parse_spec
from ..core import (
    Action,
    Agent,
    Game,
    InvalidAgentSpecError,
    State,
    derive_seed,
    tell,
    watchers,
)

log = logging.getLogger("uvicorn.error")

BOT_PREFIX = "bot:"


def bot_spec(seat_spec: str) -> str | None:
    """The agent spec of a ``bot:<spec>`` seat (``bot:greedy`` -> ``greedy``); a level
    (``bot:easy``) is itself the spec of the agent ``bot``. ``None`` for a human seat."""
    if not seat_spec.startswith(BOT_PREFIX):
        return None
    rest = seat_spec[len(BOT_PREFIX) :]
    try:
        named = parse_spec(rest).name in agent_names()
    except InvalidAgentSpecError:
        named = False
    return rest if named else seat_spec


class SearchThreads(Executor):
    """Daemon threads for bot searches: a search past its deadline may run on, but it never
    holds up the server's exit (a ``ThreadPoolExecutor`` joins its threads at exit)."""

    def __init__(self, count: int) -> None:
        self._jobs: queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]] | None] = (
            queue.SimpleQueue()
        )
        for number in range(count):
            threading.Thread(target=self._work, name=f"bot-{number}", daemon=True).start()
        self._count = count

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self._jobs.put((future, functools.partial(fn, *args, **kwargs)))
        return future

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            future, call = job
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(call())
            except Exception as error:  # the bot's failure, for the table to handle
                future.set_exception(error)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        for _ in range(self._count):
            self._jobs.put(None)


class BotSeats:
    def __init__(
        self, game: Game, seats: list[str], seed: int, pool: Executor, deadline: float
    ) -> None:
        self.game = game
        self.seed = seed
        #: The seats bots play now: the bot seats, and people's seats a bot stands in for.
        self.agents: dict[int, Agent] = {
            seat: make_agent(spec, game, derive_seed(seed, "bot", seat))
            for seat, spec in enumerate(map(bot_spec, seats))
            if spec is not None
        }
        self.pool = pool
        self.deadline = deadline
        self._searches: dict[int, asyncio.Future[Any]] = {}
        self._fallback = random.Random(derive_seed(seed, "fallback"))
        self._stand_ins: dict[int, Agent] = {}

    def stand_in(self, seat: int, spec: str) -> Agent | None:
        """A bot of ``spec`` plays the person's ``seat`` (whose time ran out) until
        ``release``; the same bot each time, so it keeps what it learnt. Returns the bot
        if it is new: it has seen nothing of the game yet."""
        new = None
        if seat not in self._stand_ins:
            new = self._stand_ins[seat] = make_agent(
                bot_spec(spec) or spec, self.game, derive_seed(self.seed, "stand-in", seat)
            )
        self.agents[seat] = self._stand_ins[seat]
        return new

    def release(self, seat: int) -> None:
        """The person plays ``seat`` again."""
        if seat in self._stand_ins:
            self.agents.pop(seat, None)

    def observe(self, state: State) -> None:
        """Show every bot that remembers what it sees (stand-ins too, also while their
        person plays) the table's new position and moment."""
        tell(watchers({**self._stand_ins, **self.agents}), state)

    def next_seat(self, state: State) -> int | None:
        """The bot seat to act now, turn by turn, if any."""
        player = state.current_player
        return player if player in self.agents else None

    def pace(self, seat: int, action: Action) -> float:
        """Seconds the bot takes for ``action`` by its own timing model (real-time games);
        0 for a bot without one."""
        seconds = getattr(self.agents[seat], "seconds", None)
        return float(seconds(action)) if callable(seconds) else 0.0

    async def choose(self, state: State, seat: int) -> Action:
        """The bot's choice for ``state`` (a copy it may keep), within the deadline."""
        running = self._searches.get(seat)
        if running is not None and not running.done():
            return self._fallback.choice(state.legal_actions(seat))
        search = asyncio.get_running_loop().run_in_executor(
            self.pool, self.agents[seat].choose, state, seat
        )
        self._searches[seat] = search
        try:
            return await asyncio.wait_for(asyncio.shield(search), self.deadline)
        except TimeoutError:
            log.warning("bot seat %d missed its %.1f s deadline", seat, self.deadline)
        except Exception:
            log.exception("bot seat %d failed", seat)
        return self._fallback.choice(state.legal_actions(seat))
