"""``DimenticatoState``: the position and the rules DIM-1 to DIM-9 that move it on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ...core import CHANCE, Action, IllegalActionError, Outcome, State
from ...core.state import turn_in
from .actions import NO_CAPTURE, Choose, Deal, Go, Move, Name
from .cards import ROTATIONS, SMALL_CARDS, large_card, lay
from .explain import explain_illegal
from .paths import OPENING_DISTANCES
from .phases import DEAL, DESTINATION, EMPTY, FIGURE, FIGURES, GO, NAME, OVER
from .position import BoardView, position_json, public_json

if TYPE_CHECKING:
    from .game import DimenticatoGame

Event = dict[str, Any]


class DimenticatoState(State):
    """The dealt board, the figures, whose turn and how far the turn has got.

    ``values[field]`` is the die value of a track field (0 for start fields and fields
    not dealt yet), ``colours[field]`` its colour (a seat number, -1 not dealt yet).
    ``opening[seat]`` counts the figures still to bring off the start fields (DIM-4).
    ``chosen`` is the field of the figure taken this turn, ``steps`` how far it goes once
    known. ``log`` is the record of public events of play: who took which figure where,
    whether a name was right. It never holds a value: what a player saw of the values is
    that player's memory (``recall``), and a value seen when a figure is lifted to be
    named is seen for that moment only (``moment()``).
    """

    def __init__(self, game: DimenticatoGame, source: DimenticatoState | None = None) -> None:
        """Figures on their start fields and no card laid (``initial`` lays the large
        ones); or a copy of ``source``'s position (``clone``)."""
        super().__init__(source)
        self._game = game
        geo = game.geometry
        self.geometry = geo
        self.tables = game.tables
        self.actions = game.actions
        # Read on every turn: kept here, where the compiled build reads native fields.
        self.players = game.num_players
        self.turn_limit = game.turn_limit
        #: The field of the figure lifted to be named by the last action, or -1
        #: (``moment``): not part of the position, so a copy starts without.
        self._lifted = -1
        if source is None:
            self.phase = DEAL
            self.player = 0
            self.turns = 0
            self.winner: int | None = None
            self.deal: list[tuple[int, int]] = []
            self.values = [0] * geo.size
            self.colours = [-1] * geo.size
            self.figures = [list(block) for block in geo.blocks]
            self.occupant = [EMPTY] * geo.size
            for seat, block in enumerate(geo.blocks):
                for field in block:
                    self.occupant[field] = seat
                    self.colours[field] = seat
            self.opening = [FIGURES] * game.num_players
            self.chosen = -1
            self.steps = 0
            self.log: list[Event] = []
            self.board_view: BoardView | None = None
        else:
            self.phase = source.phase
            self.player = source.player
            self.turns = source.turns
            self.winner = source.winner
            self.current_player = source.current_player
            self.deal = list(source.deal)
            self.values = list(source.values)
            self.colours = list(source.colours)
            self.figures = [list(f) for f in source.figures]
            self.occupant = list(source.occupant)
            self.opening = list(source.opening)
            self.chosen = source.chosen
            self.steps = source.steps
            self.log = list(source.log)  # events are never changed once logged
            self.board_view = source.board_view  # never changed either, only replaced

    @property
    def game(self) -> DimenticatoGame:
        return self._game

    @classmethod
    def initial(cls, game: DimenticatoGame) -> DimenticatoState:
        """DIM-1 to DIM-3: figures on their start fields, the large cards laid; the small
        cards are dealt by chance actions."""
        state = cls(game)
        for seat in range(game.num_players):
            state.lay_card(large_card(state.geometry, seat))
        return state

    def lay_card(self, fields: list[tuple[int, int, int]]) -> None:
        """Show each ``(field, value, colour)`` of a card laid (DIM-2)."""
        self.board_view = None
        for field, value, colour in fields:
            self.values[field] = value
            self.colours[field] = colour

    # -- whose turn ----------------------------------------------------------------------

    #: The seat to act, ``CHANCE`` while the cards are dealt, ``TERMINAL`` at the end:
    #: a plain attribute, set after every action (it is read several times per action).
    current_player: int = CHANCE

    def whose_turn(self) -> int:
        """What ``current_player`` is in this phase."""
        return turn_in(self.phase, self.player, DEAL)

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        dealt = {card for card, _ in self.deal}
        left = [card for card in range(len(SMALL_CARDS)) if card not in dealt]
        odds = 1 / (len(left) * ROTATIONS)
        deals = self.actions.deals
        return [(deals[card * ROTATIONS + r], odds) for card in left for r in range(ROTATIONS)]

    # -- legal actions -----------------------------------------------------------------

    def _legal_actions(self, player: int) -> list[Action]:
        # Figures and destinations come in fresh lists, only read from now on: no copy
        # is needed to widen their type.
        phase = self.phase
        actions = self.actions
        if phase == FIGURE:
            return cast(list[Action], self.figure_choices()) or [actions.pass_action]
        if phase == NAME:
            return actions.naming
        if phase == GO:
            return [actions.goes[d] for d in OPENING_DISTANCES if self.can_go(self.chosen, d)]
        return cast(list[Action], self.destinations(self.chosen, self.steps))

    def in_start(self, field: int) -> bool:
        """Whether a figure on ``field`` stands on its start fields before leaving them."""
        seat = self.geometry.block_seat[field]
        return seat >= 0 and self.opening[seat] > 0

    def figure_choices(self) -> list[Choose]:
        """The figures the player to act may take (DIM-3, DIM-4, DIM-7). A figure on the
        track can always be taken: whether it moves depends on the value named."""
        block_seat = self.geometry.block_seat
        seat = self.player
        choices = self.actions.choices
        found: list[Choose] = []
        opening = self.opening[seat] > 0
        for field in sorted(self.figures[seat]):
            if opening:  # DIM-4: a figure leaves its start fields by 2 to 5 fields
                if block_seat[field] == seat:
                    for distance in OPENING_DISTANCES:
                        if self.can_go(field, distance):
                            found.append(choices[field])
                            break
            elif block_seat[field] < 0 or self.can_go(field, 0):
                found.append(choices[field])
        return found

    def can_go(self, field: int, steps: int) -> bool:
        """Whether ``destinations(field, steps)`` has a move, without listing them."""
        return bool(self._landings(field, steps, True))

    def destinations(self, field: int, steps: int) -> list[Move]:
        """The moves of the figure on ``field`` going ``steps`` fields (DIM-4 to DIM-9).

        Uses only where the figures stand, never a covered value, so agents may ask it
        about any value they believe in. A figure in its goal moves on to a free goal
        field, 1 field or round the angle 2 (DIM-7); ``steps`` is then ignored.
        """
        actions = self.actions
        plain = actions.plain_moves
        return [
            plain[dest] if push == NO_CAPTURE else actions.move(dest, push)
            for dest, push in self._landings(field, steps, False)
        ]

    def _landings(self, field: int, steps: int, first: bool) -> list[tuple[int, int]]:
        """(destination, where a figure captured there goes) of every move, or of the
        first one only (DIM-9: one figure per field, own figures and figures on their
        own colour are not captured, a captured figure needs a free field 3 back)."""
        occupant = self.occupant
        seat = occupant[field]
        colours = self.colours
        found: list[tuple[int, int]] = []
        for dest in self.reachable(field, steps):
            standing = occupant[dest]
            if standing == EMPTY:
                found.append((dest, NO_CAPTURE))
            elif standing != seat and colours[dest] != standing:
                for landing in self.tables.pushback[standing][dest]:
                    if occupant[landing] == EMPTY or landing == field:
                        found.append((dest, landing))
            if first and found:
                break
        return found

    def reachable(self, field: int, steps: int) -> tuple[int, ...]:
        """The fields ``steps`` away from the figure on ``field``, whoever stands there."""
        geo = self.geometry
        seat = self.occupant[field]
        if geo.block_seat[field] < 0:
            return self.tables.reach[seat][field][steps]
        if self.opening[seat]:
            return self.tables.opening[seat][field][steps]
        return tuple(f for f in geo.blocks[seat] if f != field)

    def _explain_illegal(self, action: Action) -> IllegalActionError:
        return explain_illegal(self, action)

    # -- applying ----------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        self._lifted = -1
        # The most frequent actions first.
        if isinstance(action, Choose):
            self._choose(action.field)
        elif isinstance(action, Name):
            self._name(action.value)
        elif isinstance(action, Move):
            self._move(action.dest, action.push)
        elif isinstance(action, Go):
            self.steps = action.distance
            self.phase = DESTINATION
        elif isinstance(action, Deal):
            self._deal(action)
        else:
            self.log.append({"turn": self.turns, "seat": self.player, "event": "pass"})
            self._next_turn()
        self.current_player = self.whose_turn()

    def _deal(self, deal: Deal) -> None:
        """DIM-2: the next small card, in clockwise order of the card positions."""
        geo = self.geometry
        position = geo.slots[len(self.deal)]
        self.lay_card(lay(geo, position, SMALL_CARDS[deal.card], deal.rotation))
        self.deal.append((deal.card, deal.rotation))
        if len(self.deal) == len(geo.slots):
            self.player = self.players - 1
            self._next_turn()

    def _choose(self, field: int) -> None:
        self.chosen = field
        if self.geometry.block_seat[field] < 0:
            self.phase = NAME
        elif self.in_start(field):
            self.phase = GO
        else:
            self.steps = 0
            self.phase = DESTINATION

    def _name(self, value: int) -> None:
        """DIM-5: a right name moves the figure, a wrong one ends the turn. The figure is
        lifted to check, so everybody sees the value at that moment, and only then
        (ours): the log keeps whether the name was right, never the value."""
        field = self.chosen
        actual = self.values[field]
        right = value == actual
        # DIM-9: a figure named right that has nowhere to go stays, and the turn passes.
        stuck = right and not self.can_go(field, actual)
        name = self.geometry.names[field]
        event: Event = {
            "turn": self.turns,
            "seat": self.player,
            "event": "name",
            "field": name,
            "right": right,
        }
        if stuck:
            event["no_way"] = True
        self.log.append(event)
        self._lifted = field
        if right and not stuck:
            self.steps = actual
            self.phase = DESTINATION
        else:
            self._next_turn()

    def _move(self, dest: int, push: int) -> None:
        """DIM-4 to DIM-9: the figure lands, covering the value there (seen by everybody
        until it landed); a foreign figure there is put back to ``push``."""
        geo = self.geometry
        names = geo.names
        seat = self.player
        origin = self.chosen
        figures = self.figures[seat]
        figures[figures.index(origin)] = dest
        self.occupant[origin] = EMPTY
        event: Event = {
            "turn": self.turns,
            "seat": seat,
            "event": "move",
            "from": names[origin],
            "to": names[dest],
            "steps": self.steps,
        }
        victim = self.occupant[dest]
        if victim != EMPTY:
            victims = self.figures[victim]
            victims[victims.index(dest)] = push
            self.occupant[push] = victim
            event["capture"] = {"seat": victim, "to": names[push]}
        self.occupant[dest] = seat
        self.log.append(event)
        if self.opening[seat] and geo.block_seat[origin] == seat:
            self.opening[seat] -= 1
        elif not self.opening[seat] and all(geo.block_seat[f] == seat for f in figures):
            self.winner = seat  # DIM-8
            self.phase = OVER
            self.chosen = -1  # no turn under way: the position reads back from JSON
            self.steps = 0
            return
        self._next_turn()

    def _next_turn(self) -> None:
        """DIM-3: clockwise; the round limit (ours) ends the game in a draw."""
        self.player = (self.player + 1) % self.players
        self.chosen = -1
        self.steps = 0
        if self.turns >= self.turn_limit:
            self.phase = OVER
            return
        self.turns += 1
        self.phase = FIGURE

    # -- copies, results, views --------------------------------------------------------

    def clone(self) -> DimenticatoState:
        return DimenticatoState(self.game, self)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        if self.winner is None:
            return Outcome.draw(self.players, "round limit")
        return Outcome.win([self.winner], self.players, "all figures home")

    def covered_fields(self) -> set[int]:
        """A figure hides the value it stands on; a figure just lifted to move does not."""
        covered = {f for figures in self.figures for f in figures}
        if self.phase == DESTINATION:
            covered.discard(self.chosen)
        return covered

    def moment(self) -> dict[str, Any] | None:
        """After a name: the value under the lifted figure, seen by everybody for that
        moment only (DIM-5, ours), with whether the name was right. Told from the name
        just logged: the value under a field never changes once dealt."""
        field = self._lifted
        if field < 0:
            return None
        event = self.log[-1]
        return {
            "rule": "DIM-5",
            "seat": event["seat"],
            "right": event["right"],
            "reveal": {event["field"]: self.values[field]},
        }

    def observation(self, player: int | None) -> dict[str, Any]:
        """What everybody sees now: no value under a figure, for anyone (DIM-4), and a log
        of public events that holds no value. Remembering is the player's part."""
        return {
            "game": self.game.name,
            "viewer": player,
            "current_player": self.current_player,
            **public_json(self),
        }

    def _position_json(self) -> dict[str, Any]:
        return position_json(self)
