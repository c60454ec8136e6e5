"""``MojaveState``: the dice on the board and the rules MOJ-1 to MOJ-8 that move them."""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from ...core import TERMINAL, Action, IllegalActionError, InvalidPositionError, Outcome, State
from ...core.position import seat_number, whole_number
from .actions import PASS, Move
from .board import BLACK, EMPTY, RED, SLOTS
from .combat import Zugzwang, resolve
from .dice import ORIENTATIONS, TOPS, orientation_number
from .paths import SHAPES, TURNED

if TYPE_CHECKING:
    from .game import MojaveGame

DICE_PER_PLAYER = 15
#: Our gaps: a game ends in a draw after this many moves in a row without a die thrown.
NO_CAPTURE_LIMIT = 200
NO_DICE, NO_CAPTURE, TIME_LIMIT = "no dice left", "no capture", "time limit"


class MojaveState(State):
    """``owner[field]`` is the seat whose die stands there (or ``EMPTY``), ``face[field]``
    its orientation number, ``where[seat]`` the fields of a seat's dice in order; ``zugzwang``
    holds the dice of the player to move that must be answered for (MOJ-7), each with
    its attackers."""

    def __init__(self, game: MojaveGame) -> None:
        super().__init__(game)
        #: The game, typed as its own class (``game`` is typed as any game).
        self.rules: MojaveGame = game
        self.board = game.board
        self.owner = [EMPTY] * self.board.size
        self.face = [0] * self.board.size
        self.occupied = 0
        self.where: list[list[int]] = [[], []]
        self.player = RED
        self.moves = 0
        self.quiet = 0
        self.zugzwang: Zugzwang = {}
        self.termination: str | None = None
        self.winner: int | None = None

    @classmethod
    def initial(cls, game: MojaveGame) -> MojaveState:
        state = cls(game)
        for field, seat, orientation in state.board.setup():
            state._place(field, seat, orientation)
        return state

    def _place(self, field: int, seat: int, orientation: int) -> None:
        self.owner[field] = seat
        self.face[field] = orientation
        self.occupied |= 1 << field
        insort(self.where[seat], field)

    def _remove(self, field: int) -> None:
        self.where[self.owner[field]].remove(field)
        self.owner[field] = EMPTY
        self.occupied &= ~(1 << field)

    @property
    def dice(self) -> list[int]:
        """The number of dice each seat has on the board."""
        return [len(fields) for fields in self.where]

    def fields_of(self, seat: int) -> list[int]:
        return self.where[seat][:]

    def top(self, field: int) -> int:
        return TOPS[self.face[field]]

    # -- whose turn ----------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return TERMINAL if self.termination is not None else self.player

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return []  # no chance after setup

    # -- legal actions -----------------------------------------------------------------

    def _legal_actions(self, player: int) -> list[Action]:
        paths = self.paths_of(player)
        if self.zugzwang:
            paths = [m for m in paths if self._answers(m)]
        # A fresh list, only read from now on: no copy needed to widen its type.
        return cast(list[Action], paths) or [PASS]

    def paths_of(self, seat: int) -> list[Move]:
        """Every move of ``seat`` by MOJ-2 to MOJ-4, Zugzwang left aside, die by die in
        the order of their fields."""
        board = self.board
        reach, last, masked = board.reach, board.last, board.masked
        face = self.face
        occupied = self.occupied
        moves: list[Move] = []
        for field in self.where[seat]:
            slot = field * SLOTS + TOPS[face[field]]
            near = occupied & reach[slot]
            found = last[slot]
            if found[0] != near:
                # Something changed around the die since it was last asked (MOJ-4).
                found = last[slot] = (near, [m for mask, m in masked[slot] if not mask & near])
            moves += found[1]
        return moves

    def _answers(self, move: Move) -> bool:
        """MOJ-7: the attacked die moves away, ending next to none of its attackers (our
        gaps), or another die comes next to an attacker (and so raises the total)."""
        neighbours = self.board.neighbours[move.dest]
        attackers = self.zugzwang.get(move.origin)
        if attackers is not None:
            return not any(n in attackers for n in neighbours)
        return any(n in attackers for attackers in self.zugzwang.values() for n in neighbours)

    def _explain_illegal(self, action: Action) -> IllegalActionError:
        if not isinstance(action, Move):
            if self.zugzwang:
                return IllegalActionError("MOJ-7", f"no pass: {self._zugzwang_text()}")
            return IllegalActionError("MOJ-2", "no pass while a die of yours can move")
        names = self.board.names
        origin = names[action.origin]
        if self.owner[action.origin] != self.player:
            return IllegalActionError("MOJ-2", f"no die of yours stands on {origin}")
        top = self.top(action.origin)
        length = SHAPES[action.shape].length
        if length != top:
            return IllegalActionError(
                "MOJ-2", f"the die on {origin} shows {top}: it tips exactly {top}, not {length}"
            )
        for field in self.path_fields(action):
            if self.owner[field] != EMPTY:
                verb = "ends on" if field == action.dest else "crosses"
                return IllegalActionError(
                    "MOJ-4", f"{action} {verb} the die on {names[field]}: never onto or over a die"
                )
        return IllegalActionError("MOJ-7", f"{action} is no answer: {self._zugzwang_text()}")

    def _zugzwang_text(self) -> str:
        names = self.board.names
        parts = [
            f"{names[die]} (attackers {', '.join(names[a] for a in sorted(attackers))})"
            for die, attackers in sorted(self.zugzwang.items())
        ]
        return (
            f"in Zugzwang: {'; '.join(parts)}; move one of these away from its attackers "
            "or bring another die next to an attacker"
        )

    def path_fields(self, move: Move) -> list[int]:
        """The fields the die tips onto, in order, the last one its destination."""
        steps = self.board.steps
        field = move.origin
        fields = []
        for direction in SHAPES[move.shape].directions():
            field = steps[field][direction]
            fields.append(field)
        return fields

    # -- applying ----------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        # A move is checked directly (``is_legal``), not looked up among the legal
        # actions: that list is long, and the check is a few comparisons.
        if type(action) is Move and self.is_legal(action):
            self._apply(action)
            self._forget_legal()
            return
        super().apply(action)

    def is_legal(self, action: Action) -> bool:
        """Checked directly, without listing every move (MOJ-2 to MOJ-4, MOJ-7)."""
        if self.termination is not None:
            return False
        if not isinstance(action, Move):
            return action == PASS and self.legal_actions() == [PASS]
        moves = self.board.moves
        index = action.index
        if not 0 < index <= len(moves) or (
            moves[index - 1] is not action and moves[index - 1] != action
        ):
            return False  # a path of another board
        origin = action.origin
        return (
            self.owner[origin] == self.player
            and TOPS[self.face[origin]] == action.length
            and not action.crossed & self.occupied
            and (not self.zugzwang or self._answers(action))
        )

    def _apply(self, action: Action) -> None:
        thrown = 0
        if isinstance(action, Move):  # else a pass: no die can move, and no Zugzwang
            if action.origin in self.zugzwang:
                # MOJ-7: of several attacked dice only one may flee; the others leave.
                thrown += self._throw_zugzwang(keep=action.origin)
            self.zugzwang = {}
            thrown += self._move(action)
            if self.zugzwang and not self._answerable(1 - self.player):
                # MOJ-7: dice in Zugzwang that can neither flee nor be supported leave
                # the board; their owner then moves another die (our gaps).
                thrown += self._throw_zugzwang(keep=EMPTY)
        self._end_of_move(thrown)

    def _answerable(self, seat: int) -> bool:
        """Whether ``seat`` has an answer to its Zugzwang (MOJ-7)."""
        return any(self._answers(move) for move in self.paths_of(seat))

    def _throw_zugzwang(self, keep: int) -> int:
        thrown = [field for field in self.zugzwang if field != keep]
        for field in thrown:
            self._remove(field)
        self.zugzwang = {}
        return len(thrown)

    def _move(self, move: Move) -> int:
        orientation = TURNED[move.shape][self.face[move.origin]]
        self._remove(move.origin)
        self._place(move.dest, self.player, orientation)
        thrown, self.zugzwang = resolve(self.board, self.owner, self.face, move.dest)
        for field, seat in thrown:
            self.occupied &= ~(1 << field)
            self.where[seat].remove(field)
        return len(thrown)

    def _end_of_move(self, thrown: int) -> None:
        """MOJ-8, and the endings of our gaps: time limit, no capture for 200 moves."""
        self.moves += 1
        self.quiet = 0 if thrown else self.quiet + 1
        limit = self.rules.options.time_limit_moves
        red, black = len(self.where[RED]), len(self.where[BLACK])
        if not red or not black:
            self.winner = int(black > red)
            self.termination = NO_DICE
        elif limit is not None and self.moves >= limit:
            self.winner = None if red == black else int(black > red)
            self.termination = TIME_LIMIT
        elif self.quiet >= NO_CAPTURE_LIMIT:
            self.termination = NO_CAPTURE
        else:
            self.player = 1 - self.player
            return
        self.zugzwang = {}  # the game is over: no die must answer any more

    # -- copies, results, views --------------------------------------------------------

    def clone(self) -> MojaveState:
        # Built by the constructor (a compiled class has no bare ``__new__``), then
        # overwritten field by field.
        other = MojaveState(self.rules)
        other.board = self.board
        other.owner = self.owner[:]
        other.face = self.face[:]
        other.occupied = self.occupied
        other.where = [fields[:] for fields in self.where]
        other.player = self.player
        other.moves = self.moves
        other.quiet = self.quiet
        other.zugzwang = dict(self.zugzwang)
        other.termination = self.termination
        other.winner = self.winner
        return other

    def outcome(self) -> Outcome | None:
        if self.termination is None:
            return None
        if self.winner is None:
            return Outcome.draw(2, self.termination)
        return Outcome.win([self.winner], 2, self.termination)

    def observation(self, player: int | None) -> dict[str, Any]:
        """Mojave has no hidden information: everybody sees the whole position."""
        return {
            "game": self.rules.name,
            "rows": self.board.rows,
            "viewer": player,
            "current_player": self.current_player,
            **self._position_json(),
        }

    def _position_json(self) -> dict[str, Any]:
        names = self.board.names
        dice: list[list[dict[str, Any]]] = [[], []]
        for field, seat in enumerate(self.owner):
            if seat != EMPTY:
                o = ORIENTATIONS[self.face[field]]
                dice[seat].append(
                    {"field": names[field], "top": o.top, "north": o.north, "east": o.east}
                )
        return {
            "player": self.player,
            "moves": self.moves,
            "quiet_moves": self.quiet,
            "dice": dice,
            "zugzwang": [
                {"die": names[die], "attackers": sorted(names[a] for a in attackers)}
                for die, attackers in sorted(self.zugzwang.items())
            ],
            "termination": self.termination,
            "winner": self.winner,
        }

    @classmethod
    def from_position(cls, game: MojaveGame, position: Mapping[str, Any]) -> MojaveState:
        state = cls(game)
        state.player = seat_number(position["player"], 2, "player")
        state.moves = whole_number(position.get("moves", 0), "moves")
        state.quiet = whole_number(position.get("quiet_moves", 0), "quiet_moves")
        dice = position["dice"]
        if len(dice) != 2:
            raise InvalidPositionError("dice are needed for 2 seats (red, black)")
        for seat, listed in enumerate(dice):
            if len(listed) > DICE_PER_PLAYER:
                raise InvalidPositionError(f"seat {seat} has more than {DICE_PER_PLAYER} dice")
            for die in listed:
                field = state._field(die["field"])
                if state.owner[field] != EMPTY:
                    raise InvalidPositionError(f"two dice on {die['field']} (MOJ-4)")
                faces = (die["top"], die["north"], die["east"])
                try:
                    orientation = orientation_number(*faces)
                except KeyError:
                    raise InvalidPositionError(
                        f"the die on {die['field']} shows top/north/east {faces}: no "
                        "right-handed die with opposite faces adding up to 7 looks so"
                    ) from None
                state._place(field, seat, orientation)
        for entry in position.get("zugzwang", []):
            die = state._field(entry["die"])
            attackers = frozenset(state._field(a) for a in entry["attackers"])
            neighbours = state.board.neighbours[die]
            if (
                state.owner[die] != state.player
                or not attackers
                or any(state.owner[a] != 1 - state.player or a not in neighbours for a in attackers)
            ):
                raise InvalidPositionError(
                    "a die in Zugzwang belongs to the player to move, its attackers stand "
                    "next to it and belong to the other player (MOJ-7)"
                )
            state.zugzwang[die] = attackers
        if state.zugzwang and not state._answerable(state.player):
            raise InvalidPositionError(
                "MOJ-7: no die in Zugzwang can flee and none can be supported: such dice "
                "have already left the board"
            )
        termination = position.get("termination")
        if termination not in (None, NO_DICE, NO_CAPTURE, TIME_LIMIT):
            raise InvalidPositionError(f"unknown termination {termination!r}")
        state.termination = termination
        winner = position.get("winner")
        state.winner = None if winner is None else seat_number(winner, 2, "winner")
        if termination is None and (0 in state.dice or winner is not None):
            raise InvalidPositionError("a player without dice has lost: the game is over (MOJ-8)")
        return state

    def _field(self, name: Any) -> int:
        if not isinstance(name, str) or name.lower() not in self.board.by_name:
            raise InvalidPositionError(f"no field {name!r} on a board of {self.board.rows} rows")
        return self.board.by_name[name.lower()]
