"""``MojaveState``: the dice on the board and the rules MOJ-1 to MOJ-8 that move them."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, cast

from ...core import TERMINAL, Action, IllegalActionError, Outcome, State
from ...core.native import i64, vec
from .actions import PASS, Move
from .board import BITS_SHIFT, BLACK, EMPTY, LEG, LINE_SHIFT, LONGER, RED, SLOTS, STRAIGHT, Board
from .combat import Zugzwang, answers, resolve
from .dice import TOPS
from .paths import LENGTHS, MAX_STEPS, SHAPES, TURNED
from .position import NO_CAPTURE, NO_DICE, TIME_LIMIT, position_json

if TYPE_CHECKING:
    from .game import MojaveGame

#: ``MojaveState.where``: per seat, the number of its dice, then their fields in order:
#: ``position.DICE_PER_PLAYER + 1`` numbers, written out so that compiled code reads a
#: constant.
SPAN: Final = 16
#: Blocked draws of a random playout's step before it lists the legal moves.
DRAWS: Final = 12
#: Changed fields noted per seat (``MojaveState.changed``); from this many on, all of
#: its dice are walked again.
CHANGES: Final = 16
#: ``MojaveState.changed``: per seat, the number of fields noted, then the fields.
NOTES: Final = CHANGES + 1
#: The count of a seat whose notes overflowed: all its paths are walked again.
STALE: Final = CHANGES + 1
#: Our gaps: a game ends in a draw after this many moves in a row without a die thrown.
NO_CAPTURE_LIMIT = 200


class MojaveState(State):
    """``owner[field]`` is the seat whose die stands there (or ``EMPTY``), ``face[field]``
    its orientation number, ``where`` the fields of each seat's dice in order (``SPAN``),
    ``lines[line]`` the occupied fields of each row and column (``board.Board``);
    ``zugzwang`` holds the dice of the player to move that must be answered for (MOJ-7),
    each with its attackers. ``known[field]`` keeps the free paths of the die there, and
    ``changed`` holds per seat the fields a die arrived on or left since that seat's
    paths were last listed (``NOTES``, ``paths_of``)."""

    def __init__(self, game: MojaveGame, source: MojaveState | None = None) -> None:
        """An empty board, or a copy of ``source``'s position (``clone``)."""
        super().__init__(source)
        self._game = game
        if source is None:
            self.board: Board = game.board
            self.owner = vec[i64]([EMPTY] * self.board.size)
            self.face = vec[i64]([0] * self.board.size)
            self.lines = vec[i64]([0] * self.board.lines)
            self.where = vec[i64]([0] * (2 * SPAN))
            self.known = vec[list[Move] | None]([None] * self.board.size)
            self.changed = vec[i64]([0] * (2 * NOTES))
            self.player = RED
            self.moves = 0
            self.quiet = 0
            self.zugzwang: Zugzwang = {}
            self.termination: str | None = None
            self.winner: int | None = None
            #: The option ``time_limit_moves``, kept here to be read fast.
            self.time_limit: int | None = game.options.time_limit_moves
        else:
            self.board = source.board
            self.owner = source.owner[:]
            self.face = source.face[:]
            self.lines = source.lines[:]
            self.where = source.where[:]
            self.known = source.known[:]
            self.changed = source.changed[:]
            self.player = source.player
            self.moves = source.moves
            self.quiet = source.quiet
            self.zugzwang = dict(source.zugzwang)
            self.termination = source.termination
            self.winner = source.winner
            self.time_limit = source.time_limit

    @property
    def game(self) -> MojaveGame:
        return self._game

    @classmethod
    def initial(cls, game: MojaveGame) -> MojaveState:
        state = cls(game)
        for field, seat, orientation in state.board.setup():
            state._place(field, seat, orientation)
        return state

    def _place(self, field: i64, seat: i64, orientation: i64) -> None:
        self.owner[field] = seat
        self.face[field] = orientation
        self._flip(field)
        where = self.where
        base = seat * SPAN
        at = base + where[base]
        while at > base and where[at] > field:
            where[at + 1] = where[at]
            at -= 1
        where[at + 1] = field
        where[base] += 1

    def _remove(self, field: int) -> None:
        self._forget(self.owner[field], field)
        self.owner[field] = EMPTY
        self._flip(field)

    def _forget(self, seat: i64, field: i64) -> None:
        """Take ``field`` out of ``seat``'s fields (``where``)."""
        where = self.where
        base = seat * SPAN
        end = base + where[base]
        at = base + 1
        while where[at] != field:
            at += 1
        while at < end:
            where[at] = where[at + 1]
            at += 1
        where[base] -= 1

    def _shift(self, seat: i64, origin: i64, dest: i64) -> None:
        """Replace ``origin`` by ``dest`` in ``seat``'s fields, keeping their order."""
        where = self.where
        first = seat * SPAN + 1
        last = first + where[first - 1] - 1
        at = first
        while where[at] != origin:
            at += 1
        while at < last and where[at + 1] < dest:
            where[at] = where[at + 1]
            at += 1
        while at > first and where[at - 1] > dest:
            where[at] = where[at - 1]
            at -= 1
        where[at] = dest

    def _flip(self, field: i64) -> None:
        """A die arrives on or leaves ``field``: its bit in its row and its column, and
        the field noted for the paths of both seats (``paths_of``)."""
        board, lines = self.board, self.lines
        lines[board.row_line[field]] ^= board.row_bit[field]
        lines[board.column_line[field]] ^= board.column_bit[field]
        self.known[field] = None
        changed = self.changed
        for notes in range(0, 2 * NOTES, NOTES):
            count = changed[notes]
            if count < CHANGES:
                changed[notes + 1 + count] = field
                changed[notes] = count + 1
            else:
                changed[notes] = STALE

    @property
    def dice(self) -> list[int]:
        """The number of dice each seat has on the board."""
        return [self.where[RED * SPAN], self.where[BLACK * SPAN]]

    def fields_of(self, seat: int) -> list[int]:
        """The fields of ``seat``'s dice, in order."""
        base = seat * SPAN
        return list(self.where[base + 1 : base + 1 + self.where[base]])

    def top(self, field: int) -> int:
        return TOPS[self.face[field]]

    # -- whose turn ----------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return TERMINAL if self.termination is not None else self.player

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return []  # no chance after setup

    # -- legal actions -----------------------------------------------------------------

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """A new list on every call, nothing kept: ``apply`` checks a move directly
        (``is_legal``) and needs no list, and the dice's paths are kept (``paths_of``)."""
        if self.termination is not None or (player is not None and player != self.player):
            return []
        return self._legal_actions(self.player)

    def _legal_actions(self, player: int) -> list[Action]:
        # A fresh list, only read from now on: no copy needed to widen its type.
        return cast(list[Action], self._moves()) or [PASS]

    def _moves(self) -> list[Move]:
        """The moves of the player to move: MOJ-2 to MOJ-4, in Zugzwang only MOJ-7's
        answers; none if only a pass is left."""
        paths = self.paths_of(self.player)
        return answers(self.board, self.zugzwang, paths) if self.zugzwang else paths

    def random_playout(self, rng: random.Random, limit: int) -> None:
        """The core's random playout without its bookkeeping (no action lists, no
        legality checks): each step draws uniformly among the legal actions, as there.

        A move is drawn among all paths of the player's dice and drawn again while it
        crosses a die (MOJ-4): uniform among the free ones. After ``DRAWS`` blocked
        draws, and in Zugzwang (MOJ-7), the legal moves are listed and one drawn."""
        draw = rng.random
        steps = 0
        while steps < limit and self.termination is None:
            move = None if self.zugzwang else self._draw_free(draw)
            if move is None:
                moves = self._moves()
                move = moves[int(draw() * len(moves))] if moves else None
            self._apply(PASS if move is None else move)
            steps += 1

    def _draw_free(self, draw: Callable[[], float]) -> Move | None:
        """A path of the player's dice drawn uniformly, again while blocked, at most
        ``DRAWS`` times: a free one (each as likely), or ``None``."""
        every = self.board.slot_paths
        face, where = self.face, self.where
        first = self.player * SPAN + 1
        end = first + where[first - 1]
        total = 0
        for at in range(first, end):
            field = where[at]
            total += len(every[field * SLOTS + face[field]])
        for _ in range(DRAWS):
            pick = int(draw() * total)
            for at in range(first, end):
                field = where[at]
                paths = every[field * SLOTS + face[field]]
                if pick < len(paths):
                    move = paths[pick]
                    if self._free(move):
                        return move
                    break
                pick -= len(paths)
        return None

    def paths_of(self, seat: int) -> list[Move]:
        """Every move of ``seat`` by MOJ-2 to MOJ-4, Zugzwang left aside, die by die in
        the order of their fields.

        Each die's paths are kept (``known``) and walked again only where a die arrived
        or left within its reach since ``seat`` was last asked (``changed``): a path of
        a die showing ``n`` lies within ``n`` fields of it."""
        known, face, where = self.known, self.face, self.where
        distance = self.board.distance
        size = self.board.size
        changed = self.changed
        notes: i64 = seat * NOTES
        count = changed[notes]
        stale = count == STALE
        moves: list[Move] = []
        first: i64 = seat * SPAN + 1
        for at in range(first, first + where[first - 1]):
            field = where[at]
            paths = None if stale else known[field]
            if paths is not None:
                reach = TOPS[face[field]]
                row = field * size
                for note in range(notes + 1, notes + 1 + count):
                    if distance[row + changed[note]] <= reach:
                        paths = None
                        break
            if paths is None:
                paths = self._paths_from(field)
                known[field] = paths
            moves += paths
        changed[notes] = 0
        return moves

    def _paths_from(self, field: i64) -> list[Move]:
        """The free paths (MOJ-4) of the die on ``field``, found by first legs
        (``board.LEG``)."""
        board = self.board
        legs, every, lines = board.legs, board.moves, self.lines
        moves: list[Move] = []
        slot = field * (MAX_STEPS + 1) + TOPS[self.face[field]]
        line: i64 = -1
        bits: i64 = 0
        at: i64 = board.leg_start[slot] * LEG
        end: i64 = board.leg_start[slot + 1] * LEG
        while at < end:
            head = legs[at]
            if head >> LINE_SHIFT & 255 != line:  # the next direction
                line = head >> LINE_SHIFT & 255
                bits = lines[line]
            if bits & head >> BITS_SHIFT:
                # MOJ-4: crosses a die, as every longer leg this way does.
                at += ((head & LONGER) + 1) * LEG
                continue
            paths = legs[at + 1]
            clockwise = legs[at + 2]
            if clockwise == STRAIGHT:
                moves.append(every[paths - 1])
            else:
                turn = lines[paths & 255]
                path = paths >> 8 & 0xFFFFFF
                if path and not turn & clockwise:
                    moves.append(every[path - 1])
                path = paths >> 32
                if path and not turn & legs[at + 3]:
                    moves.append(every[path - 1])
            at += LEG
        return moves

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
            and TOPS[self.face[origin]] == LENGTHS[action.shape]
            and self._free(action)
            and (not self.zugzwang or bool(answers(self.board, self.zugzwang, [action])))
        )

    def _free(self, move: Move) -> bool:
        """MOJ-4: no die on the path."""
        lines = self.lines
        first, second = move.first, move.second
        return not (lines[first & 255] & first >> 8 or lines[second & 255] & second >> 8)

    def _apply(self, action: Action) -> None:
        thrown = 0
        if isinstance(action, Move):  # else a pass: no die can move, and no Zugzwang
            if self.zugzwang:
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
        return bool(answers(self.board, self.zugzwang, self.paths_of(seat)))

    def _throw_zugzwang(self, keep: int) -> int:
        thrown = [field for field in self.zugzwang if field != keep]
        for field in thrown:
            self._remove(field)
        self.zugzwang = {}
        return len(thrown)

    def _move(self, move: Move) -> int:
        origin: i64 = move.origin
        dest: i64 = move.dest
        owner, face = self.owner, self.face
        face[dest] = TURNED[move.shape][face[origin]]
        owner[dest] = owner[origin]
        owner[origin] = EMPTY
        self._flip(origin)
        self._flip(dest)
        self._shift(self.player, origin, dest)
        fight = resolve(self.board, self.owner, self.face, dest)
        if fight is None:
            return 0
        thrown, self.zugzwang = fight
        for field, seat in thrown:
            self._flip(field)
            self._forget(seat, field)
        return len(thrown)

    def _end_of_move(self, thrown: int) -> None:
        """MOJ-8, and the endings of our gaps: time limit, no capture for 200 moves."""
        self.moves += 1
        self.quiet = 0 if thrown else self.quiet + 1
        limit = self.time_limit
        red, black = self.where[RED * SPAN], self.where[BLACK * SPAN]
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
        return MojaveState(self.game, self)

    def outcome(self) -> Outcome | None:
        if self.termination is None:
            return None
        if self.winner is None:
            return Outcome.draw(2, self.termination)
        return Outcome.win([self.winner], 2, self.termination)

    def observation(self, player: int | None) -> dict[str, Any]:
        """Mojave has no hidden information: everybody sees the whole position."""
        return {
            "game": self.game.name,
            "rows": self.board.rows,
            "viewer": player,
            "current_player": self.current_player,
            **self._position_json(),
        }

    def _position_json(self) -> dict[str, Any]:
        return position_json(self)
