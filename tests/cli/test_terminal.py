"""Turn-based play in a pseudo-terminal: Ctrl-C and Ctrl-D end the game the way ``quit``
does, with the record saved, whenever they come."""

from __future__ import annotations

import signal
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from wuerfelwerk.cli import play
from wuerfelwerk.cli.main import cli
from wuerfelwerk.core import Record

from ..terminal import Terminal

# Moments to press Ctrl-C at, each a point in what the screen shows. A Ctrl-C that came
# just as a prompt showed, before the read began, used to be lost (the game then waited
# for a key forever): about one run in six at the prompt, so each moment is tried often.
MOMENTS: dict[str, Callable[[Terminal], None]] = {
    "the game's title shows": lambda t: t.read_until(b"Malefiz"),
    "the first prompt shows": lambda t: t.read_until(b"> "),
    "a move was typed, the bot to move": lambda t: (t.read_until(b"> "), t.type(b"1\n")),
    "the next prompt shows": lambda t: (
        t.read_until(b"> "),
        t.type(b"1\n"),
        t.read_until(b"your choice"),
        t.read_until(b"> "),
    ),
}
TRIES = 8


def play_and_press(tmp_path: Path, before: Callable[[Terminal], None], key: bytes) -> Record:
    with Terminal("play", "malefiz", "--seats", "human,greedy", "--seed", "4", cwd=tmp_path) as t:
        before(t)
        t.type(key)
        assert t.wait() == 0, t.seen.decode(errors="replace")[-2000:]
        assert b"record saved to" in t.seen and b"Traceback" not in t.seen
    (saved,) = tmp_path.glob("wuerfelwerk-malefiz-*.json")
    return Record.loads(saved.read_text())


@pytest.mark.parametrize("attempt", range(TRIES))
@pytest.mark.parametrize("moment", MOMENTS)
def test_ctrl_c_at_any_moment_saves_the_record(tmp_path: Path, moment: str, attempt: int) -> None:
    record = play_and_press(tmp_path, MOMENTS[moment], b"\x03")
    assert record.outcome is None and not record.final_state().is_terminal()


@pytest.mark.parametrize("key", [b"\x03", b"\x04"], ids=["ctrl-c", "ctrl-d"])
def test_ctrl_c_and_ctrl_d_save_the_game_so_far(tmp_path: Path, key: bytes) -> None:
    record = play_and_press(tmp_path, MOMENTS["the next prompt shows"], key)
    # The first roll, the person's move and more: the game up to the last question.
    assert len(record.actions) >= 3 and record.outcome is None
    assert not record.final_state().is_terminal()


def test_ctrl_c_reaches_the_game_when_the_suite_runs_with_sigint_ignored(tmp_path: Path) -> None:
    # A suite started in the background by a shell without job control has SIGINT
    # ignored; the terminal still gives the game Ctrl-C as a person's terminal does.
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        record = play_and_press(tmp_path, MOMENTS["the first prompt shows"], b"\x03")
    finally:
        signal.signal(signal.SIGINT, previous)
    assert record.outcome is None


def test_ctrl_c_in_the_middle_of_a_print_still_says_where_the_record_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A Ctrl-C handled as rich's Console.__exit__ begins leaves the console one buffer deep
    # for good: everything it prints after that is kept back, never written. About one
    # interrupt in a hundred and thirty that land during a print does so.
    def interrupted_in_a_print(table: play.TerminalTable) -> Record:
        table.console.__enter__()
        raise KeyboardInterrupt

    monkeypatch.setattr(play.TerminalTable, "run", interrupted_in_a_print)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["play", "malefiz", "--seats", "human,greedy"])
    assert result.exit_code == 0
    (saved,) = tmp_path.glob("wuerfelwerk-malefiz-*.json")
    assert f"record saved to {saved.name}" in result.output


def test_ctrl_c_ends_a_replay_quietly(tmp_path: Path) -> None:
    record = play_and_press(tmp_path, MOMENTS["the next prompt shows"], b"\x04")
    (saved,) = tmp_path.glob("wuerfelwerk-malefiz-*.json")
    assert record.actions
    with Terminal("replay", str(saved), cwd=tmp_path) as t:
        t.read_until(b"Enter next")
        t.type(b"\n")
        t.read_until(b"Enter next")
        t.interrupt()
        assert t.wait() == 130
        assert b"Traceback" not in t.seen
