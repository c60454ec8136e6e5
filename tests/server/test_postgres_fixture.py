"""The PostgreSQL the server tests run against: found where Debian installs it, never
installed by a test (``make test`` installs the Debian packages), and stopped even when
the tests' process is killed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import psutil
import pytest

from .conftest import postgres_bin

#: Starts a cluster, says where, and waits until it is killed.
_HOLD_A_CLUSTER = """
import sys
from tests.server.conftest import running_cluster
with running_cluster() as cluster:
    print(cluster.folder, flush=True)
    sys.stdin.read()
"""


def test_the_newest_installed_version_is_chosen(tmp_path: Path) -> None:
    for version in ("9.6", "15", "17"):
        (tmp_path / version / "bin").mkdir(parents=True)
        (tmp_path / version / "bin" / "initdb").touch()
    assert postgres_bin(str(tmp_path / "*" / "bin" / "initdb")) == tmp_path / "17" / "bin"


def test_without_postgresql_the_failure_says_what_to_install(tmp_path: Path) -> None:
    with pytest.raises(pytest.fail.Exception, match=r"`apt-get install postgresql`"):
        postgres_bin(str(tmp_path / "*" / "bin" / "initdb"))


def test_a_cluster_stops_when_the_process_that_started_it_is_killed() -> None:
    root = Path(__file__).parents[2]
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLD_A_CLUSTER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=root,
    )
    assert holder.stdout is not None
    folder = Path(holder.stdout.readline().strip())
    postmaster = psutil.Process(int((folder / "data" / "postmaster.pid").read_text().split()[0]))
    assert postmaster.is_running()
    (keeper,) = psutil.Process(holder.pid).children()
    holder.kill()  # no teardown runs: SIGKILL, as a test run killed from outside
    holder.wait()
    keeper.wait(timeout=120)  # it stops the cluster and removes its folder
    assert not folder.exists()
    assert _gone(postmaster)


def _gone(process: psutil.Process) -> bool:
    """Ended: no more, or a zombie its parent has yet to reap."""
    try:
        return process.status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True
