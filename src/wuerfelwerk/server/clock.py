"""Turn clocks: a table's time control, kept by the server.

Two kinds, one mechanism:

- ``move``: every turn has ``seconds`` (60 s; correspondence is the same with days);
- ``bank``: every seat starts with ``seconds`` and gains ``increment`` after each of its
  turns (10 min + 10 s), what a turn takes comes off its bank.

A seat's turn is its run of decisions in a row (Malefiz: the move and the barricade).
Only human seats have clocks, and they run once every human seat has come to the table
(a player who left later keeps losing time: a table never stalls). The running turn's
start is a moment in time (seconds since the epoch) stored with the table, so the
deadline survives a restart; a server that was down past it lets the bot move at once.
When a clock runs out, a bot of the chosen level makes the seat's turn, or (``hand_over``)
takes the seat for the rest of the game.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

#: The longest time a turn or a bank may hold (30 days), and the shortest (1 s).
MOST_SECONDS = 30 * 86400.0
LEAST_SECONDS = 1.0

TimeoutRule = Literal["move", "hand_over"]


@dataclass(frozen=True)
class TimeControl:
    """How much time a seat has, and what happens when it runs out."""

    kind: Literal["move", "bank"]
    seconds: float
    increment: float = 0.0
    on_timeout: TimeoutRule = "move"
    #: The bot level that plays for a seat out of time (empty: the game's easiest).
    level: str = ""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TimeControl:
        return cls(**data)


@dataclass
class ClockState:
    """What changes as the game goes on; stored with the table."""

    #: Human seats that have connected at least once; clocks run once all have.
    joined: list[int] = field(default_factory=list)
    #: The human seat whose turn it is, if any.
    seat: int | None = None
    #: When that seat's clock started (``None``: it is not running).
    started: float | None = None
    #: ``bank``: each seat's time left at the start of its turn.
    banks: list[float] = field(default_factory=list)
    #: Seats handed to a bot for good after their time ran out.
    handed: list[int] = field(default_factory=list)
    #: The action numbers a bot chose for a person whose time ran out (the log marks them).
    stand_ins: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def copy(self) -> ClockState:
        return ClockState.from_json(self.to_json())

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ClockState:
        return cls(**data)


class TableClock:
    def __init__(self, control: TimeControl, humans: AbstractSet[int], state: ClockState) -> None:
        self.control = control
        self.humans = humans
        self.state = state

    @classmethod
    def new(cls, control: TimeControl, seats: int, humans: AbstractSet[int]) -> TableClock:
        banks = [control.seconds] * seats if control.kind == "bank" else []
        return cls(control, humans, ClockState(banks=banks))

    def copy(self) -> TableClock:
        """A clock to try a change on, leaving this one as it is until the change is stored."""
        return TableClock(self.control, self.humans, self.state.copy())

    @property
    def clocked(self) -> AbstractSet[int]:
        """The seats with a clock: human seats not handed to a bot."""
        return self.humans - set(self.state.handed)

    @property
    def everyone_here(self) -> bool:
        return self.humans <= set(self.state.joined)

    def allowance(self, seat: int) -> float:
        """The time ``seat`` has for a whole turn, from its start."""
        return self.state.banks[seat] if self.control.kind == "bank" else self.control.seconds

    @property
    def deadline(self) -> float | None:
        """When the running turn's time is up (seconds since the epoch), if a clock runs."""
        seat, started = self.state.seat, self.state.started
        if seat is None or started is None:
            return None
        return started + self.allowance(seat)

    def remaining(self, seat: int, now: float) -> float:
        deadline = self.deadline
        if seat == self.state.seat and deadline is not None:
            return max(0.0, deadline - now)
        return self.allowance(seat)

    # -- changes (each returns whether the stored state changed) ----------------------------

    def join(self, seat: int, now: float) -> bool:
        """``seat`` has come to the table; the last one to come starts the clocks."""
        if seat not in self.humans or seat in self.state.joined:
            return False
        self.state.joined = sorted({*self.state.joined, seat})
        if self.everyone_here and self.state.seat is not None and self.state.started is None:
            self.state.started = now
        return True

    def advance(self, to_act: int | None, now: float) -> bool:
        """The game moved on and ``to_act`` decides now (``None``: no clocked seat). A new
        seat's turn ends the old one's: the time it took comes off its bank, the increment
        goes on, and the new seat's clock starts."""
        if to_act is not None and to_act not in self.clocked:
            to_act = None
        state = self.state
        if to_act == state.seat:
            return False
        if state.seat is not None and state.started is not None and self.control.kind == "bank":
            used = now - state.started
            state.banks[state.seat] = (
                max(0.0, state.banks[state.seat] - used) + self.control.increment
            )
        state.seat = to_act
        state.started = now if to_act is not None and self.everyone_here else None
        return True

    def hand_over(self, seat: int) -> None:
        """``seat`` is played by the bot to the end: its clock stops."""
        self.state.handed = sorted({*self.state.handed, seat})
        if self.state.seat == seat:
            self.state.seat = self.state.started = None

    # -- the frame ------------------------------------------------------------------------

    def frame(self, seats: int, now: float) -> dict[str, Any]:
        """``{"type": "clock"}``: the control, whose clock runs, each seat's time left
        (``null`` for seats without a clock) and the deadline. Nothing in it is private."""
        deadline = self.deadline
        return {
            "type": "clock",
            "control": self.control.to_json(),
            "running": self.state.seat if deadline is not None else None,
            "waiting": not self.everyone_here,
            "remaining": [
                round(self.remaining(seat, now), 3) if seat in self.clocked else None
                for seat in range(seats)
            ],
            "deadline": deadline,
            "handed": list(self.state.handed),
        }
