"""What a seat knows of a position, and a record walked step by step with it.

A judge never reads a state directly: it reads a ``View``, which draws the positions
(worlds) that agree with what one seat knows. Where nothing is hidden there is one world,
the position itself. In Dimenticato the covered values are hidden (DIM-5): a seat's view
holds its own observation and its memory of every value it was shown, and each world
keeps the values the seat remembers and deals the others from those still unaccounted
for; the values themselves never reach the view.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..agents.mcts.belief import Belief
from ..core import CHANCE, Action, Game, InvalidRecordError, Record, State, WuerfelwerkError


@dataclass(frozen=True)
class View:
    """A position as ``seat`` knows it; ``draw()`` gives a fresh full state agreeing with
    it. ``whole``: nothing is hidden from the seat, so every draw is the same position."""

    seat: int
    draw: Callable[[], State]
    whole: bool


def open_view(state: State, seat: int) -> View:
    """The view of a position nothing of which is hidden from ``seat``."""
    return View(seat, state.clone, True)


def hides(game: Game) -> bool:
    """Whether some part of a position of ``game`` may be hidden from a seat."""
    return not game.perfect_information


class Memories:
    """What every seat of a game with hidden information was shown so far, kept as the
    bots keep it (a perfect memory: ``Belief`` with nothing forgotten)."""

    def __init__(self, game: Game) -> None:
        self.game: Any = game  # a game with the hidden-information interface
        rng = random.Random(0)  # a perfect memory draws nothing: forgetting is off
        self.beliefs = [Belief(game, 0.0, rng) for _ in range(game.num_players)]

    def observe(self, state: State) -> None:
        """Show every seat the position just reached and what it showed for a moment."""
        moment = state.moment()
        for seat, belief in enumerate(self.beliefs):
            belief.observe(state.observation(seat), moment)

    def view(self, state: State, seat: int, rng: random.Random) -> View:
        """``seat``'s view of ``state``: its observation and memory, nothing else. A seat
        that remembers every covered value (it saw the board before any was covered, and
        forgets nothing) knows the whole position."""
        observation = state.observation(seat)
        belief = self.beliefs[seat]
        recalled = belief.memory.recalled(observation)
        if all(name in recalled for name in self.game.hidden_fields(observation)):
            return open_view(state, seat)
        return View(seat, belief.sampler(observation, rng), False)


@dataclass(frozen=True)
class Step:
    """Action number ``index`` (from 0) of a record: the position before it, who took it
    (a seat or ``CHANCE``) and the action; ``memories`` what each seat knew before it
    (``None`` where nothing is hidden in the game)."""

    index: int
    before: State
    actor: int
    action: Action
    memories: Memories | None

    def view(self, seat: int, rng: random.Random) -> View:
        if self.memories is None:
            return open_view(self.before, seat)
        return self.memories.view(self.before, seat, rng)


def board_view(state: State, seat: int, rng: random.Random) -> View:
    """``seat``'s view of ``state`` from what the board shows it now, remembering
    nothing: what a hint may know, since no later message may carry a covered value
    (DIM-5), and a person may have forgotten what a bot remembers."""
    if not hides(state.game):
        return open_view(state, seat)
    memories = Memories(state.game)
    memories.observe(state)
    return memories.view(state, seat, rng)


class Walk:
    """A record replayed step by step (iterate it), with what each seat was shown. The
    steps share one state and one memory, moved on when the next step is drawn: use each
    before going on. Once every step is drawn, ``state`` is the last position."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.state = record.initial_state()
        self.memories = Memories(self.state.game) if hides(self.state.game) else None
        if self.memories is not None:
            self.memories.observe(self.state)

    def __iter__(self) -> Iterator[Step]:
        state, memories = self.state, self.memories
        game = state.game
        for index, text in enumerate(self.record.actions):
            try:
                action = game.parse_action(text)
                if not state.is_legal(action):
                    state.clone().apply(action)  # raises, naming the rule
            except WuerfelwerkError as error:
                raise InvalidRecordError(
                    f"action {index + 1} ({text!r}) does not replay: {error}"
                ) from None
            actor = state.current_player
            if actor < 0 and actor != CHANCE:
                actor = int(getattr(action, "player", CHANCE))
            yield Step(index, state, actor, action, memories)
            state.apply(action)
            if memories is not None:
                memories.observe(state)

    def view(self, seat: int, rng: random.Random) -> View:
        """``seat``'s view of the position reached."""
        if self.memories is None:
            return open_view(self.state, seat)
        return self.memories.view(self.state, seat, rng)
