"""``MojaveState``: the dice on the board and the rules MOJ-1 to MOJ-8 that move them."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, cast

from ...core import TERMINAL, Action, IllegalActionError, Outcome
from ...core.native import i64
from .actions import PASS, Move
from .board import BLACK, EMPTY, RED, SLOTS
from .combat import Zugzwang, answers, resolve
from .dice import TOPS
from .occupancy import SPAN, DiceOnBoard
from .paths import LENGTHS, SHAPES, TURNED
from .position import NO_CAPTURE, NO_DICE, TIME_LIMIT, position_json

if TYPE_CHECKING:
    from .game import MojaveGame

#: Blocked draws of a random playout's step before it lists the legal moves.
DRAWS: Final = 12
#: Our gaps: a game ends in a draw after this many moves in a row without a die thrown.
NO_CAPTURE_LIMIT = 200


class MojaveState(DiceOnBoard):
    """The dice (``DiceOnBoard``), whose move it is, and ``zugzwang``: the dice of the
    player to move that must be answered for (MOJ-7), each with its attackers."""

    def __init__(self, game: MojaveGame, source: MojaveState | None = None) -> None:
        """An empty board, or a copy of ``source``'s position (``clone``)."""
        super().__init__(game.board, source)
        self._game = game
        if source is None:
            self.player = RED
            self.moves = 0
            self.quiet = 0
            self.zugzwang: Zugzwang = {}
            self.termination: str | None = None
            self.winner: int | None = None
            #: The option ``time_limit_moves``, kept here to be read fast.
            self.time_limit: int | None = game.options.time_limit_moves
        else:
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
            state.place(field, seat, orientation)
        return state

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

    def _apply(self, action: Action) -> None:
        thrown = 0
        if isinstance(action, Move):  # else a pass: no die can move, and no Zugzwang
            if self.zugzwang:
                if action.origin in self.zugzwang:
                    # MOJ-7: of several attacked dice only one may flee; the others leave.
                    thrown += self._throw_zugzwang(keep=action.origin)
                self.zugzwang = {}
            thrown += self._move(action)
            if self.zugzwang and not self.has_answer(1 - self.player):
                # MOJ-7: dice in Zugzwang that can neither flee nor be supported leave
                # the board; their owner then moves another die (our gaps).
                thrown += self._throw_zugzwang(keep=EMPTY)
        self._end_of_move(thrown)

    def has_answer(self, seat: int) -> bool:
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
