"""Turn-based play in a pseudo-terminal: Ctrl-C and Ctrl-D end the game the way ``quit``
does, with the record saved."""

from __future__ import annotations

from pathlib import Path

import pytest

from wuerfelwerk.core import Record

from ..terminal import Terminal


@pytest.mark.parametrize("key", ["ctrl-c", "ctrl-d"])
def test_ctrl_c_and_ctrl_d_save_the_record(tmp_path: Path, key: str) -> None:
    with Terminal("play", "malefiz", "--seats", "human,greedy", "--seed", "4", cwd=tmp_path) as t:
        t.read_until(b"> ")
        t.type(b"1\n")  # one move, then the next prompt
        t.read_until(b"your choice")
        t.read_until(b"> ")
        if key == "ctrl-c":
            t.interrupt()
        else:
            t.type(b"\x04")
        assert t.wait() == 0
        assert b"record saved to" in t.seen and b"Traceback" not in t.seen
    (saved,) = tmp_path.glob("wuerfelwerk-malefiz-*.json")
    record = Record.loads(saved.read_text())
    # The first roll, the person's move and more: the game up to the last question.
    assert len(record.actions) >= 3 and record.outcome is None
    assert not record.final_state().is_terminal()
