"""A real server on 127.0.0.1 against SQLite and against a throwaway PostgreSQL cluster.

The cluster is Debian's postgresql (``make test`` installs it), initialised in a
temporary folder as the ``postgres`` user (initdb refuses root), on a free port, and
stopped at the end of the session, or when the session's process dies without its
teardown (killed by a signal).
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from wuerfelwerk.server.launch import ServerProcess, free_port

from .client import OPENED


@pytest.fixture(autouse=True)
def connections_closed() -> Iterator[None]:
    """No WebSocket connection outlives its test: the connections it opened through the
    client are closed when it ends, and one opened otherwise and left open fails it. A
    connection's threads would go on in this process while later tests run."""
    yield
    while OPENED:
        OPENED.pop().close()
    left = [t.name for t in threading.enumerate() if t.name.endswith("(recv_events)")]
    assert not left, f"WebSocket connections left open by the test: {left}"


@dataclass
class PostgresCluster:
    bin: Path
    port: int
    folder: Path
    _names = itertools.count()

    def command(self, tool: str, *args: str) -> list[str]:
        # initdb refuses to run as root: as root, run the tools as the postgres user.
        as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        return [*as_postgres, str(self.bin / tool), *args]

    def run(self, tool: str, *args: str) -> None:
        subprocess.run(self.command(tool, *args), check=True, capture_output=True, cwd=self.folder)

    def new_database(self) -> str:
        name = f"wuerfelwerk_{os.getpid()}_{next(self._names)}"
        self.run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", name)
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"


def postgres_bin(initdb: str = "/usr/lib/postgresql/*/bin/initdb") -> Path:
    """The folder of the newest installed PostgreSQL's server programs (``initdb`` found by
    the pattern ``initdb``); the test fails with what to install if there is none."""
    found = [Path(path) for path in glob.glob(initdb)]
    if not found:
        pytest.fail(
            f"PostgreSQL's server programs are not installed (no {initdb}): `make test` "
            "installs Debian's postgresql when run as root, or run "
            "`apt-get install postgresql`",
            pytrace=False,
        )
    newest = max(found, key=lambda path: [int(part) for part in path.parts[-3].split(".")])
    return newest.parent


#: Waits until its standard input closes, then runs the command given (stopping the
#: cluster) and removes the folder given last. The input is a pipe from the process that
#: started the cluster, so it closes when that process ends it or dies.
_STOP_WHEN_LEFT = """
import shutil, subprocess, sys
sys.stdin.buffer.read()
subprocess.run(sys.argv[1:-1], capture_output=True)
shutil.rmtree(sys.argv[-1], ignore_errors=True)
"""


@contextlib.contextmanager
def running_cluster() -> Iterator[PostgresCluster]:
    """A new cluster, running until the block ends or this process dies."""
    folder = Path(tempfile.mkdtemp(prefix="wuerfelwerk-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    cluster = PostgresCluster(postgres_bin(), free_port(), folder)
    data = folder / "data"
    stop = cluster.command("pg_ctl", "stop", "-D", str(data), "-m", "immediate")
    # A session of its own: the Ctrl-C that interrupts the tests does not stop it too.
    keeper = subprocess.Popen(
        [sys.executable, "-c", _STOP_WHEN_LEFT, *stop, str(folder)],
        stdin=subprocess.PIPE,
        start_new_session=True,
    )
    assert keeper.stdin is not None
    try:
        cluster.run("initdb", "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync")
        options = f"-p {cluster.port} -h 127.0.0.1 -k {folder} -c fsync=off -c max_connections=200"
        log = str(folder / "log")
        cluster.run("pg_ctl", "start", "-w", "-D", str(data), "-l", log, "-o", options)
        yield cluster
    finally:
        keeper.stdin.close()
        keeper.wait()


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    with running_cluster() as cluster:
        yield cluster


@pytest.fixture(scope="session")
def own_folder() -> Iterator[Path]:
    """Databases and logs live here, not in pytest's shared temporary folders, which a
    concurrent pytest session may prune."""
    folder = Path(tempfile.mkdtemp(prefix="wuerfelwerk-server-tests-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def workdir(own_folder: Path, request: pytest.FixtureRequest) -> Path:
    """A folder of the test's own (instead of ``tmp_path``)."""
    folder = own_folder / f"{request.node.name.replace('/', '_')}-{os.getpid()}"
    folder.mkdir()
    return folder


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def new_database(request: pytest.FixtureRequest, own_folder: Path) -> Callable[[], str]:
    """Makes a fresh, empty database of the parametrised kind and gives its URL."""
    if request.param == "postgresql":
        cluster: PostgresCluster = request.getfixturevalue("postgres_cluster")
        return cluster.new_database
    names = itertools.count()
    return lambda: f"sqlite:///{own_folder / f'server-{next(names)}.db'}"


@pytest.fixture(scope="session")
def server(new_database: Callable[[], str], own_folder: Path) -> Iterator[ServerProcess]:
    """One server per database kind, shared by the tests that do not restart it."""
    log = own_folder / f"server-{id(new_database)}.log"
    with ServerProcess(new_database(), log=log) as process:
        yield process
