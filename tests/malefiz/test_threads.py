"""One game object shared by threads, as the server shares it across its tables and bot
searches: what each thread computes is what a game of its own computes alone."""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Iterator
from typing import Any

import wuerfelwerk
from wuerfelwerk.games.malefiz import MalefizGame, MalefizState

#: Games each thread plays, and actions at most per game: enough positions for the
#: threads to meet in the move tables many times over.
GAMES = 6
ACTIONS = 400


def moves(state: MalefizState) -> list[str]:
    """The moves with the die rolled, in an order that does not depend on the order of
    the figures (a position read from JSON lists them sorted)."""
    return sorted(str(move) for move in state.moves_for(state.die))


def positions_and_moves(game: MalefizGame, seed: int) -> Iterator[tuple[dict[str, Any], list[str]]]:
    """Random games on ``game``: each position where a seat moves, with its moves."""
    rng = random.Random(seed)
    for _ in range(GAMES):
        state = game.new_initial_state()
        for _ in range(ACTIONS):
            if state.is_terminal():
                break
            if state.phase == "move":
                yield state.to_json(), moves(state)
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])


def test_two_threads_on_one_game_see_what_a_game_of_their_own_sees() -> None:
    options = {"players": 4, "board": "classic", "round_limit": 100}
    shared = wuerfelwerk.load("malefiz", **options)
    assert isinstance(shared, MalefizGame)
    found: dict[int, list[tuple[dict[str, Any], list[str]]]] = {}
    start = threading.Barrier(2)

    def run(seed: int) -> None:
        start.wait()
        found[seed] = list(positions_and_moves(shared, seed))

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter allows
    try:
        threads = [threading.Thread(target=run, args=(seed,)) for seed in (1, 2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)

    alone = wuerfelwerk.load("malefiz", **options)
    assert alone is not shared
    checked = 0
    for seed in (1, 2):
        assert len(found[seed]) > 500
        for position, listed in found[seed]:
            state = alone.state_from_json(position)
            assert listed == moves(state), position
            checked += 1
    assert checked == len(found[1]) + len(found[2])
