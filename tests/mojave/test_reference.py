"""The engine against the plain reference of ``reference.py``: the same legal moves and,
after each of them, the same position (combat and Zugzwang included), on positions
hypothesis makes up and on positions of random games."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import wuerfelwerk
from wuerfelwerk.games.mojave import ORIENTATIONS, MojaveState

from .reference import LETTERS, Position

#: Zugzwang successors are followed one move further, so answers are compared too.
FOLLOW_ZUGZWANG = 1


def summary(state: MojaveState) -> dict[str, Any]:
    """The engine's position in the reference's terms."""
    position = state.to_json()
    return {
        "dice": {
            d["field"]: (seat, (d["top"], d["north"], d["east"]))
            for seat, listed in enumerate(position["dice"])
            for d in listed
        },
        "zugzwang": {z["die"]: sorted(z["attackers"]) for z in position["zugzwang"]},
        "to_move": None if state.is_terminal() else state.current_player,
        "winner": position["winner"],
    }


def compare(state: MojaveState, follow: int = FOLLOW_ZUGZWANG) -> None:
    """The same position, the same legal moves, and after each the same position."""
    reference = Position.from_json(state.board.rows, state.to_json())
    assert summary(state) == reference.summary()
    legal = sorted(str(a) for a in state.legal_actions())
    expected = sorted(reference.legal()) or ["pass"]
    assert legal == expected
    for text in legal:
        after = state.clone()
        after.apply(state.game.parse_action(text))
        mirror = reference.copy()
        mirror.play(text)
        assert summary(after) == mirror.summary(), text
        if after.zugzwang and follow:
            compare(after, follow - 1)


@st.composite
def crowded_positions(draw: st.DrawFn) -> MojaveState:
    """Dice of both seats packed into a small window of the board, so that most moves
    end next to enemy dice; any faces, either player to move."""
    rows = draw(st.sampled_from([12, 16]))
    width, height = draw(st.integers(3, 7)), draw(st.integers(3, 7))
    left, bottom = draw(st.integers(0, 15 - width)), draw(st.integers(0, rows - height))
    window = [(x, y) for x in range(left, left + width) for y in range(bottom, bottom + height)]
    # A red die in one corner of the window, a black die in the other; each field
    # between holds a red die, a black die or nothing.
    inside = len(window) - 2
    holds = [0, *draw(st.lists(st.sampled_from([0, 1, None]), min_size=inside, max_size=inside)), 1]
    fields = [f for f, seat in zip(window, holds, strict=True) if seat is not None]
    seats = [seat for seat in holds if seat is not None]
    dice: list[list[dict[str, Any]]] = [[], []]
    for (x, y), seat in zip(fields, seats, strict=True):
        faces = draw(st.sampled_from(ORIENTATIONS))
        if len(dice[seat]) < 15:
            dice[seat].append(
                {
                    "field": f"{LETTERS[x]}{y + 1}",
                    "top": faces.top,
                    "north": faces.north,
                    "east": faces.east,
                }
            )
    game = wuerfelwerk.load("mojave", rows=rows)
    state = game.state_from_json({"player": draw(st.integers(0, 1)), "dice": dice})
    assert isinstance(state, MojaveState)
    return state


@settings(max_examples=120)
@given(crowded_positions())
def test_crowded_positions_match_the_reference(state: MojaveState) -> None:
    compare(state)


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 400))
def test_positions_of_random_games_match_the_reference(seed: int, steps: int) -> None:
    game = wuerfelwerk.load("mojave", rows=12)
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, MojaveState)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    if not state.is_terminal():
        compare(state)


def test_the_crowded_positions_reach_every_kind_of_fight() -> None:
    """The comparison is worth something only if its positions hold group fights, ties
    and Zugzwang that cannot be answered: count them over a fixed sample."""
    seen: Counter[str] = Counter()

    @settings(max_examples=120, database=None, derandomize=True)
    @given(crowded_positions())
    def count(state: MojaveState) -> None:
        reference = Position.from_json(state.board.rows, state.to_json())
        for text in reference.legal():
            seen.update(reference.copy().play(text))

    count()
    assert set(seen) == {"group", "tie", "unanswerable"}, seen
