"""DIM-1 to DIM-3: the cards, the dealt square ring with its start blocks, the seats."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from wuerfelwerk.core import InvalidActionError, InvalidOptionError
from wuerfelwerk.games.dimenticato import OVER, geometry
from wuerfelwerk.games.dimenticato.cards import SMALL_CARDS
from wuerfelwerk.games.dimenticato.geometry import INNER, OUTER

from .conftest import Seating, apply, dealt, load, moves, refused

# DIM-1: players and figures -------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_has_four_figures_on_its_start_fields(players: int) -> None:
    state = load(players).new_initial_state()
    geo = state.geometry
    assert [sorted(f) for f in state.figures] == [sorted(b) for b in geo.blocks]
    assert state.opening == [4] * players


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players: int) -> None:
    with pytest.raises(InvalidOptionError):
        load(players)


def test_the_card_set() -> None:
    """Ours: 12 small cards of 4 different values and colours, each value 8 times."""
    assert len(SMALL_CARDS) == 12
    assert all(len({v for v, _ in card}) == 4 == len({c for _, c in card}) for card in SMALL_CARDS)
    assert Counter(v for card in SMALL_CARDS for v, _ in card) == {v: 8 for v in range(1, 7)}


# DIM-2: the board -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "fields", "outer", "inner"), [(2, 32, 20, 12), (3, 48, 28, 20), (4, 64, 36, 28)]
)
def test_a_closed_double_track(players: int, fields: int, outer: int, inner: int) -> None:
    geo = geometry(players)
    assert geo.ring_size == fields
    lanes = Counter(geo.lane[f] for f in range(geo.ring_size))
    assert lanes == {OUTER: outer, INNER: inner}
    for lane, length in ((OUTER, outer), (INNER, inner)):
        start = geo.lane.index(lane)
        field = start
        for _ in range(length):
            field = geo.forward[field]
            assert geo.lane[field] == lane
        assert field == start, "each lane is one closed clockwise loop"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_blocks_stick_out_of_the_ring(players: int) -> None:
    geo = geometry(players)
    side = geo.side
    for seat, block in enumerate(geo.blocks):
        for field in block:
            x, y = geo.coords[field]
            assert not (0 <= x < side and 0 <= y < side)
        for near, ring_field in geo.block_entries[seat]:
            assert ring_field in geo.large_fields[seat]
            assert near in block


def test_the_deal_is_a_chance_action_per_small_card() -> None:
    state = load(4).new_initial_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 48
    assert math.isclose(sum(p for _, p in outcomes), 1.0)
    apply(state, "deal card 5 turned right")
    # The first small card lies clockwise next to red's large card, turned a quarter
    # clockwise: its first field (top-left as drawn) is now the card's top-right corner.
    assert state.geometry.slots[0] == 1
    laid = [(state.values[4 + (k + 1) % 4], state.colours[4 + (k + 1) % 4]) for k in range(4)]
    assert laid == list(SMALL_CARDS[4])
    assert len(state.chance_outcomes()) == 44
    refused(state, "deal card 5 upside down", "DIM-2")


def test_the_deal_reads_like_the_cards_on_the_table() -> None:
    game = load(4)
    turns = ["upright", "turned right", "upside down", "turned left"]
    texts = [f"deal card {card} {turn}" for card in range(1, 13) for turn in turns]
    assert [str(deal) for deal in game.deals] == texts
    assert all(str(game.parse_action(text)) == text for text in texts)
    # Records written before the turns had names still replay.
    assert str(game.parse_action("deal card 9 rot 3")) == "deal card 9 turned left"
    for text, message in [
        ("deal card 13 upright", "DIM-2: the small cards are 1 to 12, not 13"),
        ("deal card 9 rot 4", "DIM-2: a card lies upright, turned right, upside down"),
    ]:
        with pytest.raises(InvalidActionError, match=message):
            game.parse_action(text)


@pytest.mark.parametrize(("players", "left_out"), [(2, 6), (3, 3), (4, 0)])
def test_three_small_cards_between_large_cards(players: int, left_out: int) -> None:
    state = dealt(players)
    assert len(state.deal) == 12 - left_out
    assert len({card for card, _ in state.deal}) == len(state.deal)
    assert state.current_player == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_field_values_and_colours(players: int) -> None:
    state = dealt(players, seed=7)
    geo = state.geometry
    for position_ in range(geo.card_count):
        fields = range(4 * position_, 4 * position_ + 4)
        values = [state.values[f] for f in fields]
        colours = [state.colours[f] for f in fields]
        if position_ in geo.large_positions:
            seat = geo.large_positions.index(position_)
            assert sorted(values) == [2, 3, 4, 5] and set(colours) == {seat}
        else:
            assert len(set(values)) == 4 and len(set(colours)) == 4


def test_the_deal_comes_from_the_seed() -> None:
    assert dealt(4, seed=3).deal == dealt(4, seed=3).deal
    assert dealt(4, seed=3).deal != dealt(4, seed=4).deal


# DIM-3: clockwise turns --------------------------------------------------------------


def test_turns_go_round_clockwise() -> None:
    """3 players: red, blue, green, red; each seat's large card lies clockwise of the
    one before, so play goes round the board the way the figures do."""
    state = dealt(3)
    geo = state.geometry
    assert list(geo.large_positions) == sorted(geo.large_positions)
    for seat, figure in ((0, "b10"), (1, "k8"), (2, "e1"), (0, "b9")):
        assert state.current_player == seat
        apply(state, f"figure {figure}", "go 5")
        apply(state, sorted(moves(state))[0])
    assert state.current_player == 1
    assert state.turns == 5


def test_the_round_limit_ends_in_a_draw(seating: Seating) -> None:
    state = seating.position(
        ["e6", "a6", "a5", "b5"], ["c2", "i2", "j2", "i1"], values={"e6": 3}, round_limit=1
    )
    apply(state, seating("figure e6"), "name 1")
    assert state.current_player == seating.other
    apply(state, seating("figure c2"), "name 1")
    assert state.phase == OVER
    outcome = state.outcome()
    assert outcome is not None and outcome.is_draw


def test_a_block_in_the_middle_of_a_side_is_entered_sideways() -> None:
    """3 players: blue's large card lies in the middle of the right side (ours)."""
    geo = geometry(3)
    for near, ring_field in geo.block_entries[1]:
        assert geo.lane[ring_field] == OUTER
        assert geo.direction(near, ring_field) == (-1, 0)  # west, into the outer lane
        assert geo.direction(ring_field, geo.forward[ring_field]) == (0, 1)  # which runs south
