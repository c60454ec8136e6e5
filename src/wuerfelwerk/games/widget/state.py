"""``WidgetState``: the position and the rules WID-1 to WID-10 that move it on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import CHANCE, TERMINAL, Action, IllegalActionError, Outcome, State
from .actions import Jump, Move, Roll, Stay, Throw
from .board import BLACK, CONNECT, FIGURES, RING, SHIP, WHITE
from .explain import explain_illegal
from .position import position_json

if TYPE_CHECKING:
    from .game import WidgetGame

ROLL, DECIDE, OVER = "roll", "decide", "over"
EMPTY = -1


class WidgetState(State):
    """Figures, villain, whose turn, the roll and the dice not yet used.

    ``figures[seat]`` holds each figure's place: a ring field, ``CONNECT`` or ``SHIP``.
    ``occupant[field]`` is the seat standing on a ring field or ``EMPTY``; start fields,
    which hold any number (WID-3), are never marked. ``left`` lists the dice still to be
    decided and ``moved`` is a bitmask of the figures that moved since the last roll.
    """

    def __init__(self, game: WidgetGame) -> None:
        super().__init__(game)
        #: The game, typed as its own class (``game`` is typed as any game).
        self.rules: WidgetGame = game
        board = game.board
        self.board = board
        self.phase = ROLL
        self.player = 0
        self.roll: Roll | None = None
        self.left: list[int] = []
        self.moved = 0
        self.rolls = 0
        self.villain = SHIP  # WID-1: the villain starts on the spaceship
        self.finished: list[int] = []
        self.figures: list[list[int]] = [
            [board.start[colour]] * FIGURES for colour in game.seat_colours
        ]
        self.occupant = [EMPTY] * RING

    # -- whose turn ----------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        phase = self.phase
        if phase == ROLL:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.player

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return self.rules.roll_odds

    # -- legal actions -------------------------------------------------------------------

    def _legal_actions(self, player: int) -> list[Action]:
        actions: list[Action] = []
        left = self.left
        if BLACK in left:
            actions.extend(self.villain_actions())
        places = self.movable()
        for die in dict.fromkeys(left):  # a pair is decided die by die, offered once
            if die != BLACK:
                actions.extend(self.moves_for(die, places))
        return actions or [self.rules.pass_action]

    def movable(self) -> list[int]:
        """The distinct places of the player's figures that have not moved since the last
        roll (WID-2: no figure moves twice without a pair), in order: so the legal actions
        come in the same order however the figures are listed."""
        moved = self.moved
        return sorted(
            {
                place
                for index, place in enumerate(self.figures[self.player])
                if not moved >> index & 1 and place != SHIP
            }
        )

    def moves_for(self, die: int, places: list[int]) -> list[Move]:
        """The moves with one colour die or a white die from ``places`` (WID-2, WID-5,
        WID-9)."""
        game = self.rules
        moves: list[Move] = []
        for place in places:
            if place == CONNECT:
                if die == WHITE:
                    moves.append(game.enter_ship)  # WID-9: only a white die
            elif die == WHITE:
                moves.extend(game.white_moves[place])  # WID-5: any colour
            else:
                moves.append(game.colour_moves[die][place])
        return moves

    def villain_actions(self) -> list[Action]:
        """Black (WID-6, WID-7): where the villain may go, or that he stays. After black
        and white he must throw a foreign figure where one can be thrown; he stays only
        where none can."""
        assert self.roll is not None
        game = self.rules
        other = self.roll.first  # the roll is sorted: black, the highest face, is second
        if other == WHITE:
            throws = self.throwable()
            if not throws:
                return [game.stay]
            return [game.throws[seat][field] for seat, field in throws]
        actions: list[Action] = [game.stay]
        fields = range(RING) if other == BLACK else self.board.fields_of[other]
        actions.extend(game.jumps[field] for field in fields if field != self.villain)
        return actions

    def throwable(self) -> list[tuple[int, int]]:
        """(seat, field) of every foreign figure the villain may throw after black and
        white (WID-7, WID-8), one entry per seat and field."""
        found: list[tuple[int, int]] = []
        for seat, figures in enumerate(self.figures):
            if seat == self.player:
                continue
            for field in sorted(set(figures)):
                if field < RING and self.villain_victims(field, seat):
                    found.append((seat, field))
        return found

    def destination(self, seat: int, origin: int, colour: int) -> int:
        """The next free field of ``colour`` clockwise from ``origin`` (WID-2, WID-3), or
        ``CONNECT`` when the way reaches or passes the seat's own start field (WID-9)."""
        board = self.board
        progress = (origin - board.start[self.rules.seat_colours[seat]]) % RING
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
                self._roll(self.rules.roll_of(first, second))
                self._forget_legal()
                return
        super().apply(action)

    def _apply(self, action: Action) -> None:
        if isinstance(action, Roll):
            self._roll(action)
            return
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
        else:
            self.left.clear()  # a pass loses every die left
        self._after_decision()

    def _roll(self, roll: Roll) -> None:
        """WID-2 and the gaps: which dice are decided one by one after this roll."""
        self.rolls += 1
        self.roll = roll
        self.moved = 0
        self.phase = DECIDE
        self.left = roll.dice_to_decide(self.rules.options.black_also_moves)

    def _move(self, move: Move) -> None:
        player = self.player
        figures = self.figures[player]
        index = next(
            i for i, place in enumerate(figures) if place == move.origin and not self.moved >> i & 1
        )
        self.moved |= 1 << index
        if move.origin == CONNECT:
            figures[index] = SHIP  # WID-9
            if all(place == SHIP for place in figures):
                self.finished.append(player)  # WID-10
            return
        dest = self.destination(player, move.origin, move.colour)
        if not self.board.is_start[move.origin]:
            self.occupant[move.origin] = EMPTY
        if dest < RING and not self.board.is_start[dest]:
            self.occupant[dest] = player
        figures[index] = dest

    def villain_victims(self, field: int, seat: int = EMPTY) -> list[tuple[int, int]]:
        """(seat, figure index) of the figures the villain throws on landing on ``field``:
        foreign figures not on a field of their own colour (WID-6, WID-8); after black and
        white only the one figure of ``seat`` (WID-7). On a start field a jump throws every
        such figure there (ours)."""
        colour = self.board.colour[field]
        seat_colours = self.rules.seat_colours
        found: list[tuple[int, int]] = []
        for victim, figures in enumerate(self.figures):
            if victim == self.player or seat_colours[victim] == colour:
                continue
            if seat != EMPTY and victim != seat:
                continue
            found.extend((victim, index) for index, place in enumerate(figures) if place == field)
        return found[:1] if seat != EMPTY else found

    def _villain_to(self, field: int, seat: int = EMPTY) -> None:
        self.villain = field
        board = self.board
        for victim, index in self.villain_victims(field, seat):
            self.figures[victim][index] = board.start[self.rules.seat_colours[victim]]
            if not board.is_start[field]:
                self.occupant[field] = EMPTY

    def _after_decision(self) -> None:
        game = self.rules
        if self.finished and self.finished[-1] == self.player:
            # WID-10: a player just brought the third figure home; the turn ends there.
            remaining = game.num_players - len(self.finished)
            if not game.options.play_for_places or remaining <= 1:
                self._end()
            else:
                self._next_player()
            return
        if self.left:
            return
        assert self.roll is not None
        if not self.roll.is_pair:
            self._next_player()
        elif self.rolls >= game.roll_bound:
            self._end()
        else:
            self._roll_next()  # WID-4: a pair rolls again

    def _next_player(self) -> None:
        game = self.rules
        if self.rolls >= game.roll_bound:
            self._end()
            return
        player = self.player
        while True:
            player = (player + 1) % game.num_players
            if player not in self.finished:
                break
        self.player = player
        self._roll_next()

    def _end(self) -> None:
        """The game is over; dice not yet used are forfeited."""
        self.phase = OVER
        self.left = []
        self.moved = 0

    def _roll_next(self) -> None:
        self.phase = ROLL
        self.roll = None
        self.left = []
        self.moved = 0

    # -- copies, results, views ----------------------------------------------------------

    def clone(self) -> WidgetState:
        # Built by the constructor (a compiled class has no bare ``__new__``), then
        # overwritten field by field.
        other = WidgetState(self.rules)
        other.board = self.board
        self._share_legal(other)
        other.phase = self.phase
        other.player = self.player
        other.roll = self.roll
        other.left = list(self.left)
        other.moved = self.moved
        other.rolls = self.rolls
        other.villain = self.villain
        other.finished = list(self.finished)
        other.figures = [list(f) for f in self.figures]
        other.occupant = list(self.occupant)
        return other

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        players = self.rules.num_players
        finished = self.finished
        if not finished:
            return Outcome.draw(players, "round limit")
        if not self.rules.options.play_for_places:
            return Outcome.win(finished[:1], players, "spaceship reached")
        rest = frozenset(range(players)) - frozenset(finished)
        groups = tuple(frozenset((seat,)) for seat in finished)
        termination = "places decided" if len(rest) <= 1 else "round limit"
        return Outcome(groups + ((rest,) if rest else ()), termination)

    def observation(self, player: int | None) -> dict[str, Any]:
        """Widget has no hidden information: everybody sees the whole position."""
        return {
            "game": self.rules.name,
            "viewer": player,
            "current_player": self.current_player,
            "seat_colours": [self.rules.seat_name(s) for s in range(self.rules.num_players)],
            **self._position_json(),
        }

    def _position_json(self) -> dict[str, Any]:
        return position_json(self)
