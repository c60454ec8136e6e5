"""Mojave's learned evaluation from either seat: the features of a position turned half
round with the colours swapped are the same, the shipped network's chances belong to
the right seat whoever is to move, and the features count the dice the next move
throws as the rules fight (MOJ-5, MOJ-6)."""

from __future__ import annotations

import numpy as np
import pytest

import wuerfelwerk
from wuerfelwerk.agents.td import evaluator_for, features_for
from wuerfelwerk.games.mojave import MojaveState

from ..mojave.conftest import Side, _load
from .test_td_features import positions, thrown_next_move


def half_turned(state: MojaveState) -> MojaveState:
    """The position turned half round, red's dice given to black and black's to red,
    the other seat to move: the same game for the other side."""
    turn = Side(1, state.board.rows)
    data = state.to_json()

    def turned(die: dict[str, int]) -> dict[str, object]:
        return {
            "field": turn.field(str(die["field"])),
            "top": die["top"],
            "north": 7 - die["north"],
            "east": 7 - die["east"],
        }

    dice = [[turned(d) for d in data["dice"][1]], [turned(d) for d in data["dice"][0]]]
    zugzwang = {
        turn.field(z["die"]): [turn.field(a) for a in z["attackers"]] for z in data["zugzwang"]
    }
    return _load(
        dice, 1 - state.player, zugzwang, {}, moves=data["moves"], quiet_moves=data["quiet_moves"]
    )


def test_the_half_turned_position_with_the_colours_swapped_reads_the_same() -> None:
    """The features list the side to move first and count each side's ground from its
    own edge (MOJ-1): black to move reads as red to move in the turned position."""
    game = wuerfelwerk.load("mojave")
    features = features_for(game)
    states = [s for s in positions(game, 3, 240, greedy=0.7) if isinstance(s, MojaveState)]
    assert len(states) == 240 and {s.player for s in states} == {0, 1}
    assert any(s.zugzwang for s in states)
    for state in states:
        turned = half_turned(state)
        assert turned.player == 1 - state.player
        assert features.encode(turned) == pytest.approx(features.encode(state))


@pytest.mark.parametrize("to_move", ["mine", "theirs"])
@pytest.mark.parametrize("seat", [0, 1], ids=["red", "black"])
def test_the_shipped_network_gives_the_chance_to_the_seat_ahead(seat: int, to_move: str) -> None:
    """MOJ-8: seven dice against one is won, one against seven lost, for either seat
    and whoever is to move; the chances come in seat order."""
    side = Side(seat)
    seven = ["a1=2", "b1=3", "c1=4", "d1=5", "e1=6", "f1=2", "g1=2"]
    ahead = side.position(seven, ["o16"], to_move=to_move)
    behind = side.position(["o16"], seven, to_move=to_move)
    evaluator = evaluator_for(ahead.game)
    chances = evaluator.chances([ahead, behind])
    assert np.allclose(chances.sum(axis=1), 1.0)
    assert chances[0, side.seat] > 0.6 > 0.4 > chances[1, side.seat]


@pytest.mark.parametrize("seat", [0, 1], ids=["red", "black"])
@pytest.mark.parametrize(
    ("mine", "theirs", "beaten"),
    [
        # MOJ-6: a 6 arriving on j8 meets the 2 and the 3 together: 5, it leaves.
        (["i8=2", "k8=3"], ["f16=5", "e9=6"], 0),
        # MOJ-6 (our gaps): the 1 on i9 and a die arriving beside the 4 attack it
        # together, though no arrival alone shows more than 4.
        (["h9=4"], ["i9=1", "g15=6"], 1),
    ],
)
def test_the_threats_are_fought_as_the_rules_sum_strength(
    seat: int, mine: list[str], theirs: list[str], beaten: int
) -> None:
    """The dice of the side not to move that the features count as beaten are the ones
    the next move throws by the rules, dice beside each other adding their values."""
    side = Side(seat)
    state = side.position(mine, theirs, to_move="theirs")
    row = features_for(state.game).encode(state)
    assert len(thrown_next_move(state)) == beaten
    assert round(row[22] * 4) == beaten
