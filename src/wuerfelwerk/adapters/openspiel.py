"""OpenSpiel: every registered game as a Python game of ``pyspiel``.

Importing this module registers ``wuerfelwerk_<name>`` for each game; ``load(name,
**options)`` gives the ``pyspiel.Game``. The game type follows the game's facts: explicit
chance where there are dice, perfect or imperfect information, simultaneous moves where
seats act at once. Actions and chance outcomes are the game's action ids; returns come
from ``state.returns()``. Tensors are the ones of ``tensors`` (flattened, plane by
plane): the observation tensor shows what the seat sees now, the information-state
tensor adds what it remembers (``memories``), the same array the PettingZoo environment
gives. The observation string is the seat's observation as JSON. The information-state
string (perfect recall) is the history of action ids where everybody sees everything;
with hidden information it is the seat's observation with what it remembers per field,
as JSON. Strings and tensors with hidden information leave out the log of events
(``Game.history_keys``), so they are as long as the board whatever the length of the
game. States serialise as OpenSpiel's
history of action ids with our position JSON and the seats' memories beside it.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import typing
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]  # OpenSpiel's compiled module has no stubs

import wuerfelwerk

from ..core import CHANCE, SIMULTANEOUS, Game, State
from ..core.registry import game_class
from .drivers import joint_order
from .memories import Memories
from .tensors import tensor_for

PREFIX = "wuerfelwerk_"

_Type = pyspiel.GameType


def short_name(game_name: str) -> str:
    """The OpenSpiel name of one of our games: ``wuerfelwerk_malefiz``."""
    return PREFIX + game_class(game_name).name


def load(game_name: str, **options: Any) -> pyspiel.Game:
    """The ``pyspiel.Game`` of ``game_name`` with ``options`` (checked like ``load``)."""
    cls = game_class(game_name)
    nones = _none_values(cls)
    params = {k: nones[k] if v is None and k in nones else v for k, v in options.items()}
    return pyspiel.load_game(short_name(game_name), params)


@functools.cache
def _none_values(cls: type[Game]) -> dict[str, Any]:
    """Options that may be None, each with the value that stands for None in OpenSpiel:
    0 for a number, "" for text. OpenSpiel parameters cannot be None and keep the type
    of their default."""
    hints = typing.get_type_hints(cls.Options)
    nones = {}
    for field in dataclasses.fields(cls.Options):
        kinds = typing.get_args(hints[field.name])
        if type(None) in kinds:
            nones[field.name] = next(k for k in kinds if k is not type(None))()
    return nones


def _options(cls: type[Game], params: dict[str, Any]) -> dict[str, Any]:
    """OpenSpiel parameters back to our options."""
    nones = _none_values(cls)
    return {k: None if k in nones and v == nones[k] else v for k, v in params.items()}


def game_type(cls: type[Game]) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=PREFIX + cls.name,
        long_name=f"wuerfelwerk {cls.title}",
        dynamics=_Type.Dynamics.SIMULTANEOUS if cls.simultaneous else _Type.Dynamics.SEQUENTIAL,
        chance_mode=(
            _Type.ChanceMode.EXPLICIT_STOCHASTIC
            if cls.has_chance
            else _Type.ChanceMode.DETERMINISTIC
        ),
        information=(
            _Type.Information.PERFECT_INFORMATION
            if cls.perfect_information
            else _Type.Information.IMPERFECT_INFORMATION
        ),
        utility=_Type.Utility.ZERO_SUM,
        reward_model=_Type.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            name: _none_values(cls)[name] if default is None else default
            for name, default in ((o["name"], o["default"]) for o in cls.describe_options())
        },
    )


class SpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel.Game is untyped (Any)
    """One of our games, with its options, as OpenSpiel sees it (a subclass per game)."""

    game_class: type[Game]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        cls = self.game_class
        params = params or {}
        core = _core_game(cls.name, tuple(sorted(_options(cls, params).items())))
        actions = core.num_distinct_actions
        if cls.simultaneous:
            actions += 1  # the last id: wait, for a seat that cannot act this time
        super().__init__(
            game_type(cls),
            pyspiel.GameInfo(
                num_distinct_actions=actions,
                max_chance_outcomes=core.num_distinct_actions if cls.has_chance else 0,
                num_players=core.num_players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=core.max_game_length,
            ),
            params,
        )
        self.core = core
        self.tensor = tensor_for(core)
        state = core.new_initial_state()
        memories = Memories(core)
        memories.see(state)
        # OpenSpiel makes a new initial state for every clone and deserialised state:
        # each starts as a copy of this one.
        self.initial = _Position(state, memories)

    def __reduce__(self) -> tuple[Any, ...]:
        return (pyspiel.load_game, (str(self),))

    def new_initial_state(self) -> SpielState:
        return SpielState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> Observer:
        return Observer(self, iig_obs_type, params)


class _Position:
    """Our state inside an OpenSpiel state. OpenSpiel clones a Python state by deep-copying
    its attributes and serialises it by pickling them; this copies by ``State.clone()`` and
    pickles as the position's JSON (``to_json``), sharing the immutable game."""

    __slots__ = ("memories", "pending", "state")

    def __init__(
        self, state: State, memories: Memories, pending: list[tuple[int, int]] | None = None
    ) -> None:
        self.state = state
        # What each seat remembers (games whose hidden values are shown once).
        self.memories = memories
        # Simultaneous moves only: the (seat, action id) of a joint action still to apply.
        self.pending = pending or []

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return _Position(self.state.clone(), self.memories.copy(), list(self.pending))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (json.dumps(self.state.to_json()), self.memories, self.pending))

    def apply(self, seat: int, action: int) -> None:
        state = self.state
        state.apply(state.game.action_from_id(action))
        self.memories.see(state)

    def resolve(self) -> None:
        """Apply the pending actions of a joint action, each once the chance it caused
        (dice thrown) is settled; one that is no longer legal is dropped."""
        state = self.state
        pending = self.pending
        while pending and state.current_player != CHANCE:
            if state.current_player != SIMULTANEOUS:
                pending.clear()
                return
            seat, action = pending.pop(0)
            if state.is_legal(state.game.action_from_id(action)):
                self.apply(seat, action)


def _restore(position: str, memories: Memories, pending: list[tuple[int, int]]) -> _Position:
    data = json.loads(position)
    game = _core_game(data["game"], tuple(sorted(data["options"].items())))
    return _Position(game.state_from_json(data), memories, pending)


@functools.cache
def _core_game(name: str, options: tuple[tuple[str, Any], ...]) -> Game:
    """Games are immutable: OpenSpiel loads one again for every deserialised state."""
    return wuerfelwerk.load(name, **dict(options))


class SpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel.State is untyped (Any)
    def __init__(self, game: SpielGame) -> None:
        super().__init__(game)
        self._position = copy.deepcopy(game.initial)

    @property
    def core(self) -> State:
        """Our state behind this OpenSpiel state."""
        return self._position.state

    def current_player(self) -> int:
        return self._position.state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        state = self._position.state
        game = state.game
        ids = sorted(game.action_id(a) for a in state.legal_actions(player))
        if not ids and state.current_player == SIMULTANEOUS:
            # A seat that cannot act now waits. A seat that can must act: so every joint
            # action moves the game on, and its length stays within the game's bound.
            return [game.num_distinct_actions]
        return ids

    def chance_outcomes(self) -> list[tuple[int, float]]:
        state = self._position.state
        action_id = state.game.action_id
        return sorted((action_id(a), p) for a, p in state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        position = self._position
        position.apply(position.state.current_player, action)
        position.resolve()

    def _apply_actions(self, actions: list[int]) -> None:
        """A joint action: each seat's action (or wait) in turn (``joint_order``)."""
        position = self._position
        wait = position.state.game.num_distinct_actions
        chosen = {seat: action for seat, action in enumerate(actions) if action != wait}
        position.pending = joint_order(chosen, self.move_number() % len(actions), len(actions))
        position.resolve()

    def _action_to_string(self, player: int, action: int) -> str:
        game = self._position.state.game
        if action == game.num_distinct_actions and game.simultaneous:
            return "wait"
        return str(game.action_from_id(action))

    def resample_from_infostate(self, player: int, sampler: Any = None) -> SpielState:
        """A state from ``player``'s information set: this one.

        Exact for our games: what is hidden is hidden from everybody and was seen by
        everybody before (Dimenticato covers a value only after all saw it, and shows
        it again only for a moment, to all), so with perfect recall the information set
        holds the true state alone. Searches that model forgetting sample from their own beliefs.
        """
        copy: SpielState = self.clone()
        return copy

    def is_terminal(self) -> bool:
        return self._position.state.is_terminal()

    def returns(self) -> list[float]:
        return self._position.state.returns()

    def __str__(self) -> str:
        """The position as JSON, as long as the board: without the log of events
        (``Game.history_keys``), which the serialised state keeps."""
        state = self._position.state
        position = state.to_json()
        for key in state.game.history_keys:
            position.pop(key, None)
        return json.dumps(position, sort_keys=True)


class Observer:
    """The PyObserver of our games: a seat's tensor and string, of what it sees now or,
    with perfect recall, of its information state."""

    def __init__(
        self, game: SpielGame, iig_obs_type: pyspiel.IIGObservationType | None, params: Any
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        self.game = game
        tensor = game.tensor
        self.tensor = np.zeros(int(np.prod(tensor.shape)), np.float32)
        planes = self.tensor.reshape(tensor.shape)
        self.dict = {name: planes[i] for i, name in enumerate(tensor.planes)}
        self._planes = planes

    def _view(self, state: SpielState, player: int) -> dict[str, Any]:
        position = state._position
        if self.perfect_recall:
            return position.memories.information(position.state, player)
        return position.memories.observation(position.state, player)

    def set_from(self, state: SpielState, player: int) -> None:
        self.tensor.fill(0.0)
        self.game.tensor.fill(self._view(state, player), self._planes)

    def string_from(self, state: SpielState, player: int) -> str:
        if self.perfect_recall and state.core.game.perfect_information:
            # Everybody has seen every action.
            return " ".join(str(action) for action in state.history())
        return json.dumps(self._view(state, player), sort_keys=True)


def _register(cls: type[Game]) -> None:
    # A class as the factory, as OpenSpiel's own Python games do: OpenSpiel keeps it to the
    # end of the process, past the interpreter's shutdown, which a class survives (it
    # refers to itself) and a function would not.
    factory = type(f"Spiel{cls.__name__}", (SpielGame,), {"game_class": cls})
    globals()[factory.__name__] = factory  # so that pickle finds the class by name
    pyspiel.register_game(game_type(cls), factory)


for _name in wuerfelwerk.game_names():
    _register(game_class(_name))
