"""Fairness: a Dimenticato decision is judged only from what the seat knew then (its
observation and its memory of the values it was shown), never from the hidden values
(DIM-5)."""

from __future__ import annotations

import random
from typing import Any

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.analysis import analyse
from wuerfelwerk.analysis.hint import best_move
from wuerfelwerk.analysis.views import Walk
from wuerfelwerk.core import CHANCE, Record, WuerfelwerkError
from wuerfelwerk.games.dimenticato import NAME, DimenticatoState

OPTIONS = {"players": 2}


def naming_position() -> DimenticatoState:
    """A position of a greedy game where a seat is to name the value under its figure."""
    game = wuerfelwerk.load("dimenticato", **OPTIONS)
    agents = [make_agent("greedy", game, seat) for seat in range(2)]
    state = game.new_initial_state()
    rng = random.Random(2)
    while True:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            seat = state.current_player
            state.apply(agents[seat].choose(state, seat))
        assert isinstance(state, DimenticatoState)
        if state.phase == NAME and state.turns > 2 * len(state.figures[0]) + 2:
            return state


def from_position(state: DimenticatoState, value: int) -> Record:
    """The one action ``name <true value>`` from ``state``, with ``value`` under the
    figure to name instead of the one there: the seat's observation is the same."""
    position = state.to_json()
    name = state.geometry.names[state.chosen]
    truth = position["values"][name]
    position["values"][name] = value
    return Record("dimenticato", state.game.options_json(), 5, [f"name {truth}"], start=position)


def test_a_decision_is_judged_without_the_hidden_values() -> None:
    state = naming_position()
    truth = state.values[state.chosen]
    other = truth % 6 + 1
    seen, unseen = from_position(state, truth), from_position(state, other)
    seat = state.current_player
    assert seen.initial_state().observation(seat) == unseen.initial_state().observation(seat)
    judged = [analyse(record, budget=60).steps[0] for record in (seen, unseen)]
    # Right in one, wrong in the other: what really happened differs a great deal ...
    assert judged[0].chances != judged[1].chances
    # ... the judgement of the decision, made from what the seat knew, not at all.
    for field in ("kind", "options", "played", "best", "best_chance", "loss", "mark"):
        assert getattr(judged[0], field) == getattr(judged[1], field), field
    assert judged[0].kind == "decision"


def test_a_seat_knows_a_value_it_was_shown() -> None:
    """A seat that was shown the values knows the whole position: its view is the truth
    (a seat that joined later, as from a saved position, does not)."""
    state = naming_position()
    record = Record("dimenticato", state.game.options_json(), 5, [], start=state.to_json())
    walk = Walk(record)
    seat = state.current_player
    assert not walk.view(seat, random.Random(0)).whole
    game = wuerfelwerk.load("dimenticato", **OPTIONS)
    played = wuerfelwerk.play(game, [make_agent("greedy", game, s) for s in range(2)], 7)
    walk = Walk(Record(played.game, played.options, played.seed, played.actions[:60]))
    for _ in walk:
        pass
    view = walk.view(walk.state.current_player, random.Random(0))
    assert view.whole and view.draw() == walk.state


def naming_game(seed: int) -> tuple[dict[str, Any], list[str], DimenticatoState]:
    """A greedy game from the deal (the position then, every value in sight) to a seat's
    naming of the value under its figure: the position dealt, the actions since and the
    position reached."""
    game = wuerfelwerk.load("dimenticato", **OPTIONS)
    agents = [make_agent("greedy", game, seat) for seat in range(2)]
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.current_player == CHANCE:
        state.apply(state.sample_chance(rng))
    dealt, actions = state.to_json(), []
    while True:
        assert isinstance(state, DimenticatoState)
        if state.phase == NAME and state.turns > 2 * len(state.figures[0]) + 2:
            return dealt, actions, state
        if state.current_player == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = agents[state.current_player].choose(state, state.current_player)
        actions.append(str(action))
        state.apply(action)


def dealt_otherwise(seed: int) -> tuple[DimenticatoState, list[Record]] | None:
    """The naming of ``naming_game(seed)`` reached from six deals that differ only in the
    value under the figure to name (1 to 6); ``None`` where another figure stood on that
    field before and moved by its value, so that some deals do not replay."""
    dealt, actions, state = naming_game(seed)
    name = state.geometry.names[state.chosen]
    records = []
    for value in range(1, 7):
        start = {**dealt, "values": {**dealt["values"], name: value}}
        options = state.game.options_json()
        records.append(Record("dimenticato", options, 5, actions, start=start))
    try:
        for record in records:
            record.final_state()
    except WuerfelwerkError:
        return None
    return state, records


def test_a_hint_knows_only_what_the_board_shows() -> None:
    """A seat that saw every value before its figure covered one may have forgotten it,
    and no later message carries a covered value (DIM-5): the hint at its naming is the
    same whatever value was dealt under the figure, the value it was shown."""
    found = next(filter(None, map(dealt_otherwise, range(20))))
    state, records = found
    seat = state.current_player
    name = state.geometry.names[state.chosen]
    assert all(r.initial_state().observation(seat)["values"][name] for r in records)
    assert not state.observation(seat)["values"][name]  # covered now
    hints = {best_move(record, seat, budget=60) for record in records}
    assert len(hints) == 1, hints
