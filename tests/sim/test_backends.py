"""Backends: a worker process killed in the middle of a run costs nothing but time; its
games are played again and the results are the same."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from functools import partial
from pathlib import Path

import pytest

from wuerfelwerk.sim.backends import (
    RETRIES,
    Backend,
    LocalBackend,
    RayBackend,
    SimulationError,
    make_backend,
)
from wuerfelwerk.sim.runner import Chunk, GameResult, Matchup, play_chunk

MATCHUP = Matchup("malefiz", {"players": 2}, ("greedy", "random"), seed=3)
CHUNKS = [Chunk(MATCHUP, range(start, start + 2)) for start in range(0, 8, 2)]
VICTIM = 5  # the game whose worker is killed


def kill_worker_once(marker: Path, chunk: Chunk) -> list[GameResult]:
    """Play ``chunk``; but the first time game ``VICTIM`` comes up, its worker process is
    killed the way the kernel kills one that is out of memory."""
    if VICTIM in chunk.indices and not marker.exists():
        marker.touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return play_chunk(chunk)


def kill_worker(chunk: Chunk) -> list[GameResult]:
    """Kill the worker process, every time."""
    os.kill(os.getpid(), signal.SIGKILL)
    return []


def check_a_killed_worker_costs_nothing(runner: Backend, marker: Path) -> None:
    with runner:
        done = dict(runner.map_unordered(partial(kill_worker_once, marker), CHUNKS))
    assert marker.exists()  # the worker playing game VICTIM was killed once
    assert [done[position] for position in range(len(CHUNKS))] == [
        play_chunk(chunk) for chunk in CHUNKS
    ]


def test_the_games_of_a_killed_local_worker_are_played_again(tmp_path: Path) -> None:
    check_a_killed_worker_costs_nothing(LocalBackend(2), tmp_path / "killed")


@pytest.mark.usefixtures("local_ray")
def test_ray_plays_the_games_of_a_killed_worker_again(tmp_path: Path) -> None:
    check_a_killed_worker_costs_nothing(RayBackend(2), tmp_path / "killed")


def hang(folder: Path, chunk: int) -> None:
    """Say which worker took ``chunk``, then never end, as a very long game."""
    (folder / f"{chunk}.pid").write_text(str(os.getpid()))
    while True:
        time.sleep(1)


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_the_workers_end_with_the_process_that_started_them(tmp_path: Path) -> None:
    """A run killed outright (``kill -9``, out of memory) leaves no worker playing on,
    however long its games."""
    run = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from functools import partial; from pathlib import Path; "
            "from tests.sim.test_backends import hang; "
            "from wuerfelwerk.sim.backends import LocalBackend\n"
            "with LocalBackend(2) as runner:\n"
            "    list(runner.map_unordered(partial(hang, Path(sys.argv[1])), [0, 1]))",
            str(tmp_path),
        ],
        cwd=Path(__file__).parents[2],
    )
    try:
        while len(pids := list(tmp_path.glob("*.pid"))) < 2:
            assert run.poll() is None, "the run ended before its workers started"
            time.sleep(0.05)
        workers = [int(pid.read_text()) for pid in pids]
        run.kill()
        run.wait()
        deadline = time.monotonic() + 60
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(alive(pid) for pid in workers), "a worker outlived its run"
    finally:
        run.kill()
        for pid in tmp_path.glob("*.pid"):
            if alive(worker := int(pid.read_text())):
                os.kill(worker, signal.SIGKILL)


def hang_after_the_first(folder: Path, chunk: int) -> int:
    """Chunk 0 comes back at once; every other one never ends (``hang``)."""
    if chunk:
        hang(folder, chunk)
    return chunk


def test_closed_mid_run_it_ends_the_workers_still_playing(tmp_path: Path) -> None:
    """After Ctrl-C (``simulate`` then reports the chunks that came back) the backend is
    closed with chunks still in play: it ends their workers, however long their games,
    rather than wait for them."""
    runner = LocalBackend(2)
    results = runner.map_unordered(partial(hang_after_the_first, tmp_path), [0, 1])
    assert next(results) == (0, 0)
    deadline = time.monotonic() + 60
    while not (pid := tmp_path / "1.pid").exists():
        assert time.monotonic() < deadline, "no worker took the second chunk"
        time.sleep(0.05)
    worker = int(pid.read_text())
    closing = threading.Thread(target=runner.close)
    closing.start()
    try:
        closing.join(60)
        assert not closing.is_alive(), "close() waited for the chunk in play"
        assert not alive(worker)
    finally:
        if alive(worker):
            os.kill(worker, signal.SIGKILL)
        closing.join()


def test_a_chunk_that_always_kills_its_worker_ends_the_run_with_one_line() -> None:
    with LocalBackend(2) as runner, pytest.raises(SimulationError, match=f"died {RETRIES + 1} "):
        list(runner.map_unordered(kill_worker, CHUNKS[:1]))


def test_without_ray_the_ray_backend_says_how_to_install_it() -> None:
    # ``sys.modules["ray"] = None`` makes ``import ray`` fail as if Ray were not installed.
    program = "import sys; sys.modules['ray'] = None; from wuerfelwerk.cli.main import main; main()"
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            program,
            "simulate",
            "malefiz",
            "--agents",
            "greedy,random",
            "--backend",
            "ray",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2
    assert result.stderr == 'error: the ray backend needs Ray: pip install "wuerfelwerk[ray]"\n'
    assert result.stdout == ""


def test_an_address_needs_the_ray_backend() -> None:
    with pytest.raises(SimulationError, match="--address is for the ray backend"):
        make_backend("local", 2, "auto")
