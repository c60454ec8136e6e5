"""Real-time play in the terminal (prompt_toolkit): everybody acts at once.

The bots act on their own clocks (``core/realtime.Clocks`` driven by the wall clock);
the human seat acts whenever a key is pressed. The screen shows the lucky symbol, every
coaster with the dice on it, the human's dice numbered, and the round and coaster
results as they happen. Wurf & Weg keys: space or ``r`` rolls, ``1``-``6`` places a die
of that number (dice are numbered by symbol), ``q`` (or Ctrl-C, Ctrl-D) quits.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import HSplit, Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl

from ..agents import HUMAN, make_agent, parse_spec
from ..boards.wurfweg import style_of
from ..core import (
    Action,
    Game,
    InvalidAgentSpecError,
    Record,
    State,
    WuerfelwerkError,
    derive_seed,
)
from ..core.realtime import Clocks
from ..games.wurfweg import CALM, TRAY, WurfWegGame, WurfWegState
from ..games.wurfweg.render import hand_groups, lines

#: Seconds between rounds (and before the first), to read the results.
ROUND_PAUSE = 2.5
TICK = 0.05
KEYS_HELP = "space/r roll   1-6 place a die of that number   q quit (the record is saved)"


class RealTimeScreen:
    """One real-time game on the screen; ``run()`` plays it and returns the record."""

    def __init__(
        self,
        game: Game,
        seats: list[str],
        seed: int,
        pause: float = ROUND_PAUSE,
        start: dict[str, Any] | None = None,
    ) -> None:
        assert isinstance(game, WurfWegGame)
        humans = [s for s, spec in enumerate(seats) if parse_spec(spec).name == HUMAN]
        if len(humans) > 1:
            raise InvalidAgentSpecError("real-time play in one terminal takes one human seat")
        self.human = humans[0] if humans else None
        agents = [
            None if seat == self.human else make_agent(spec, game, derive_seed(seed, seat))
            for seat, spec in enumerate(seats)
        ]
        self.game: WurfWegGame = game
        self.pause = pause
        self.log: deque[str] = deque(maxlen=8)
        self.message = ""
        # The game clock stands still in pauses: game time = wall time - time paused.
        self._paused = pause
        self._resume = pause  # wall time (since the start) when the current pause ends
        self._start: float | None = None
        self._round = 1
        self._won = [0] * game.num_players
        state = None if start is None else game.state_from_json(start)
        self.clocks = Clocks(
            game, agents, seed, state=state, players=seats, on_action=self._on_action
        )
        self.app: Application[None] = Application(
            layout=Layout(HSplit([Window(FormattedTextControl(self.screen), wrap_lines=True)])),
            key_bindings=self._keys(),
            full_screen=True,
        )

    @property
    def state(self) -> WurfWegState:
        state = self.clocks.state
        assert isinstance(state, WurfWegState)
        return state

    # -- the clock ---------------------------------------------------------------------

    def _wall(self) -> float:
        assert self._start is not None
        return asyncio.get_running_loop().time() - self._start

    def _game_time(self) -> float | None:
        """Seconds on the game clock now, or ``None`` during a pause."""
        wall = self._wall()
        if wall < self._resume:
            return None
        return wall - self._paused

    async def _tick(self) -> None:
        while True:
            now = self._game_time()
            if now is not None and not self.state.is_terminal():
                self.clocks.advance(now)
            self.app.invalidate()
            await asyncio.sleep(TICK)

    def _on_action(self, state: State, action: Action, seat: int, now: float) -> None:
        """Log what matters to the human: the lucky symbol, stop, coasters won."""
        assert isinstance(state, WurfWegState)
        game = self.game
        text = str(action)
        if text.startswith("lucky"):
            self.log.append(f"round {state.round}: the lucky symbol is {text.split()[1]}")
        elif state.phase == CALM and state.stopper == seat and not state.hand[seat]:
            self.log.append(f"{game.seat_name(seat)} calls STOP: three calm rolls for the rest")
        won = [len(w) for w in state.won]
        winners = [s for s in range(game.num_players) if won[s] > self._won[s]]
        if winners:
            names = ", ".join(f"{game.seat_name(s)} ({won[s]})" for s in winners)
            self.log.append(f"coaster won by {names}")
        self._won = won
        if state.round != self._round or state.is_terminal():
            self._round = state.round
            self._pause_now()

    def _pause_now(self) -> None:
        """Stop the game clock for a moment, to read the round's results."""
        if self._start is None or not self.pause:
            return
        wall = self._wall()
        if wall >= self._resume:
            self._paused += self.pause
            self._resume = wall + self.pause

    # -- the human's keys --------------------------------------------------------------

    def _keys(self) -> KeyBindings:
        keys = KeyBindings()

        @keys.add("q")
        @keys.add("c-c")
        @keys.add("c-d")
        def _quit(event: KeyPressEvent) -> None:
            event.app.exit()

        @keys.add("r")
        @keys.add("space")
        def _roll(event: KeyPressEvent) -> None:
            if self.human is not None:
                self._act(self.game.rolls[self.human])

        for digit in "123456789":  # 7-9 answer "you hold no die"

            @keys.add(digit)
            def _place(event: KeyPressEvent) -> None:
                self._place(int(event.data))

        return keys

    def _place(self, number: int) -> None:
        """Place a die of group ``number`` of the human's hand where its symbol goes."""
        if self.human is None:
            return
        state = self.state
        groups = hand_groups(state, self.human)
        if not 1 <= number <= len(groups):
            self.message = f"you hold no die {number}"
            return
        symbol = groups[number - 1][0]
        target = TRAY if state.phase == CALM else state.target(self.human, symbol)
        symbols = self.game.coasters.symbols
        if target is None:
            self.message = (
                f"WUW-4: {symbols[symbol]} is neither the lucky symbol nor on your coaster"
            )
            return
        self._act(self.game.places[self.human][symbol][target])

    def _act(self, action: Action) -> None:
        assert self.human is not None
        now = self._game_time()
        if now is None:
            self.message = "wait: the round starts in a moment"
            return
        try:
            self.clocks.advance(now)
            self.clocks.act(self.human, action)
            self.message = ""
        except WuerfelwerkError as error:
            self.message = str(error)

    # -- the picture -------------------------------------------------------------------

    def screen(self) -> StyleAndTextTuples:
        state = self.state
        pieces: StyleAndTextTuples = [("bold", f"{self.game.title}\n\n")]
        for line in lines(state, self.human):
            pieces += [(style_of(tag), text) for text, tag in line]
            pieces.append(("", "\n"))
        pieces.append(("", "\n"))
        pieces += [("#8a8a8a", f"{entry}\n") for entry in self.log]
        if not state.is_terminal() and self._game_time() is None:
            pieces.append(("bold", "next round in a moment...\n"))
        outcome = state.outcome()
        if outcome is not None:
            result = outcome.describe(self.game.seat_name)
            pieces.append(("bold #3cb043", f"Game over: {result}.\n"))
        if self.message:
            pieces.append(("bold #ff5555", f"{self.message}\n"))
        pieces.append(("#8a8a8a", f"\n{KEYS_HELP}\n"))
        return pieces

    # -- running -------------------------------------------------------------------------

    async def run_async(self) -> Record:
        self._start = asyncio.get_running_loop().time()
        ticker = asyncio.ensure_future(self._tick())
        try:
            await self.app.run_async()
        finally:
            ticker.cancel()
        return self.clocks.record


def play_at_terminal(
    game: Game, seats: list[str], seed: int, start: dict[str, Any] | None = None
) -> Record:
    """Play ``game`` in real time at this terminal (from the position ``start``, if
    given); the record, finished or not."""
    return asyncio.run(RealTimeScreen(game, seats, seed, start=start).run_async())
