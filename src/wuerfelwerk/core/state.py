"""``State``: one position of a game, and the state machine that moves it on."""

from __future__ import annotations

import random
from abc import abstractmethod
from typing import TYPE_CHECKING, Any, Final

from .errors import IllegalActionError
from .game import Game

if TYPE_CHECKING:
    from .action import Action
    from .outcome import Outcome

#: ``current_player`` values other than a seat, as in OpenSpiel.
CHANCE: Final = -1
SIMULTANEOUS: Final = -2
TERMINAL: Final = -4
#: No seat: nothing is cached.
_NO_SEAT: Final = -9
#: The phase of every game that is over (``turn_in``).
OVER: Final = "over"


def turn_in(phase: str, player: int, chance_phase: str) -> int:
    """The ``current_player`` of a game that takes turns in phases: ``CHANCE`` in
    ``chance_phase`` (the dice roll, the cards are dealt), ``TERMINAL`` once ``OVER``,
    else ``player``, whose turn it is. The games declare their phases; this one rule
    says whose turn each makes, as boardgame.io's turn order does for its games."""
    if phase == chance_phase:
        return CHANCE
    if phase == OVER:
        return TERMINAL
    return player


class State:
    """A position with whose turn it is; ``apply`` moves it on.

    Each game's state holds its game once, as ``game``, typed as that game's own class
    (``MalefizState.game`` is a ``MalefizGame``); here it is any game. Not ``Generic`` in
    its game, nor an ``ABC``: mypyc gives a class with either base a ``__dict__`` and a
    weak-reference list, laid where a compiled subclass keeps its own fields, and the
    garbage collector then reads one as the other. mypy still checks the abstract methods.

    Every game's state is built one way: ``__init__(game, source=None)`` sets up the
    position before the first action, or copies ``source``'s, and ``clone()`` is
    ``type(self)(self.game, self)``. A compiled class has no bare ``__new__``, so a copy
    goes through the constructor, which then builds nothing only to overwrite it.

    ``current_player`` is a seat number, ``CHANCE`` (dice: see ``chance_outcomes``),
    ``SIMULTANEOUS`` (several seats may act: see ``active_players``) or ``TERMINAL``.
    Legal actions are computed once per position and cached until the next ``apply``:
    the first seat asked in ``_legal_seat`` and ``_legal_list``, other seats acting at
    the same time in ``_legal_more``.
    """

    def __init__(self, source: State | None = None) -> None:
        """With ``source``, a copy of it starts with what it has cached (the lists are
        never changed, only replaced, so an action from ``source``'s lists is found in
        the copy's by identity)."""
        if source is None:
            self._legal_seat = _NO_SEAT
            self._legal_list: list[Action] = []
            self._legal_more: dict[int, list[Action]] = {}
        else:
            self._legal_seat = source._legal_seat
            self._legal_list = source._legal_list
            self._legal_more = dict(source._legal_more)

    # -- to be provided by each game -------------------------------------------------

    @property
    @abstractmethod
    def game(self) -> Game:
        """The game this is a position of, typed by each game's state as its own."""

    @property
    @abstractmethod
    def current_player(self) -> int:
        """A seat, ``CHANCE``, ``SIMULTANEOUS`` or ``TERMINAL``."""

    @abstractmethod
    def _legal_actions(self, player: int) -> list[Action]:
        """The legal actions of ``player``, who is able to act now. The list may be one
        the game keeps: the core never changes it and hands out copies."""

    @abstractmethod
    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node: every outcome with its probability (summing to 1). The list
        may be one the game keeps (a die's six faces): the core never changes it and
        hands out copies."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply an action already known to be legal."""

    @abstractmethod
    def _explain_illegal(self, action: Action) -> IllegalActionError:
        """Why ``action`` is not legal here, naming the rule it breaks."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy: ``type(self)(self.game, self)`` (see the class)."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    @abstractmethod
    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (``None``: a spectator), JSON-ready, and nothing else."""

    @abstractmethod
    def _position_json(self) -> dict[str, Any]:
        """The game-specific part of ``to_json()``."""

    def moment(self) -> dict[str, Any] | None:
        """What the last ``apply`` showed everybody for that moment only, or ``None``.

        Dimenticato lifts a figure to check a name, so its value is seen at once and
        never again (DIM-5). A moment is not part of the position: ``observation``,
        ``to_json``, ``clone`` and equality leave it out, so it reaches players only from
        whoever drives the game, right after the action (the server's one-time frame, an
        agent's ``observe``). A moment is a JSON-ready dict naming the ``rule`` that shows
        it; a game with such moments overrides this.
        """
        return None

    # -- the shared API ----------------------------------------------------------------

    @property
    def active_players(self) -> list[int]:
        """The seats that may act now: one seat, several when ``SIMULTANEOUS``, or none."""
        player = self.current_player
        return [player] if player >= 0 else []

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """The legal actions of ``player`` (default: the one to act; at chance nodes, the
        chance outcomes). A seat that may not act now has none."""
        current = self.current_player
        if player is None:
            if current == SIMULTANEOUS:
                raise ValueError("several seats may act: name the player")
            player = current
        cached = self._cached_legal(player)
        if cached is None:
            if current == TERMINAL or (
                player != current and (current != SIMULTANEOUS or player not in self.active_players)
            ):
                return []
            if player == CHANCE:
                cached = [action for action, _ in self._chance_outcomes()]
            else:
                cached = self._legal_actions(player)
            if self._legal_seat == _NO_SEAT:
                self._legal_seat = player
                self._legal_list = cached
            else:
                self._legal_more[player] = cached
        return list(cached)

    def _cached_legal(self, seat: int) -> list[Action] | None:
        if seat == self._legal_seat:
            return self._legal_list
        return self._legal_more.get(seat) if self._legal_more else None

    def _forget_legal(self) -> None:
        """After the position changed: nothing cached is legal any more."""
        self._legal_seat = _NO_SEAT
        if self._legal_more:
            self._legal_more = {}

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``[(action, probability)]`` at a chance node; empty elsewhere."""
        return list(self._chance_outcomes()) if self.current_player == CHANCE else []

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw one chance outcome with its probability."""
        if self.current_player != CHANCE:
            raise ValueError("not a chance node")
        outcomes = self._chance_outcomes()
        pick = rng.random()
        total = 0.0
        for outcome in outcomes:  # not unpacked: the compiled build then checks one action
            total += outcome[1]
            if pick < total:
                return outcome[0]
        return outcomes[-1][0]

    def apply(self, action: Action) -> None:
        """Apply ``action`` (a chance outcome at chance nodes).

        Raises ``IllegalActionError`` naming the rule broken; a rejected action changes
        nothing.
        """
        current = self.current_player
        seat = getattr(action, "player", None) if current == SIMULTANEOUS else current
        # Games hand out shared action objects, so an action taken from the legal list
        # is found by identity before anything is compared.
        cached = self._cached_legal(seat) if seat is not None else None
        if cached is None and current == CHANCE:
            cached = [outcome[0] for outcome in self._chance_outcomes()]
        if cached is not None:
            for candidate in cached:
                if candidate is action:
                    self._apply(action)
                    self._forget_legal()
                    return
        if current == TERMINAL:
            raise IllegalActionError("", "the game is over")
        if not self.is_legal(action):
            raise self._explain_illegal(action)
        # Applied as the game's own object, the one it is equal to: a field that only
        # compares equal (``True`` for ``1``, ``6.0`` for ``6``) never enters the position.
        # (``list.index`` compares by the actions' own ``__eq__`` in the compiled build too,
        # where ``==`` on the base class would compare identities.)
        legal = self.legal_actions(seat) if seat is not None else []
        self._apply(legal[legal.index(action)] if action in legal else action)
        self._forget_legal()

    def random_playout(self, rng: random.Random, limit: int) -> None:
        """Play on for at most ``limit`` actions (or to the end): each seat's action drawn
        uniformly from its legal ones, each chance outcome with its probability. This is
        the random rollout of a search; a game may override it with a faster loop that
        draws from the same distribution. Turn-based games only."""
        for _ in range(limit):
            player = self.current_player
            if player == TERMINAL:
                return
            if player == CHANCE:
                self.apply(self.sample_chance(rng))
            elif player == SIMULTANEOUS:
                raise ValueError("several seats may act: a random playout is turn-based")
            else:
                self.apply(rng.choice(self.legal_actions(player)))

    def is_legal(self, action: Action) -> bool:
        current = self.current_player
        if current == SIMULTANEOUS:
            player = getattr(action, "player", None)
            return player is not None and action in self.legal_actions(player)
        return action in self.legal_actions(current)

    def returns(self) -> list[float]:
        """Each seat's return: zero until the end, then derived from ``outcome()``."""
        outcome = self.outcome()
        if outcome is None:
            return [0.0] * self.game.num_players
        return outcome.returns()

    def to_json(self) -> dict[str, Any]:
        """The whole position as JSON; ``game.state_from_json`` restores it exactly."""
        return {
            "game": self.game.name,
            "options": self.game.options_json(),
            **self._position_json(),
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.game == other.game and self._position_json() == other._position_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self._position_json()}>"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and copied) as its game and its position's JSON, which restores it
        exactly; a compiled state (mypyc) pickles no other way."""
        return (_restore, (self.game, self.to_json()))


def _restore(game: Game, position: dict[str, Any]) -> State:
    return game.state_from_json(position)
