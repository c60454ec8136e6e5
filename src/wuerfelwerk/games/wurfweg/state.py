"""``WurfWegState``: the position and the rules WUW-1 to WUW-10 that move it on.

A round runs through the phases ``draw`` (coasters from the pile, chance), ``lucky``
(the yellow die, chance), ``race`` (everyone at once: ``SIMULTANEOUS``) and ``calm``
(the three calm rolls after "stop", also ``SIMULTANEOUS``). While a player's dice are
rolling the state is a chance node with one outcome per die.
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING, Any

from ...core import CHANCE, SIMULTANEOUS, TERMINAL, Action, IllegalActionError, Outcome, State
from .actions import LEFT, RIGHT, TRAY, Draw, Lucky, Place, Roll, Throw
from .coasters import CALM_ROLLS, DICE_PER_PLAYER, WINNING_COASTERS
from .position import CALM, DRAW, LUCKY, NONE, OVER, RACE, position_json

if TYPE_CHECKING:
    from .game import WurfWegGame

#: Why a game ended when the round limit (ours) ended it.
ROUND_LIMIT = "round limit"


class WurfWegState(State):
    """The pile, each seat's coaster, won coasters and dice, the lucky symbol and phase.

    Per seat: ``coaster`` (a coaster number, ``NONE`` between winning one and drawing
    the next), ``won`` (coaster numbers), ``unrolled`` (dice in hand not rolled yet:
    at the start of a round and after "stop"), ``hand`` (the symbols the rolled dice in
    hand show, sorted), ``on_coaster`` (dice others put there, WUW-6), ``rolls`` (race
    rolls this round) and ``calm_rolls``. ``roller`` is the seat whose roll is being
    thrown, ``throwing`` the dice of it still in the air.
    """

    def __init__(self, game: WurfWegGame, source: WurfWegState | None = None) -> None:
        """Every coaster on the pile, every die in hand (WUW-1, WUW-2); or a copy of
        ``source``'s position (``clone``)."""
        super().__init__(source)
        self._game = game
        if source is None:
            n = game.num_players
            self.phase = DRAW
            self.round = 1
            self.lucky = NONE
            self.stopper = NONE
            self.roller = NONE
            self.throwing = 0
            self.ending = ""
            self.pile: tuple[int, ...] = tuple(range(len(game.coasters.coasters)))
            self.coaster = [NONE] * n
            self.won: list[tuple[int, ...]] = [()] * n
            self.unrolled = [DICE_PER_PLAYER] * n
            self.hand: list[tuple[int, ...]] = [()] * n
            self.on_coaster = [0] * n
            self.rolls = [0] * n
            self.calm_rolls = [0] * n
            self._active: tuple[int, ...] | None = None
        else:
            self.current_player = source.current_player
            self.phase = source.phase
            self.round = source.round
            self.lucky = source.lucky
            self.stopper = source.stopper
            self.roller = source.roller
            self.throwing = source.throwing
            self.ending = source.ending
            self.pile = source.pile
            self.coaster = list(source.coaster)
            self.won = list(source.won)
            self.unrolled = list(source.unrolled)
            self.hand = list(source.hand)
            self.on_coaster = list(source.on_coaster)
            self.rolls = list(source.rolls)
            self.calm_rolls = list(source.calm_rolls)
            self._active = source._active

    @property
    def game(self) -> WurfWegGame:
        return self._game

    # -- whose turn ----------------------------------------------------------------------

    #: ``CHANCE`` while dice roll or coasters are drawn, ``SIMULTANEOUS`` in the race and
    #: the calm rolls, ``TERMINAL`` at the end: a plain attribute, set after every action
    #: (it is read several times per action).
    current_player: int = CHANCE

    def whose_turn(self) -> int:
        """What ``current_player`` is in this phase."""
        phase = self.phase
        if phase in (RACE, CALM):
            return CHANCE if self.roller != NONE else SIMULTANEOUS
        if phase == OVER:
            return TERMINAL
        return CHANCE

    @property
    def active_players(self) -> list[int]:
        active = self._active
        if active is None:  # worked out once per position: asked for at every action
            if self.current_player != SIMULTANEOUS:
                active = ()
            else:
                active = tuple(s for s in range(self.game.num_players) if self._can_act(s))
            self._active = active
        return list(active)

    def dice(self, seat: int) -> int:
        """The dice ``seat`` still has to get rid of: in hand and on their coaster (our gap)."""
        return self.unrolled[seat] + len(self.hand[seat]) + self.on_coaster[seat]

    @property
    def tray(self) -> int:
        """The dice on the tray this round: all the others are accounted for elsewhere."""
        held = sum(self.dice(seat) for seat in range(self.game.num_players))
        return DICE_PER_PLAYER * self.game.num_players - held - self.throwing

    def target(self, seat: int, symbol: int) -> int | None:
        """Where a die of ``seat`` showing ``symbol`` may go in the race (WUW-4, WUW-5)."""
        if symbol == self.lucky:
            return TRAY
        coaster = self.game.coasters.coasters[self.coaster[seat]]
        if symbol == coaster.left:
            return LEFT
        if symbol == coaster.right:
            return RIGHT
        return None

    def neighbour(self, seat: int, target: int) -> int:
        """The left neighbour sits at the next seat, the right one at the previous seat;
        with two players both are the other player (WUW-7)."""
        step = 1 if target == LEFT else -1
        return (seat + step) % self.game.num_players

    def _can_act(self, seat: int) -> bool:
        if self.phase == RACE:
            if self.rolls[seat] < self.game.options.roll_limit:
                return True
            return any(self.target(seat, symbol) is not None for symbol in self.hand[seat])
        if seat == self.stopper:
            return False
        return self.lucky in self.hand[seat] or (
            self.calm_rolls[seat] < CALM_ROLLS and self.dice(seat) > 0
        )

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        game = self.game
        if self.phase == LUCKY:
            return list(game.lucky_odds)
        if self.phase == DRAW:
            draws = game.draws[self.coaster.index(NONE)]
            odds = 1 / len(self.pile)
            return [(draws[number], odds) for number in self.pile]
        return list(game.throw_odds[self.roller])

    # -- legal actions -----------------------------------------------------------------

    def _legal_actions(self, player: int) -> list[Action]:
        game = self.game
        hand = self.hand[player]
        places = game.places[player]
        if self.phase == CALM:
            # WUW-8: only the lucky symbol counts; our choice: the calm rolls leave time
            # to put every lucky die on the tray before the next roll.
            if self.lucky in hand:
                return [places[self.lucky][TRAY]]
            return [game.rolls[player]] if self._can_act(player) else []
        legal: list[Action] = []
        if self.rolls[player] < game.options.roll_limit:
            legal.append(game.rolls[player])
        last = NONE
        for symbol in hand:
            if symbol != last:
                last = symbol
                target = self.target(player, symbol)
                if target is not None:
                    legal.append(places[symbol][target])
        return legal

    def _explain_illegal(self, action: Action) -> IllegalActionError:
        if self.current_player == CHANCE:
            return self._explain_chance(action)
        if not isinstance(action, (Roll, Place)):
            return IllegalActionError("WUW-3", f"no dice are rolling and nobody draws: {action}")
        if self.phase == CALM:
            return self._explain_calm(action)
        if isinstance(action, Roll):
            return IllegalActionError(
                "WUW-3",
                f"{self.game.seat_name(action.player)} has used all "
                f"{self.game.options.roll_limit} rolls of this round (option roll_limit)",
            )
        return self._explain_place(action)

    def _explain_chance(self, action: Action) -> IllegalActionError:
        symbols = self.game.coasters.symbols
        if self.phase == LUCKY:
            return IllegalActionError("WUW-3", f"the yellow die must be rolled first, not {action}")
        if self.phase == DRAW:
            seat = self.game.seat_name(self.coaster.index(NONE))
            if isinstance(action, Draw) and action.coaster not in self.pile:
                return IllegalActionError("WUW-2", f"{action} is impossible: not in the pile")
            return IllegalActionError("WUW-2", f"{seat} must draw a coaster first, not {action}")
        roller = self.game.seat_name(self.roller)
        left = self.throwing
        word = "die" if left == 1 else "dice"
        if isinstance(action, Throw) and action.symbol in range(len(symbols)):
            return IllegalActionError("WUW-3", f"{left} {word} of {roller} are rolling, not theirs")
        return IllegalActionError("WUW-3", f"{left} {word} of {roller} are still rolling")

    def _explain_place(self, place: Place) -> IllegalActionError:
        """WUW-4, WUW-5: the die must be held and its symbol must match the target."""
        game = self.game
        seat = game.seat_name(place.player)
        symbols = game.coasters.symbols
        shown = symbols[place.die]
        if place.die not in self.hand[place.player]:
            return IllegalActionError("WUW-4", f"{seat} holds no rolled die showing {shown}")
        lucky = symbols[self.lucky]
        if place.die == self.lucky:
            return IllegalActionError(
                "WUW-5", f"a die showing the lucky symbol ({lucky}) always goes to the tray"
            )
        if place.target == TRAY:
            return IllegalActionError(
                "WUW-4", f"only the lucky symbol ({lucky}) goes to the tray, not {shown}"
            )
        coaster = game.coasters.coasters[self.coaster[place.player]]
        side, symbol = ("left", coaster.left) if place.target == LEFT else ("right", coaster.right)
        return IllegalActionError(
            "WUW-4", f"the {side} symbol of {seat}'s coaster is {symbols[symbol]}, not {shown}"
        )

    def _explain_calm(self, action: Roll | Place) -> IllegalActionError:
        """WUW-8: after "stop" only the lucky symbol counts, in three calm rolls."""
        game = self.game
        seat = game.seat_name(action.player)
        lucky = game.coasters.symbols[self.lucky]
        if action.player == self.stopper:
            return IllegalActionError("WUW-8", f"{seat} called stop and has no dice left")
        if isinstance(action, Place):
            if action.die not in self.hand[action.player]:
                return self._explain_place(action)
            return IllegalActionError(
                "WUW-8", f"after stop only the lucky symbol ({lucky}) counts, onto the tray"
            )
        if self.lucky in self.hand[action.player]:
            return IllegalActionError(
                "WUW-8", f"{seat} must put the dice showing {lucky} on the tray before rolling"
            )
        if self.dice(action.player) == 0:
            return IllegalActionError("WUW-9", f"{seat} has got rid of all dice")
        return IllegalActionError("WUW-8", f"{seat} has made all {CALM_ROLLS} calm rolls")

    # -- applying ----------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        self._active = None
        if isinstance(action, Throw):
            self._throw(action.symbol)
        elif isinstance(action, Place):
            self._place(action.player, action.die, action.target)
        elif isinstance(action, Roll):
            self._roll(action.player)
        elif isinstance(action, Lucky):
            self.lucky = action.symbol
            self.phase = RACE
        elif isinstance(action, Draw):
            self._draw(action.player, action.coaster)
        self.current_player = self.whose_turn()

    def _draw(self, seat: int, coaster: int) -> None:
        """WUW-2, WUW-9: a coaster from the pile, laid open in front of the seat."""
        self.coaster[seat] = coaster
        pile = list(self.pile)
        pile.remove(coaster)
        self.pile = tuple(pile)
        self._next_draw()

    def _next_draw(self) -> None:
        if NONE not in self.coaster:
            self.phase = LUCKY
        elif not self.pile:
            self._end_game("pile empty")
        else:
            self.phase = DRAW

    def _roll(self, seat: int) -> None:
        """WUW-3, WUW-6: every die in hand and on the coaster is rolled."""
        self.roller = seat
        self.throwing = self.dice(seat)
        self.unrolled[seat] = 0
        self.hand[seat] = ()
        self.on_coaster[seat] = 0
        if self.phase == RACE:
            self.rolls[seat] += 1
        else:
            self.calm_rolls[seat] += 1

    def _throw(self, symbol: int) -> None:
        seat = self.roller
        hand = list(self.hand[seat])
        bisect.insort(hand, symbol)
        self.hand[seat] = tuple(hand)
        self.throwing -= 1
        if self.throwing == 0:
            self.roller = NONE
            self._end_round_if_nobody_acts()

    def _place(self, seat: int, symbol: int, target: int) -> None:
        """WUW-4 to WUW-7; the first player with no dice left calls stop (WUW-8)."""
        hand = list(self.hand[seat])
        hand.remove(symbol)
        self.hand[seat] = tuple(hand)
        if target != TRAY:
            self.on_coaster[self.neighbour(seat, target)] += 1
        if self.phase == RACE and self.dice(seat) == 0:
            self._stop(seat)
        self._end_round_if_nobody_acts()

    def _stop(self, seat: int) -> None:
        """WUW-8: the race is over; the others' dice in hand count only once rolled again."""
        self.stopper = seat
        self.phase = CALM
        for other in range(self.game.num_players):
            self.unrolled[other] += len(self.hand[other])
            self.hand[other] = ()

    def _end_round_if_nobody_acts(self) -> None:
        if not any(self._can_act(seat) for seat in range(self.game.num_players)):
            self._end_round()

    def _end_round(self) -> None:
        """WUW-9, WUW-10: coasters won, the end of the game, or dice shared out again.

        A race that ends because everybody used up the roll limit has no stop, and
        nobody got rid of all dice, so nobody wins a coaster.
        """
        game = self.game
        for seat in range(game.num_players):
            if self.dice(seat) == 0:
                self.won[seat] = (*self.won[seat], self.coaster[seat])
                self.coaster[seat] = NONE
        if not game.options.until_pile_empty and any(
            len(won) >= WINNING_COASTERS for won in self.won
        ):
            self._end_game(f"{WINNING_COASTERS} coasters")
            return
        if self.round >= game.options.round_limit:
            self._end_game(ROUND_LIMIT)
            return
        if NONE in self.coaster and not self.pile:
            self._end_game("pile empty")  # our gap: no coaster to draw ends the game
            return
        self.round += 1
        self.lucky = NONE
        self.stopper = NONE
        n = game.num_players
        self.unrolled = [DICE_PER_PLAYER] * n
        self.hand = [()] * n
        self.on_coaster = [0] * n
        self.rolls = [0] * n
        self.calm_rolls = [0] * n
        self._next_draw()

    def _end_game(self, ending: str) -> None:
        self.phase = OVER
        self.ending = ending

    # -- copies, results, views --------------------------------------------------------

    def clone(self) -> WurfWegState:
        return WurfWegState(self.game, self)

    def outcome(self) -> Outcome | None:
        """WUW-10: most won coasters first; seats with as many share their place, and
        several at once win together, all of them if need be. Only a round limit reached
        with every seat level (ours) is a draw."""
        if self.phase != OVER:
            return None
        counts = sorted({len(won) for won in self.won}, reverse=True)
        ranking = tuple(
            frozenset(seat for seat, won in enumerate(self.won) if len(won) == count)
            for count in counts
        )
        shared = len(ranking) == 1 and counts[0] > 0 and self.ending != ROUND_LIMIT
        return Outcome(ranking, self.ending, shared_win=shared)

    def observation(self, player: int | None) -> dict[str, Any]:
        """Everything lies open on the table: every seat sees the whole position. The
        pile's order is not part of it: each draw is a chance outcome."""
        return {
            "game": self.game.name,
            "viewer": player,
            "current_player": self.current_player,
            "active_players": self.active_players,
            "tray": self.tray,
            **self._position_json(),
        }

    def _position_json(self) -> dict[str, Any]:
        return position_json(self)
