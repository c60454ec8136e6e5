"""``Table``: the authority over one running game.

It rolls every die from its seed (``SeededChance``: the die at action number ``i``
depends only on the seed and ``i``), checks each action against the legal actions,
writes it to the database before anyone hears of it, refuses stale versions, and tells
every connection only what its own seat may see. What an action shows for a moment only
(``State.moment()``, a Dimenticato reveal) goes out once, as it happens, and no undo
reaches back past it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..agents import HUMAN
from ..core import (
    SIMULTANEOUS,
    Action,
    Agent,
    Game,
    Hint,
    IllegalActionError,
    Record,
    State,
    WuerfelwerkError,
)
from ..core.agent import tell, watchers
from ..core.chance import SeededChance
from .bots import BotSeats, bot_spec
from .clock import TableClock
from .connection import CLOSE_MOVED, Viewer
from .db import Journal, TableRow
from .errors import TableError
from .frames import CHANCE_SEAT, encode, moment_frame, rematch_notice, state_frame
from .presence import presence_frame
from .timer import TableTimer, clock_column
from .tokens import hash_matches, token_hash

log = logging.getLogger("uvicorn.error")

#: Seconds a table's bots wait before trying again after the database refused a write.
RETRY_AFTER_STORAGE_ERROR = 1.0


def human_seats_of(seats: Sequence[str]) -> frozenset[int]:
    """The seats of ``seats`` (a table's specs) that people play."""
    return frozenset(seat for seat, spec in enumerate(seats) if spec == HUMAN)


class Table:
    def __init__(
        self,
        row: TableRow,
        game: Game,
        journal: Journal,
        bots: BotSeats,
        clock: TableClock | None = None,
    ) -> None:
        self.row = row
        self.id = row.id
        #: The seats people play, and whether they may take moves back: read from the
        #: row once, since neither changes while the table lives.
        self.human_seats = human_seats_of(row.seats)
        self.undo_allowed = bool(row.undo)
        self.game = game
        self.journal = journal
        self.bots = bots
        self.chance = SeededChance(row.seed)
        self.state: State = game.new_initial_state()
        self.actions: list[str] = []
        self.actors: list[int] = []
        #: When each action was taken (seconds since the epoch; ``None``: not known).
        self.times: list[float | None] = []
        #: ``(action number, moment)`` of every action that showed something for a moment.
        self.moments: list[tuple[int, dict[str, Any]]] = []
        self.connections: set[Viewer] = set()
        #: Held from an action's check until it is stored and broadcast, and by readers,
        #: so nobody sees a state the database does not hold yet.
        self.lock = asyncio.Lock()
        #: Counts every change (undo too), so a bot's answer to an old state is dropped.
        self.epoch = 0
        #: Simultaneous play: the version each seat's own last action produced.
        self.own_version: dict[int, int] = {}
        #: The bot tasks: one (key None) turn by turn, one per bot seat in simultaneous play.
        self._bot_tasks: dict[int | None, asyncio.Task[None]] = {}
        #: Called once the game is over and stored (the hub lets go of idle tables).
        self.on_finished: Callable[[Table], None] = lambda table: None
        self.timer = TableTimer(self, clock)
        #: The action numbers a bot chose for a person whose time ran out.
        self.stand_ins: set[int] = set(clock.state.stand_ins) if clock is not None else set()
        #: Each acting seat's legal actions by their text, as its frame lists them; kept
        #: until the state changes, so an action that answers the frame is found here.
        self._legal: dict[int, dict[str, Action]] = {}
        bots.observe(self.state)

    # -- the game --------------------------------------------------------------------------

    @property
    def version(self) -> int:
        return len(self.actions)

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    def replay(self, actions: list[tuple[int, str]], times: Sequence[float | None] = ()) -> None:
        """Apply stored actions, taken at ``times`` (restore after a restart); an action
        that no longer parses or applies raises its ``WuerfelwerkError``."""
        at = list(times) or [None] * len(actions)
        for (actor, text), when in zip(actions, at, strict=True):
            self._apply(self.game.parse_action(text), actor)
            self.times[-1] = when

    def roll_dice(self) -> None:
        """Resolve chance nodes from the seed, as far as they go."""
        while self.state.is_chance_node():
            self._apply(self.chance.draw(self.state, self.version), CHANCE_SEAT)

    def _apply(self, action: Action, actor: int) -> None:
        self.state.apply(action)
        self._legal.clear()
        self.actions.append(str(action))
        self.actors.append(actor)
        self.times.append(time.time())
        moment = self.state.moment()
        if moment is not None:
            self.moments.append((len(self.actions) - 1, moment))
        self.bots.observe(self.state)

    def _rewind(self, keep: int) -> None:
        """Go back to the position after ``keep`` actions, by replaying them."""
        stored = list(zip(self.actors[:keep], self.actions[:keep], strict=True))
        times = self.times[:keep]
        self.state = self.game.new_initial_state()
        self._legal.clear()
        self.actions, self.actors, self.moments, self.times = [], [], [], []
        self.stand_ins = {n for n in self.stand_ins if n < keep}
        self.replay(stored, times)
        self.epoch += 1

    def seat_of(self, token: str) -> int:
        return self.seat_of_hash(token_hash(token))

    def seat_of_hash(self, hashed: str) -> int:
        """The seat of the token whose SHA-256 is ``hashed`` (what a cluster's processes
        pass on, never the token)."""
        for seat, stored in enumerate(self.row.token_hashes):
            if hash_matches(hashed, stored):
                return seat
        raise TableError("bad_token", "this token holds no seat at this table", 403)

    def record(self) -> Record:
        players = [bot_spec(spec) or spec for spec in self.row.seats]
        record = Record(
            self.game.name, self.game.options_json(), self.row.seed, list(self.actions), players
        )
        record.outcome = self.state.outcome()
        record.times = record_times(self.times)
        record.hints = [Hint(hint["seat"], hint["before"]) for hint in self.row.hints or []]
        return record

    # -- actions ---------------------------------------------------------------------------

    async def act(self, seat: int | None, version: int, text: str) -> None:
        """Check and apply the action ``text`` of ``seat``, sent at ``version``."""
        if seat is None:
            raise TableError("no_seat", "a spectator cannot act: connect with a seat's token")
        async with self.lock:
            action = self._check(seat, version, text)
            await self._commit(action, seat)

    def _check(self, seat: int, version: int, text: str) -> Action:
        state = self.state
        if state.is_terminal():
            raise TableError("game_over", "the game is over")
        self._check_version(seat, version)
        if seat in state.active_players and seat not in self.bots.agents:
            listed = self.legal_by_text(seat).get(text)
            if listed is not None:
                return listed
        try:
            action = self.game.parse_action(text)
        except WuerfelwerkError as error:
            raise TableError("invalid_action", str(error)) from None
        current = state.current_player
        if seat not in state.active_players:
            turn = ", ".join(self.game.seat_name(s) for s in state.active_players)
            raise TableError("not_your_turn", f"it is not your turn ({turn} to act)")
        if current == SIMULTANEOUS and getattr(action, "player", seat) != seat:
            raise TableError("not_your_seat", f"{action} is an action of another seat")
        if seat in self.bots.agents:
            raise TableError("timed_out", "your time ran out: a bot plays this turn for you")
        if not state.is_legal(action):
            raise TableError("illegal_action", self._why_illegal(action))
        return action

    def _check_version(self, seat: int, version: int) -> None:
        """Turn by turn, an action must answer the newest version. In simultaneous play the
        others' actions arrive in between, so it must only have seen its own last action."""
        if self.state.current_player == SIMULTANEOUS:
            oldest = self.own_version.get(seat, 0)
            if oldest <= version <= self.version:
                return
        elif version == self.version:
            return
        raise TableError(
            "stale_version",
            f"version {version} is out of date: the table is at version {self.version}",
            409,
        )

    def _why_illegal(self, action: Action) -> str:
        """The rule broken; in games with hidden information only the rule number, since
        the explanation may describe what this seat must not see."""
        try:
            self.state.clone().apply(action)
        except IllegalActionError as error:
            if self.game.perfect_information:
                return str(error)
            return f"{error.rule}: {action} is not legal now" if error.rule else "not legal now"
        return f"{action} is not legal now"

    async def _commit(self, action: Action, actor: int) -> None:
        """Apply ``action`` and the dice it calls for, store them, then broadcast."""
        first = self.version
        # A bot playing a person's seat (its time ran out): the log marks the move.
        stand_in = actor in self.human_seats and actor in self.bots.agents
        self._apply(action, actor)
        self.roll_dice()
        taken = list(zip(self.actors[first:], self.actions[first:], strict=True))
        clock = self.timer.after(first if stand_in else None)
        try:
            column = None if clock is None else clock_column(clock)
            times = [t or 0.0 for t in self.times[first:]]
            await self.journal.append(self.id, first, taken, self.finished, column, times)
        except Exception:
            log.exception("table %s: storing actions failed", self.id)
            self._rewind(first)
            raise TableError("storage", "the action could not be stored; try again", 503) from None
        self.epoch += 1
        self.own_version[actor] = self.version
        if stand_in:
            self.stand_ins.add(first)
        self._broadcast(first, [(n, m) for n, m in self.moments if n >= first])
        self.timer.set(clock)
        if self.finished:
            self.on_finished(self)
        else:
            self.wake_bots()

    async def undo(self, seat: int) -> None:
        """Take back the last human decision and everything after it (same dice again)."""
        async with self.lock:
            back_to = self._undo_target(seat)
            await self.journal.truncate(self.id, back_to)
            self._rewind(back_to)
            self.own_version.clear()
            self._broadcast(0)
            clock = self.timer.after()
            if clock is not None:
                # Not stored, the clock is set right again when the table is restored.
                await self.store(clock_column(clock))
            self.timer.set(clock)

    def _undo_target(self, seat: int) -> int:
        """The action number an undo by ``seat`` goes back to; ``TableError`` where none
        may: no undo at this table, not a human seat, nothing to take back, or a value
        shown since (a player must not take back a move and use what it showed)."""
        if not self.undo_allowed or self.game.simultaneous:
            raise TableError("undo_refused", "undo is not allowed at this table", 403)
        if seat not in self.human_seats:
            raise TableError("undo_refused", "only a human seat can take a move back", 403)
        if self.finished:
            raise TableError("game_over", "the game is over")
        humans = self.human_seats
        decisions = [n for n, actor in enumerate(self.actors) if actor in humans]
        if not decisions:
            raise TableError("undo_refused", "there is no move to take back yet", 409)
        if self.moments and self.moments[-1][0] >= decisions[-1]:
            rule = self.moments[-1][1]["rule"]
            raise TableError(
                "undo_refused",
                f"{rule}: a value was shown since that move, so it cannot be taken back",
                409,
            )
        return decisions[-1]

    def can_undo(self, seat: int | None) -> bool:
        """Whether ``seat`` may take a move back now (the page offers undo only then)."""
        if seat is None or not self.undo_allowed:  # most tables: no exception to raise
            return False
        try:
            self._undo_target(seat)
        except TableError:
            return False
        return True

    # -- connections -----------------------------------------------------------------------

    async def join(self, connection: Viewer) -> None:
        """Add a connection and send it the whole current state at once (and the clock,
        and the rematch if there is one); tell everyone who is here."""
        async with self.lock:
            connection.send(encode(self._frame(connection.seat, 0)))
            if self.timer.clock is not None:
                connection.send(encode(self.timer.frame()))
            if self.row.rematch is not None:
                connection.send(encode(rematch_notice(self.row.rematch)))
            if connection not in self.connections:
                self.connections.add(connection)
                self._tell_presence()

    def leave(self, connection: Viewer) -> None:
        if connection in self.connections:
            self.connections.discard(connection)
            self._tell_presence()

    def _tell_presence(self) -> None:
        self.notify(presence_frame(self.row.seats, self.row.players, self.connections))

    def disconnect_all(self) -> None:
        """Close every connection (another process runs the table now): pages connect
        again."""
        for connection in list(self.connections):
            connection.end(CLOSE_MOVED)

    def notify(self, message: dict[str, Any]) -> None:
        """Send a message with no private content (a rematch) to every connection."""
        text = encode(message)
        for connection in list(self.connections):
            connection.send(text)

    async def public_view(self) -> tuple[int, dict[str, Any]]:
        async with self.lock:
            return self.version, self.state.observation(None)

    def legal_by_text(self, seat: int) -> dict[str, Action]:
        """The legal actions of ``seat``, an acting seat, by their text."""
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = {str(a): a for a in self.state.legal_actions(seat)}
        return legal

    def _frame(self, viewer: int | None, first: int) -> dict[str, Any]:
        log_part = [(n, self.actors[n], self.actions[n]) for n in range(first, len(self.actions))]
        legal: list[str] = []
        if viewer is not None and viewer in self.state.active_players:
            legal = list(self.legal_by_text(viewer))
        frame = state_frame(
            self.state, self.version, viewer, log_part, legal, frozenset(self.stand_ins)
        )
        frame["undo"] = self.can_undo(viewer)
        return frame

    def _broadcast(self, first: int, moments: Sequence[tuple[int, dict[str, Any]]] = ()) -> None:
        """Send each connection the new state; before it, once, what the actions since
        ``first`` showed for a moment (the same for every viewer)."""
        shown = [encode(moment_frame(n + 1, moment)) for n, moment in moments]
        frames: dict[int | None, str] = {}
        for connection in list(self.connections):
            seat = connection.seat
            if seat not in frames:
                frames[seat] = encode(self._frame(seat, first))
            for text in shown:
                connection.send(text)
            connection.send(frames[seat])

    # -- seats ---------------------------------------------------------------------------

    async def take_seat(self, seat: int, player: dict[str, str] | None) -> None:
        """A person came to ``seat`` as ``player`` (``{"id", "name"}``, ``None``: no name):
        the first player to come has the seat for good (its results and rating), and once
        every person has come the clocks run. At a rated table only a named player sits,
        and at one seat only."""
        async with self.lock:
            players = list(self.row.players or [None] * self.game.num_players)
            values: dict[str, Any] = {}
            if player is None and self.row.rated:
                raise TableError("name_needed", "this game is rated: choose a name to play", 401)
            if player is not None and players[seat] is None:
                elsewhere = [s for s, p in enumerate(players) if p and p["id"] == player["id"]]
                if elsewhere and self.row.rated:
                    taken = self.game.seat_name(elsewhere[0])
                    raise TableError(
                        "one_seat_each",
                        f"a rated game is between different players: you play {taken} already",
                        403,
                    )
                if not elsewhere:
                    players[seat] = player
                    values["players"] = players
            joined = self.timer.after_joining(seat)
            if joined is not None:
                values.update(clock_column(joined))
            # Not stored, the seat is taken when the player's page comes again.
            if not values or not await self.store(values):
                return
            self.row.players = players
            self.timer.set(joined)

    async def store(self, values: dict[str, Any]) -> bool:
        """Set columns of the table's row; ``False`` (and a log entry) if the database
        refused."""
        try:
            await self.journal.update(self.id, values)
        except Exception:
            log.exception("table %s: storing %s failed", self.id, ", ".join(values))
            return False
        return True

    # -- bots ------------------------------------------------------------------------------

    def show_game(self, agent: Agent, seat: int) -> None:
        """Show a bot that takes a person's seat during the game every position and
        moment so far, as its person saw them (its memory, in Dimenticato)."""
        watching = watchers({seat: agent})
        if not watching:
            return
        state = self.record().initial_state()
        tell(watching, state)
        for text in self.actions:
            state.apply(self.game.parse_action(text))
            tell(watching, state)

    def wake_bots(self) -> None:
        """Let the bots play where one may act. Turn by turn one task plays every bot seat;
        in simultaneous play each bot seat has its own, so each keeps its own pace."""
        if not self.bots.agents or self.finished:
            return
        for lane in self.bots.agents if self.game.simultaneous else [None]:
            task = self._bot_tasks.get(lane)
            if task is None or task.done():
                self._bot_tasks[lane] = asyncio.create_task(self._play_bots(lane))

    def _bot_to_act(self, lane: int | None) -> int | None:
        if lane is None:
            return self.bots.next_seat(self.state)
        return lane if lane in self.state.active_players else None

    async def _play_bots(self, lane: int | None) -> None:
        while not self.finished:
            async with self.lock:
                seat = self._bot_to_act(lane)
                snapshot, epoch = self.state.clone(), self.epoch
            if seat is None:
                return
            if self.row.bot_delay:
                await asyncio.sleep(self.row.bot_delay)
            action = await self.bots.choose(snapshot, seat)
            if self.game.simultaneous and self.human_seats:
                # Racing people: the bot takes as long as its timing model says.
                await asyncio.sleep(self.bots.pace(seat, action))
            async with self.lock:
                # Turn by turn, a change meanwhile (an undo) means thinking again; in
                # simultaneous play actions count in arrival order while still legal.
                moved_on = self.epoch != epoch and self.state.current_player != SIMULTANEOUS
                if moved_on or not self.state.is_legal(action):
                    continue
                try:
                    await self._commit(action, seat)
                    continue
                except TableError:
                    pass
            await asyncio.sleep(RETRY_AFTER_STORAGE_ERROR)

    def stop_bots(self) -> None:
        for task in self._bot_tasks.values():
            task.cancel()
        self.timer.stop()


def record_times(times: Sequence[float | None]) -> list[float] | None:
    """The seconds from the first action to each (never going back, should the clock);
    ``None`` unless every action's time is known."""
    if not times or any(t is None for t in times):
        return None
    first = times[0]
    assert first is not None
    seconds: list[float] = []
    for t in times:
        assert t is not None
        seconds.append(round(max(t - first, seconds[-1] if seconds else 0.0), 3))
    return seconds
