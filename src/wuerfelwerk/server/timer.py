"""``TableTimer``: a running table's turn clock (``clock.py`` holds its rules).

It works out the clock after each change, which the table stores with the change before
anyone hears of it, sends the clocks to every connection, waits for the running turn's
deadline, and when that passes lets a bot of the chosen level act for the seat. A table
without a time control has a timer that does nothing.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from .clock import ClockState, TableClock

if TYPE_CHECKING:
    from .table import Table


class TableTimer:
    def __init__(self, table: Table, clock: TableClock | None) -> None:
        self.table = table
        self.clock = clock
        #: Waits for the running turn's deadline.
        self._task: asyncio.Task[None] | None = None

    def _to_act(self) -> int | None:
        player = self.table.state.current_player
        return player if player >= 0 else None

    def settle(self) -> None:
        """Set the clock to the seat to act (a new table, a restored one)."""
        if self.clock is not None:
            self.clock.advance(self._to_act(), time.time())

    def after(self, stand_in: int | None = None) -> ClockState | None:
        """The clock's state after the change just made, if it changed (the table's clock
        is left as it is until the change is stored); ``stand_in``: the number of an action
        a bot chose for a person out of time. After an undo, marks past the end go."""
        if self.clock is None:
            return None
        after = self.clock.copy()
        changed = after.advance(self._to_act(), time.time())
        marks = [n for n in after.state.stand_ins if n < self.table.version]
        if stand_in is not None:
            marks.append(stand_in)
        if marks != after.state.stand_ins:
            after.state.stand_ins = marks
            changed = True
        return after.state if changed else None

    def after_joining(self, seat: int) -> ClockState | None:
        """The clock's state once a person has come to ``seat``, if that changed it (the
        clocks run once every person has come)."""
        if self.clock is None or self.table.finished:
            return None
        joined = self.clock.copy()
        return joined.state if joined.join(seat, time.time()) else None

    def set(self, state: ClockState | None) -> None:
        """Take the stored ``state``: a new turn is the person's again, the clocks are
        sent to every connection and the timer waits for the new deadline."""
        if self.clock is None or state is None:
            return
        self.clock.state = state
        for seat in self.table.human_seats - set(state.handed):
            self.table.bots.release(seat)
        self.table.notify(self.frame())
        self.arm()

    def frame(self) -> dict[str, Any]:
        assert self.clock is not None
        return self.clock.frame(self.table.game.num_players, time.time())

    def arm(self) -> None:
        """Wait for the running turn's deadline (after a restart too: a deadline already
        past lets the bot move at once)."""
        self.stop()
        deadline = self.clock.deadline if self.clock is not None else None
        if deadline is not None and not self.table.finished:
            self._task = asyncio.create_task(self._expire(deadline))

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _expire(self, deadline: float) -> None:
        while (left := deadline - time.time()) > 0:
            await asyncio.sleep(left)
        table = self.table
        async with table.lock:
            clock = self.clock
            if clock is None or clock.deadline != deadline or table.finished:
                return
            seat = clock.state.seat
            assert seat is not None
            handed = clock.control.on_timeout == "hand_over"
            if handed:  # not stored, the bot makes this turn only
                after = clock.copy()
                after.hand_over(seat)
                handed = await table.store(clock_column(after.state))
                if handed:
                    clock.state = after.state
            joined = table.bots.stand_in(seat, f"bot:{clock.control.level}")
            if joined is not None:
                table.show_game(joined, seat)
            table.notify({"type": "timeout", "seat": seat, "handed_over": handed})
            table.notify(self.frame())
        table.wake_bots()


def clock_column(clock: ClockState) -> dict[str, Any]:
    """The table column that holds ``clock``, for the journal."""
    return {"clock_state": clock.to_json()}
