"""``Record``: a whole game as data. Replaying it reproduces every state exactly."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidRecordError, WuerfelwerkError
from .game import Game
from .outcome import Outcome
from .registry import create
from .state import State

RECORD_FORMAT = 1


@dataclass(frozen=True)
class Hint:
    """``seat`` was shown the best move in the position before action number ``before``
    (counted from 0, as ``Record.actions``)."""

    seat: int
    before: int

    def to_json(self) -> dict[str, int]:
        return {"seat": self.seat, "before": self.before}

    @classmethod
    def from_json(cls, data: Any) -> Hint:
        if not isinstance(data, dict) or not all(
            _whole(data.get(key)) and data[key] >= 0 for key in ("seat", "before")
        ):
            raise InvalidRecordError('a hint of a record is {"seat": N, "before": N}')
        return cls(data["seat"], data["before"])


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _list(value: Any, key: str) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidRecordError(f"a record's {key} must be a list")
    return value


def _times(value: Any, actions: int) -> list[float] | None:
    """A record's ``times``: one number per action, none before the one before it."""
    if value is None:
        return None
    times = _list(value, "times")
    if len(times) != actions or not all(
        isinstance(t, int | float) and not isinstance(t, bool) and t >= 0 for t in times
    ):
        raise InvalidRecordError("a record's times give one second (0 or more) per action")
    if any(later < earlier for earlier, later in itertools.pairwise(times)):
        raise InvalidRecordError("a record's times must not go back")
    return [float(t) for t in times]


@dataclass
class Record:
    """Game name, options, seed and every action (chance included) as text.

    ``players`` holds the agent spec of each seat where known; ``start`` is the position
    the game started from when that was not the usual start (as ``to_json()`` gives it);
    ``outcome`` is set once the game is over. This is exactly what the server stores.

    ``times`` holds, where the game was played on a clock, the second (from the start)
    at which each action was taken: real-time games are decided by speed. ``hints``
    notes each time a seat was shown the best move during the game, as ``Hint``s.
    """

    game: str
    options: dict[str, Any]
    seed: int | None = None
    actions: list[str] = field(default_factory=list)
    players: list[str] | None = None
    start: dict[str, Any] | None = None
    outcome: Outcome | None = None
    times: list[float] | None = None
    hints: list[Hint] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "players": self.players,
            "start": self.start,
            "actions": self.actions,
            "outcome": self.outcome.to_json() if self.outcome else None,
        }
        if self.times is not None:
            data["times"] = self.times
        if self.hints:
            data["hints"] = [hint.to_json() for hint in self.hints]
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Read a record, checking its shape; ``InvalidRecordError`` says what is wrong."""
        if not isinstance(data, dict):
            raise InvalidRecordError("a record must be a JSON object")
        if data.get("format", RECORD_FORMAT) != RECORD_FORMAT:
            raise InvalidRecordError(f"unknown record format {data.get('format')!r}")
        for key, kind in (("game", str), ("options", dict), ("actions", list)):
            if not isinstance(data.get(key), kind):
                raise InvalidRecordError(f"a record needs {key!r} ({kind.__name__})")
        if not all(isinstance(a, str) for a in data["actions"]):
            raise InvalidRecordError("every action of a record must be text")
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise InvalidRecordError("a record's seed must be a whole number or null")
        players = data.get("players")
        if players is not None and not (
            isinstance(players, list) and all(isinstance(p, str) for p in players)
        ):
            raise InvalidRecordError("a record's players must be a list of agent specs")
        start = data.get("start")
        if start is not None and not isinstance(start, dict):
            raise InvalidRecordError("a record's start must be a position (a JSON object)")
        record = cls(data["game"], data["options"], seed, list(data["actions"]), players, start)
        record.times = _times(data.get("times"), len(record.actions))
        record.hints = [Hint.from_json(hint) for hint in _list(data.get("hints", []), "hints")]
        final = record.final_state()
        for hint in record.hints:
            if hint.seat >= final.game.num_players or hint.before > len(record.actions):
                raise InvalidRecordError(f"a hint of the record names no decision: {hint}")
        record.outcome = final.outcome()
        return record

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise InvalidRecordError(f"a record must be JSON: {error}") from None
        return cls.from_json(data)

    def load_game(self) -> Game:
        try:
            return create(self.game, self.options)
        except WuerfelwerkError as error:
            raise InvalidRecordError(f"the record's game cannot be loaded: {error}") from None

    def initial_state(self) -> State:
        game = self.load_game()
        if self.start is None:
            return game.new_initial_state()
        try:
            return game.state_from_json(self.start)
        except WuerfelwerkError as error:
            raise InvalidRecordError(f"the record's start position is invalid: {error}") from None

    def states(self) -> Iterator[State]:
        """The initial state, then the state after each action (independent copies)."""
        initial = self.initial_state()
        yield initial.clone()
        for state in self._replay(initial):
            yield state.clone()

    def final_state(self) -> State:
        state = self.initial_state()
        for _ in self._replay(state):
            pass
        return state

    def _replay(self, state: State) -> Iterator[State]:
        game = state.game
        for index, text in enumerate(self.actions):
            try:
                state.apply(game.parse_action(text))
            except WuerfelwerkError as error:
                raise InvalidRecordError(
                    f"action {index + 1} ({text!r}) does not replay: {error}"
                ) from None
            yield state
