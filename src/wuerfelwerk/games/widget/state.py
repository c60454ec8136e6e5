"""``WidgetState``: the position and the rules WID-1 to WID-10 that move it on."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from ...core import CHANCE, TERMINAL, Action, IllegalActionError, Outcome, State
from ...core.state import OVER, turn_in
from .actions import Jump, Move, Roll, Stay, Throw
from .board import BLACK, CONNECT, FACES, FIGURES, RING, SHIP, WHITE
from .explain import explain_illegal
from .position import position_json
from .tables import Tables

if TYPE_CHECKING:
    from .game import WidgetGame

ROLL: Final = "roll"
DECIDE: Final = "decide"
EMPTY: Final = -1


class WidgetState(State):
    """Figures, villain, whose turn, the roll and the dice not yet used.

    ``figures[seat]`` holds each figure's place: a ring field, ``CONNECT`` or ``SHIP``.
    ``occupant[field]`` is the seat standing on a ring field or ``EMPTY``; start fields,
    which hold any number (WID-3), are never marked. ``left`` lists the dice still to be
    decided, in order, and ``moved`` is a bitmask of the figures that moved since the
    last roll.
    """

    #: Kept in step with ``phase`` (by ``enter``, and by the hot paths that set both):
    #: read on every step, so not a property.
    current_player: int = CHANCE

    def __init__(self, game: WidgetGame, source: WidgetState | None = None) -> None:
        """WID-1: every figure on its start field, the villain on the spaceship; or a
        copy of ``source``'s position (``clone``)."""
        super().__init__(source)
        self._game = game
        tables: Tables = game.tables
        #: The game's actions and settings, read on every step (``tables.py``).
        self.tables = tables
        self.board = tables.board
        if source is None:
            self.phase = ROLL
            self.current_player = CHANCE
            self.player = 0
            self.roll: Roll | None = None
            self.left: list[int] = []
            self.moved = 0
            self.rolls = 0
            self.villain = SHIP
            self.finished: list[int] = []
            self.figures: list[list[int]] = [[start] * FIGURES for start in tables.seat_start]
            self.occupant = [EMPTY] * RING
        else:
            self.phase = source.phase
            self.current_player = source.current_player
            self.player = source.player
            self.roll = source.roll
            self.left = list(source.left)
            self.moved = source.moved
            self.rolls = source.rolls
            self.villain = source.villain
            self.finished = list(source.finished)
            self.figures = [list(f) for f in source.figures]
            self.occupant = list(source.occupant)

    @property
    def game(self) -> WidgetGame:
        return self._game

    # -- whose turn ----------------------------------------------------------------------

    def enter(self, phase: str) -> None:
        """Set ``phase`` and whose turn that makes it (``player`` once it is decided)."""
        self.phase = phase
        self.current_player = turn_in(phase, self.player, ROLL)

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return self.tables.roll_odds

    # -- legal actions -------------------------------------------------------------------

    def _legal_actions(self, player: int) -> list[Action]:
        # ``left`` is sorted and holds one or two dice; black, the highest face, is last.
        left = self.left
        last = left[-1]
        if last == BLACK:
            choices = self.villain_actions()
            if len(left) == 1:
                return choices  # black with white or black, or the jump uses both dice
            actions = list(choices)
        else:
            actions = []
        places = self.movable()
        first = left[0]
        if first != BLACK:
            self._add_moves(first, places, actions)
            if last != first and last != BLACK:  # a pair is decided die by die, offered once
                self._add_moves(last, places, actions)
        return actions or self.tables.pass_only

    def movable(self) -> list[int]:
        """The distinct places of the player's figures that have not moved since the last
        roll (WID-2: no figure moves twice without a pair), in order: so the legal actions
        come in the same order however the figures are listed."""
        figures = self.figures[self.player]
        moved = self.moved
        places: list[int] = []
        for index in range(FIGURES):
            place = figures[index]
            if moved >> index & 1 or place == SHIP:
                continue
            count = len(places)
            at = 0
            while at < count and places[at] < place:
                at += 1
            if at == count:
                places.append(place)
            elif places[at] != place:
                places.insert(at, place)
        return places

    def _add_moves(self, die: int, places: list[int], actions: list[Action]) -> None:
        """The moves with one colour die or a white die from ``places`` (WID-2, WID-5,
        WID-9), added to ``actions``."""
        tables = self.tables
        for place in places:
            if place == CONNECT:
                if die == WHITE:
                    actions.append(tables.enter_ship)  # WID-9: only a white die
            elif die == WHITE:
                actions.extend(tables.white_moves[place])  # WID-5: any colour
            else:
                actions.append(tables.colour_moves[die][place])

    def villain_actions(self) -> list[Action]:
        """Black (WID-6, WID-7): where the villain may go, or that he stays. After black
        and white he must throw a foreign figure where one can be thrown; he stays only
        where none can. The list may be shared: it is never to be changed."""
        roll = self.roll
        assert roll is not None
        tables = self.tables
        other = roll.first  # the roll is sorted: black, the highest face, is second
        if other != WHITE:
            return tables.villain_choices[other][self.villain]
        player = self.player
        actions: list[Action] = []
        for seat in range(tables.players):
            if seat == player:
                continue
            throws = tables.throws[seat]
            fields: list[int] = []
            for field in self.figures[seat]:
                if field < RING and not self.safe(seat, field) and field not in fields:
                    fields.append(field)
            fields.sort()
            for field in fields:
                actions.append(throws[field])
        return actions or tables.stay_only

    def destination(self, seat: int, origin: int, colour: int) -> int:
        """The next free field of ``colour`` clockwise from ``origin`` (WID-2, WID-3), or
        ``CONNECT`` when the way reaches or passes the seat's own start field (WID-9)."""
        board = self.board
        progress = (origin - self.tables.seat_start[seat]) % RING
        nxt = board.next_field[colour]
        gap = board.gap[colour]
        is_start = board.is_start
        occupant = self.occupant
        field = origin
        while True:
            progress += gap[field]
            field = nxt[field]
            if progress >= RING:
                return CONNECT
            if is_start[field] or occupant[field] == EMPTY:
                return field

    def _explain_illegal(self, action: Action) -> IllegalActionError:
        return explain_illegal(self, action)

    # -- applying ------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        # Every roll is legal at a chance node: no list of outcomes needed. Only two
        # faces 0-5 in order take this way, as the game's own roll; anything else is
        # refused (WID-2) or, if it equals a roll, applied as that roll by the core.
        if self.phase == ROLL and type(action) is Roll:
            first, second = action.first, action.second
            if type(first) is int and type(second) is int and 0 <= first <= second <= BLACK:
                self._roll(self.tables.roll_at[first * FACES + second])
                self._forget_legal()
                return
        super().apply(action)

    def random_playout(self, rng: random.Random, limit: int) -> None:
        """The core's random playout without its bookkeeping: no copies of the legal
        actions, no legality checks. Each die is drawn uniformly, as the roll's odds say
        (a pair 1/36, two faces 2/36); each decision uniformly among the legal ones."""
        draw = rng.random
        roll_at = self.tables.roll_at
        steps = 0
        while steps < limit:
            phase = self.phase
            if phase == ROLL:
                self._roll(roll_at[int(draw() * FACES) * FACES + int(draw() * FACES)])
            elif phase == DECIDE:
                actions = self._legal_actions(self.player)
                self._apply(actions[int(draw() * len(actions))])
            else:
                break
            steps += 1
        self._forget_legal()

    def _apply(self, action: Action) -> None:
        # The most frequent first: moves, the villain's jumps, then the rest.
        if isinstance(action, Move):
            self._move(action)
            self.left.remove(action.die)
        elif isinstance(action, Jump):
            self._villain_to(action.field)
            self.left.remove(BLACK)
        elif isinstance(action, Throw):
            self._villain_to(action.field, action.seat)
            self.left.remove(BLACK)
        elif isinstance(action, Stay):
            self.left.remove(BLACK)
        elif isinstance(action, Roll):
            self._roll(action)
            return
        else:
            self.left.clear()  # a pass loses every die left
        self._after_decision()

    def _roll(self, roll: Roll) -> None:
        """WID-2 and the gaps: which dice are decided one by one after this roll."""
        self.rolls += 1
        self.roll = roll
        self.moved = 0
        self.phase = DECIDE
        self.current_player = self.player
        self.left = list(self.tables.dice_at[roll.first * FACES + roll.second])

    def _move(self, move: Move) -> None:
        player = self.player
        figures = self.figures[player]
        origin = move.origin
        moved = self.moved
        index = 0
        while figures[index] != origin or moved >> index & 1:
            index += 1
        self.moved = moved | 1 << index
        if origin == CONNECT:
            figures[index] = SHIP  # WID-9
            if figures.count(SHIP) == FIGURES:
                self.finished.append(player)  # WID-10
            return
        dest = self.destination(player, origin, move.colour)
        is_start = self.board.is_start
        if not is_start[origin]:
            self.occupant[origin] = EMPTY
        if dest < RING and not is_start[dest]:
            self.occupant[dest] = player
        figures[index] = dest

    def safe(self, seat: int, field: int) -> bool:
        """WID-8: a figure of ``seat`` on a field of its own colour is safe from the
        villain."""
        return self.board.colour[field] == self.tables.seat_colours[seat]

    def villain_victims(self, field: int, seat: int = EMPTY) -> list[tuple[int, int]]:
        """(seat, figure index) of the figures the villain throws on landing on ``field``:
        foreign figures not on a field of their own colour (WID-6, WID-8); after black and
        white only the one figure of ``seat`` (WID-7). On a start field a jump throws every
        such figure there (ours)."""
        tables = self.tables
        found: list[tuple[int, int]] = []
        for victim in range(tables.players):
            if victim == self.player or self.safe(victim, field):
                continue
            if seat != EMPTY and victim != seat:
                continue
            figures = self.figures[victim]
            for index in range(FIGURES):
                if figures[index] == field:
                    found.append((victim, index))
                    if seat != EMPTY:
                        return found
        return found

    def _villain_to(self, field: int, seat: int = EMPTY) -> None:
        self.villain = field
        board = self.board
        seat_start = self.tables.seat_start
        for victim, index in self.villain_victims(field, seat):
            self.figures[victim][index] = seat_start[victim]
            if not board.is_start[field]:
                self.occupant[field] = EMPTY

    def _after_decision(self) -> None:
        tables = self.tables
        finished = self.finished
        if finished and finished[-1] == self.player:
            # WID-10: a player just brought the third figure home; the turn ends there.
            remaining = tables.players - len(finished)
            if not tables.play_for_places or remaining <= 1:
                self._end()
            else:
                self._next_player()
            return
        if self.left:
            return
        roll = self.roll
        assert roll is not None
        if not roll.is_pair:
            self._next_player()
        elif self.rolls >= tables.roll_bound:
            self._end()
        else:
            self._roll_next()  # WID-4: a pair rolls again

    def _next_player(self) -> None:
        tables = self.tables
        if self.rolls >= tables.roll_bound:
            self._end()
            return
        player = self.player
        while True:
            player = (player + 1) % tables.players
            if player not in self.finished:
                break
        self.player = player
        self._roll_next()

    def _end(self) -> None:
        """The game is over; dice not yet used are forfeited."""
        self.phase = OVER
        self.current_player = TERMINAL
        self.left = []
        self.moved = 0

    def _roll_next(self) -> None:
        self.phase = ROLL
        self.current_player = CHANCE
        self.roll = None
        self.left = []
        self.moved = 0

    # -- copies, results, views ----------------------------------------------------------

    def clone(self) -> WidgetState:
        return WidgetState(self.game, self)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        players = self.tables.players
        finished = self.finished
        if not finished:
            return Outcome.draw(players, "round limit")
        if not self.tables.play_for_places:
            return Outcome.win(finished[:1], players, "spaceship reached")
        rest = frozenset(range(players)) - frozenset(finished)
        groups = tuple(frozenset((seat,)) for seat in finished)
        termination = "places decided" if len(rest) <= 1 else "round limit"
        return Outcome(groups + ((rest,) if rest else ()), termination)

    def observation(self, player: int | None) -> dict[str, Any]:
        """Widget has no hidden information: everybody sees the whole position."""
        return {
            "game": self.game.name,
            "viewer": player,
            "current_player": self.current_player,
            "seat_colours": [self.game.seat_name(s) for s in range(self.game.num_players)],
            **self._position_json(),
        }

    def _position_json(self) -> dict[str, Any]:
        return position_json(self)
