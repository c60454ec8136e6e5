"""``Game``: the immutable description of one game with its options."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from .errors import InvalidPositionError
from .options import describe_options, options_to_json

if TYPE_CHECKING:
    from .action import Action
    from .recall import Recall
    from .state import State


class Game(ABC):
    """Rules, options and board of one game; ``new_initial_state()`` starts a game.

    Subclasses declare the static facts as class attributes, the way OpenSpiel's game
    types do, and set ``Options`` to a frozen dataclass whose fields are the options.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    Options: ClassVar[type[Any]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: True where dice or draws are explicit chance nodes.
    has_chance: ClassVar[bool] = True
    #: False where some part of the state is hidden from some player.
    perfect_information: ClassVar[bool] = True
    #: True where players act at the same time (``SIMULTANEOUS`` states).
    simultaneous: ClassVar[bool] = False
    #: The players' rules in the package's ``rules/`` folder; ``None``: ``<name>.md``.
    rules_file: ClassVar[str | None] = None
    #: Keys of the observation that record the game so far (a log of events) rather than
    #: show the board now. They grow with the game, so learners' views leave them out:
    #: what a seat saw is kept per field by its recall (``new_recall``).
    history_keys: ClassVar[tuple[str, ...]] = ()

    def __init__(self, options: Any) -> None:
        self.options = options
        self._options_json = options_to_json(options)
        #: The number of seats (the ``players`` option): an attribute, read on every turn.
        self.num_players: int = options.players

    def seat_name(self, seat: int) -> str:
        """How the players call a seat (a colour, usually)."""
        return f"player {seat + 1}"

    def options_json(self) -> dict[str, Any]:
        return dict(self._options_json)

    @classmethod
    def describe_options(cls) -> list[dict[str, Any]]:
        return describe_options(cls.Options)

    @classmethod
    @abstractmethod
    def option_sets(cls) -> list[dict[str, Any]]:
        """Representative option sets, each given to ``load``: the conformance suite plays each."""

    @abstractmethod
    def new_initial_state(self) -> State:
        """The state before the first action."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action written as ``text`` (``str(action)`` round-trips); ``InvalidActionError``."""

    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """The number of action ids: every action, chance outcomes included, has one."""

    @abstractmethod
    def action_id(self, action: Action) -> int:
        """The stable id of ``action`` in ``range(num_distinct_actions)``."""

    @abstractmethod
    def action_from_id(self, action_id: int) -> Action:
        """The action with this id; ``InvalidActionError`` for an id out of range."""

    @property
    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the number of actions (chance included) in any game."""

    def action_seen_by(self, action: Action, actor: int, viewer: int | None) -> bool:
        """Whether ``viewer`` (``None``: a spectator) may be told the action ``actor``
        took, as text: everybody where nothing is hidden, else the actor only, since the
        text may carry what the others must not see."""
        return self.perfect_information or (viewer is not None and actor == viewer)

    def new_recall(self) -> Recall | None:
        """A fresh memory for one player where what was seen matters later (hidden
        information that is shown once); ``None`` where the observation tells all."""
        return None

    @abstractmethod
    def _state_from_position(self, position: Mapping[str, Any]) -> State:
        """Build a state from the game-specific part of ``to_json()``."""

    def state_from_json(self, data: Any) -> State:
        """Set up any position from the JSON that ``state.to_json()`` gives.

        The keys ``game`` and ``options`` may be left out; where present they must match
        this game. ``InvalidPositionError`` names what is wrong.
        """
        if not isinstance(data, Mapping):
            raise InvalidPositionError("a position must be a JSON object")
        if data.get("game", self.name) != self.name:
            raise InvalidPositionError(
                f"the position is of game {data.get('game')!r}, not {self.name!r}"
            )
        if "options" in data and data["options"] != self.options_json():
            raise InvalidPositionError(
                f"the position's options {data['options']} differ from this game's "
                f"{self.options_json()}"
            )
        try:
            return self._state_from_position(data)
        except InvalidPositionError:
            raise
        except KeyError as error:
            raise InvalidPositionError(
                f"malformed {self.name} position: {error.args[0]!r} is missing "
                "(write it as state.to_json() does)"
            ) from None
        except (TypeError, ValueError, IndexError, AttributeError) as error:
            raise InvalidPositionError(
                f"malformed {self.name} position: {error} (write it as state.to_json() does)"
            ) from None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.options}>"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and copied) as its name and options, loaded again on the other side:
        a game is immutable, and a compiled game (mypyc) pickles no other way."""
        return (_load, (self.name, self._options_json))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Game) and type(other) is type(self) and other.options == self.options
        )

    def __hash__(self) -> int:
        return hash((type(self), self.options))


def _load(name: str, options: dict[str, Any]) -> Game:
    from .registry import create  # the registry imports this module

    return create(name, options)
