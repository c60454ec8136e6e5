"""The terminal board, typed input and the greedy agent for Mojave."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from rich.console import Console

import wuerfelwerk
from wuerfelwerk.agents import make_agent
from wuerfelwerk.agents.heuristics.mojave import DIE, MojaveGreedy, reach
from wuerfelwerk.boards import inspector, renderer

from .conftest import Side, position


def shown(renderable: object) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_the_board_shows_each_die_with_owner_and_top_value() -> None:
    state = position(["e4=4", "a1"], ["e5=4", "o16=6"], player=1, zugzwang={"e5": ["e4"]})
    picture = shown(renderer("mojave")(state, 1))
    assert " 5 .  .  .  .  B4!" in picture
    assert " 4 .  .  .  .  R4" in picture
    assert "B6" in picture and "black is in Zugzwang (MOJ-7): e5" in picture


def test_naming_a_field_shows_where_its_die_can_go() -> None:
    inspect = inspector("mojave")
    assert inspect is not None
    state = wuerfelwerk.load("mojave").new_initial_state()
    picture = shown(inspect(state, 0, "c4"))
    # 1 up, 2 north, 4 east: north shows 5, south 2, east 3, west 4.
    assert " 5 .  .  *5" in picture
    assert " 4 R1 *4 R1 *3" in picture
    assert "with 1 up it reaches c3, b4, d4, c5" in picture
    assert "no die on c5" in shown(inspect(state, 0, "c5"))
    assert inspect(state, 0, "c4-c5") is None  # a move is read as a move


def test_two_paths_to_one_field_show_both_values() -> None:
    inspect = inspector("mojave")
    assert inspect is not None
    picture = shown(inspect(position(["h8=2/1/3"], ["a16"]), 0, "h8"))
    # h8-h9-g9 shows 3, h8-g8-g9 shows 6; h8-h9-i9 shows 4, h8-i8-i9 shows 6.
    assert "  9 .  .  .  .  .  .  *36.  *46" in picture


def run_play(tmp_path: Path, stdin: str, *options: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "wuerfelwerk.cli", "play", "mojave", *options]
    return subprocess.run(
        command, input=stdin, capture_output=True, text=True, cwd=tmp_path, timeout=300
    )


def test_play_by_number_and_by_path_with_refusals(tmp_path: Path) -> None:
    result = run_play(
        tmp_path,
        "c4\nc3-e5\nc4-c6\nc4-c5\n1\nquit\n",
        "--seats",
        "human,greedy",
        "--seed",
        "2",
        "--rows",
        "12",
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "with 1 up it reaches c3, b4, d4, c5" in out
    assert "MOJ-3: c3 to e5 is not along a row or column" in out
    assert "MOJ-2: the die on c4 shows 1" in out
    assert "black (greedy):" in out and "record saved to" in out


def test_a_whole_game_against_greedy(tmp_path: Path) -> None:
    result = run_play(
        tmp_path, "1\n" * 20, "--seats", "human,greedy", "--seed", "3", "--time-limit-moves", "20"
    )
    assert result.returncode == 0, result.stderr
    assert "Game over: " in result.stdout and "(time limit)." in result.stdout


def test_greedy_takes_the_winning_throw() -> None:
    state = position(["e3=1/3/2", "a1"], ["e5=3"])
    agent = make_agent("greedy", state.game, 1)
    assert str(agent.choose(state, 0)) == "e3-e4"


def test_greedy_answers_zugzwang_by_throwing_the_attacker() -> None:
    state = position(["e4=4", "a1"], ["e5=4", "g4=1", "m14"], player=1, zugzwang={"e5": ["e4"]})
    agent = make_agent("greedy", state.game, 1)
    assert str(agent.choose(state, 1)) == "g4-f4"


def test_greedy_sees_that_dice_side_by_side_defend_together(side: Side) -> None:
    # Black's i4 can tip west onto f4 showing 5: that throws red's 3 on e4 standing
    # alone, but next to e4 and f5 it meets 3 + 3 together and would leave (MOJ-6).
    lone = side.position(["e4=3"], ["i4=3/6/2"])
    together = side.position(["e4=3", "f5=3"], ["i4=3/6/2"])
    f4, e4 = (lone.board.by_name[side.field(name)] for name in ("f4", "e4"))
    danger = []
    for state in (lone, together):
        threats = reach(state, side.other)
        assert threats[f4] == 5
        danger.append(MojaveGreedy._danger(state, e4, threats, side.other))
    assert danger == [DIE + 3, 0.0]


def test_greedy_beats_random() -> None:
    game = wuerfelwerk.load("mojave")
    for seed in range(4):
        seats = [make_agent("greedy", game, seed), make_agent("random", game, seed)]
        if seed % 2:
            seats.reverse()
        record = wuerfelwerk.play(game, seats, seed)
        assert record.outcome is not None
        assert record.outcome.winners == {seed % 2}
