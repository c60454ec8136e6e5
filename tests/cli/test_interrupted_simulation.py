"""Ctrl-C in the middle of ``simulate``, typed in a pseudo-terminal as a person types it:
the report of the games played so far, on the screen or as JSON, exit status 130, no
traceback and no worker left running."""

from __future__ import annotations

import json
import re
import signal
import time
from pathlib import Path

import pytest

from ..processes import children
from ..terminal import LIMIT, Terminal

GAMES = 100_000


def simulate(folder: Path, jobs: str, *more: str) -> Terminal:
    return Terminal(
        "simulate", "malefiz", "--agents", "random,greedy", "--games", str(GAMES),
        "--jobs", jobs, *more, cwd=folder,
    )  # fmt: skip


def interrupt_after_a_chunk(t: Terminal) -> str:
    """Ctrl-C once the progress bar counts games played (a chunk of games has come back);
    the screen, once the command has ended with status 130."""
    deadline = time.monotonic() + LIMIT
    while not re.search(rb"[1-9]\d*/%d" % GAMES, t.seen):
        assert time.monotonic() < deadline, t.seen.decode(errors="replace")[-2000:]
        t.read_until(b"/%d" % GAMES)
    t.interrupt()
    assert t.wait() == 130
    screen = t.seen.decode(errors="replace")
    assert "Traceback" not in screen
    return screen


def processes_of_session(session: int) -> list[str]:
    """The processes of ``session`` still running: the command's workers, if any."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue  # ended meanwhile
            fields = stat.rsplit(")", 1)[1].split()  # after the name: state, ppid, pgrp, session
            if int(fields[3]) == session and fields[0] != "Z":
                found.append(stat)
    return found


def workers(command: int) -> list[int]:
    """The worker processes the command started (multiprocessing's spawned ones)."""
    found = []
    for pid in children(command):
        try:
            if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(pid)
        except OSError:  # ended meanwhile
            continue
    return found


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_reports_the_games_played_so_far(tmp_path: Path, jobs: str) -> None:
    with simulate(tmp_path, jobs) as t:
        screen = interrupt_after_a_chunk(t)
        # The command ran in a session of its own (the terminal's): nothing of it stays.
        # (Its helpers, multiprocessing's resource tracker, end on their own just after.)
        deadline = time.monotonic() + LIMIT
        while left := processes_of_session(t.process.pid):
            assert time.monotonic() < deadline, left
            time.sleep(0.1)
    said = re.search(r"interrupted: the report counts the (\d+) games played of (\d+)", screen)
    assert said, screen[-2000:]
    played = int(said[1])
    assert 0 < played < GAMES and int(said[2]) == GAMES
    assert f"malefiz: {played} games, seed 0" in screen


def test_ctrl_c_with_json_prints_the_report_so_far_and_says_so(tmp_path: Path) -> None:
    with simulate(tmp_path, "2", "--json") as t:
        screen = interrupt_after_a_chunk(t)
    found = re.search(r'\{"game".*\}', screen)
    assert found, screen[-2000:]
    report = json.loads(found[0])
    assert report["interrupted"] is True and report["games_asked"] == GAMES
    assert 0 < report["games"] < GAMES
    assert report["seats_played"] == {"random": report["games"], "greedy": report["games"]}


def python_is_up(pid: int) -> bool:
    """Whether process ``pid`` handles or ignores SIGINT (from /proc): Python's own
    handler is installed once the interpreter is up, and Ctrl-C from then on becomes a
    KeyboardInterrupt unless the signal is blocked or ignored."""
    try:
        status = (Path("/proc") / str(pid) / "status").read_text()
    except OSError:  # ended meanwhile
        return False
    masks = dict(line.split(":\t") for line in status.splitlines() if line.startswith("Sig"))
    sigint = 1 << (signal.SIGINT - 1)
    return bool((int(masks["SigCgt"], 16) | int(masks["SigIgn"], 16)) & sigint)


def test_ctrl_c_while_the_workers_start_ends_the_command_alone(tmp_path: Path) -> None:
    """Ctrl-C goes to every process of the command, the workers too: one still starting
    up (importing the package) must not end with a traceback of its own."""
    with simulate(tmp_path, "2") as t:
        deadline = time.monotonic() + LIMIT
        # Ctrl-C as soon as a worker's interpreter is up, while it imports the package.
        while not any(python_is_up(pid) for pid in workers(t.process.pid)):
            assert time.monotonic() < deadline, t.seen.decode(errors="replace")[-2000:]
            time.sleep(0.005)
        t.interrupt()
        assert t.wait() == 130
        screen = t.seen.decode(errors="replace")
        assert "Traceback" not in screen and "KeyboardInterrupt" not in screen, screen[-3000:]
