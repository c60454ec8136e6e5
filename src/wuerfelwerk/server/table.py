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
import json
import logging
from collections.abc import Callable, Sequence
from typing import Any

from ..agents import HUMAN
from ..core import (
    SIMULTANEOUS,
    Action,
    Game,
    IllegalActionError,
    Record,
    State,
    WuerfelwerkError,
)
from ..core.chance import SeededChance
from .bots import BotSeats, bot_spec
from .connection import Connection
from .db import Journal, TableRow
from .errors import TableError
from .frames import CHANCE_SEAT, moment_frame, state_frame
from .tokens import token_matches

log = logging.getLogger("uvicorn.error")

#: Seconds a table's bots wait before trying again after the database refused a write.
RETRY_AFTER_STORAGE_ERROR = 1.0


class Table:
    def __init__(self, row: TableRow, game: Game, journal: Journal, bots: BotSeats) -> None:
        self.row = row
        self.id = row.id
        self.game = game
        self.journal = journal
        self.bots = bots
        self.chance = SeededChance(row.seed)
        self.state: State = game.new_initial_state()
        self.actions: list[str] = []
        self.actors: list[int] = []
        #: ``(action number, moment)`` of every action that showed something for a moment.
        self.moments: list[tuple[int, dict[str, Any]]] = []
        self.connections: set[Connection] = set()
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
        bots.observe(self.state)

    # -- the game --------------------------------------------------------------------------

    @property
    def version(self) -> int:
        return len(self.actions)

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    @property
    def human_seats(self) -> set[int]:
        return {seat for seat, spec in enumerate(self.row.seats) if spec == HUMAN}

    def replay(self, actions: list[tuple[int, str]]) -> None:
        """Apply stored actions (restore after a restart); an action that no longer parses
        or applies raises its ``WuerfelwerkError``."""
        for actor, text in actions:
            self._apply(self.game.parse_action(text), actor)

    def roll_dice(self) -> None:
        """Resolve chance nodes from the seed, as far as they go."""
        while self.state.is_chance_node():
            self._apply(self.chance.draw(self.state, self.version), CHANCE_SEAT)

    def _apply(self, action: Action, actor: int) -> None:
        self.state.apply(action)
        self.actions.append(str(action))
        self.actors.append(actor)
        moment = self.state.moment()
        if moment is not None:
            self.moments.append((len(self.actions) - 1, moment))
        self.bots.observe(self.state)

    def _rewind(self, keep: int) -> None:
        """Go back to the position after ``keep`` actions, by replaying them."""
        stored = list(zip(self.actors[:keep], self.actions[:keep], strict=True))
        self.state = self.game.new_initial_state()
        self.actions, self.actors, self.moments = [], [], []
        self.replay(stored)
        self.epoch += 1

    def seat_of(self, token: str) -> int:
        for seat, stored in enumerate(self.row.token_hashes):
            if token_matches(token, stored):
                return seat
        raise TableError("bad_token", "this token holds no seat at this table", 403)

    def record(self) -> Record:
        players = [bot_spec(spec) or spec for spec in self.row.seats]
        record = Record(
            self.game.name, self.game.options_json(), self.row.seed, list(self.actions), players
        )
        record.outcome = self.state.outcome()
        return record

    def replay_frames(self) -> list[dict[str, Any]]:
        """The public view before the first action and after each, for a finished game's
        replay: who acted and what (the game is over, so every action is told, hidden
        information included) and what the action showed for a moment."""
        state = self.record().initial_state()
        frames: list[dict[str, Any]] = [
            {"seat": None, "action": None, "observation": state.observation(None)}
        ]
        for actor, text in zip(self.actors, self.actions, strict=True):
            state.apply(self.game.parse_action(text))
            frame = {"seat": actor, "action": text, "observation": state.observation(None)}
            moment = state.moment()
            if moment is not None:
                frame["moment"] = moment
            frames.append(frame)
        return frames

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
        self._apply(action, actor)
        self.roll_dice()
        taken = list(zip(self.actors[first:], self.actions[first:], strict=True))
        try:
            await self.journal.append(self.id, first, taken, self.finished)
        except Exception:
            log.exception("table %s: storing actions failed", self.id)
            self._rewind(first)
            raise TableError("storage", "the action could not be stored; try again", 503) from None
        self.epoch += 1
        self.own_version[actor] = self.version
        self._broadcast(first, [(n, m) for n, m in self.moments if n >= first])
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

    def _undo_target(self, seat: int) -> int:
        """The action number an undo by ``seat`` goes back to; ``TableError`` where none
        may: no undo at this table, not a human seat, nothing to take back, or a value
        shown since (a player must not take back a move and use what it showed)."""
        if not self.row.undo or self.game.simultaneous:
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
        if seat is None:
            return False
        try:
            self._undo_target(seat)
        except TableError:
            return False
        return True

    # -- connections -----------------------------------------------------------------------

    async def join(self, connection: Connection) -> None:
        """Add a connection and send it the whole current state at once."""
        async with self.lock:
            connection.send(json.dumps(self._frame(connection.seat, 0)))
            self.connections.add(connection)

    def leave(self, connection: Connection) -> None:
        self.connections.discard(connection)

    def notify(self, message: dict[str, Any]) -> None:
        """Send a message with no private content (a rematch) to every connection."""
        text = json.dumps(message)
        for connection in list(self.connections):
            connection.send(text)

    async def public_view(self) -> tuple[int, dict[str, Any]]:
        async with self.lock:
            return self.version, self.state.observation(None)

    def _frame(self, viewer: int | None, first: int) -> dict[str, Any]:
        log_part = [(n, self.actors[n], self.actions[n]) for n in range(first, len(self.actions))]
        frame = state_frame(self.state, self.version, viewer, log_part)
        frame["undo"] = self.can_undo(viewer)
        return frame

    def _broadcast(self, first: int, moments: Sequence[tuple[int, dict[str, Any]]] = ()) -> None:
        """Send each connection the new state; before it, once, what the actions since
        ``first`` showed for a moment (the same for every viewer)."""
        shown = [json.dumps(moment_frame(n + 1, moment)) for n, moment in moments]
        frames: dict[int | None, str] = {}
        for connection in list(self.connections):
            seat = connection.seat
            if seat not in frames:
                frames[seat] = json.dumps(self._frame(seat, first))
            for text in shown:
                connection.send(text)
            connection.send(frames[seat])

    # -- bots ------------------------------------------------------------------------------

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
