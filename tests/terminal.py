"""A command run in a pseudo-terminal, as a person runs it: keys in, the screen out.
The pseudo-terminal is the command's controlling terminal, so Ctrl-C typed there is the
SIGINT a real terminal sends. Every wait is for something on the screen (with a generous
limit), never a fixed time."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path
from types import TracebackType

LIMIT = 60.0
COMMAND = str(Path(sys.executable).parent / "wuerfelwerk")


def _take_the_terminal() -> None:
    """In the command's new session: the pseudo-terminal on its standard input becomes its
    controlling terminal, with the command in front, and Ctrl-C and Ctrl-\\ do what they
    do in a person's terminal. A suite started in the background by a shell without job
    control (``make test &``) has SIGINT and SIGQUIT ignored; the command would inherit
    that, Python would then not turn Ctrl-C into KeyboardInterrupt, and the command would
    wait at its prompt for good."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


class Terminal:
    """``wuerfelwerk *args`` in a pseudo-terminal of 100 x 30 characters."""

    def __init__(self, *args: str, cwd: Path) -> None:
        leader, follower = pty.openpty()
        env = {**os.environ, "TERM": "xterm", "COLUMNS": "100", "LINES": "30"}
        self.process = subprocess.Popen(
            [COMMAND, *args],
            stdin=follower,
            stdout=follower,
            stderr=follower,
            cwd=cwd,
            env=env,
            start_new_session=True,
            preexec_fn=_take_the_terminal,
        )
        os.close(follower)
        self.leader = leader
        self.seen = b""
        self._read = 0  # where the next read_until starts looking

    def read_until(self, marker: bytes) -> None:
        """Read the screen until ``marker`` shows after what the last call found (or
        the command ends)."""
        deadline = time.monotonic() + LIMIT
        while (found := self.seen.find(marker, self._read)) < 0:
            assert time.monotonic() < deadline, self.seen.decode(errors="replace")[-2000:]
            ready, _, _ = select.select([self.leader], [], [], 0.1)
            if ready:
                try:
                    self.seen += os.read(self.leader, 65536)
                except OSError:  # the command has ended
                    return
        self._read = found + len(marker)

    def type(self, keys: bytes) -> None:
        os.write(self.leader, keys)

    def interrupt(self) -> None:
        """Ctrl-C: the terminal sends SIGINT to the program in front (or, in raw mode,
        hands it the key)."""
        self.type(b"\x03")

    def wait(self) -> int:
        """The exit status, once the command has ended and its last words are read."""
        status = self.process.wait(timeout=LIMIT)
        self.read_until(b"\0")  # to the end of the output
        return status

    def __enter__(self) -> Terminal:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.leader)
