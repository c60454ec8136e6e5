"""Start ``wuerfelwerk serve`` in a child process on a free port (tests and benchmarks).

The server under test is the real one: its own process, its own event loop, a real
socket on 127.0.0.1.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

#: How long a starting server may take before it counts as broken (a busy machine is slow).
START_TIMEOUT = 120.0
#: This machine's own addresses: tests and benchmarks play from here at machine speed,
#: which the limits for visitors would refuse.
THIS_MACHINE = "127.0.0.0/8,::1"
#: uvicorn closes a connection whose message exceeds this; smaller oversized messages
#: get an error frame from the server and the connection stays open.
WS_HARD_LIMIT = 1 << 20
#: uvicorn's WebSocket settings for every server this package starts. Frames are small
#: and many: compressing them costs more CPU than it saves.
SOCKET_OPTIONS = {"ws_max_size": WS_HARD_LIMIT, "ws_per_message_deflate": False}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServerProcess:
    """``wuerfelwerk serve --db URL`` on 127.0.0.1; start, kill (SIGKILL) and start again.

    Clients on this machine are exempt from the abuse limits unless ``limited`` (a test
    of the limits themselves)."""

    def __init__(
        self,
        database_url: str,
        log: Path | None = None,
        env: dict[str, str] | None = None,
        args: list[str] | None = None,
        limited: bool = False,
    ) -> None:
        self.database_url = database_url
        #: More of ``serve``'s options (``--workers 2``).
        self.args = args or []
        self.port = free_port()
        self.log = log
        self.env = {
            **({} if limited else {"WUERFELWERK_LIMITS_EXEMPT": THIS_MACHINE}),
            **(env or {}),
        }
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        return [
            sys.executable,
            "-c",
            "from wuerfelwerk.cli.main import main; main()",
            "serve",
            "--port",
            str(self.port),
            "--db",
            self.database_url,
            "--log-level",
            "warning",
            *self.args,
        ]

    def start(self) -> ServerProcess:
        output = open(self.log, "ab") if self.log else subprocess.DEVNULL  # noqa: SIM115
        self.process = subprocess.Popen(
            self.command(), stdout=output, stderr=subprocess.STDOUT, env={**os.environ, **self.env}
        )
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"the server exited with status {self.process.returncode}: {self.log_tail()}"
                )
            try:
                httpx.get(f"{self.url}/api/games", timeout=1.0).raise_for_status()
                return self
            except httpx.HTTPError:
                time.sleep(0.05)
        self.kill()
        raise RuntimeError(
            f"the server did not answer within {START_TIMEOUT:g} s: {self.log_tail()}"
        )

    def log_tail(self) -> str:
        if self.log is None or not self.log.exists():
            return "(no log)"
        return self.log.read_text(errors="replace")[-2000:]

    def kill(self) -> None:
        """SIGKILL: no shutdown, no last writes."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
        self.process = None

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.process = None

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
