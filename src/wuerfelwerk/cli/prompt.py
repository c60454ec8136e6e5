"""A line read at the terminal that Ctrl-C always interrupts.

Python's own ``input()`` loses a Ctrl-C that arrives just before its read starts: the
signal only sets a flag, and the read that follows blocks until a key is pressed
(``wuerfelwerk play`` then hung until the person pressed Ctrl-C again). The terminal also
throws away what was typed but not yet read when Ctrl-C is pressed, so even a line known
to be waiting may be gone by the time it is read. Here the signal writes a byte to a pipe
as well (``signal.set_wakeup_fd``), the wait is for the terminal or that pipe, and the
terminal is read without blocking, so the interrupt is raised whenever it came.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import sys
import threading
from collections.abc import Iterator
from typing import TextIO

from rich.console import Console


def ask(console: Console, prompt: str) -> str:
    """Print ``prompt`` (rich markup) and read one line; ``KeyboardInterrupt`` on Ctrl-C
    and ``EOFError`` on Ctrl-D, at whatever moment they come."""
    console.print(prompt, end="")
    stdin = sys.stdin
    if not _interactive(stdin):  # a pipe or a test's stream: plain reading is enough
        return input()
    line = b""
    with _wakeup() as woken, _reader(stdin) as terminal:
        while not line.endswith(b"\n"):
            ready, _, _ = select.select([terminal, woken], [], [])
            if woken in ready:
                # The signal's handler runs at the next step of Python code: for SIGINT
                # that raises KeyboardInterrupt here.
                with contextlib.suppress(BlockingIOError):
                    os.read(woken, 512)
                continue
            try:
                chunk = os.read(terminal, 4096)
            except BlockingIOError:  # taken back by the terminal (Ctrl-C flushes it)
                continue
            if not chunk:
                if line:  # Ctrl-D after some text: that text, as input() gives it
                    break
                raise EOFError
            line += chunk
    return line.removesuffix(b"\n").decode(stdin.encoding or "utf-8", errors="replace")


def _interactive(stream: TextIO) -> bool:
    try:
        terminal = stream.isatty()
    except (AttributeError, ValueError):  # no such method, or closed
        return False
    return terminal and os.name == "posix" and threading.current_thread() is threading.main_thread()


@contextlib.contextmanager
def _wakeup() -> Iterator[int]:
    """A pipe that every signal with a Python handler writes a byte to, while inside."""
    reader, writer = os.pipe()
    os.set_blocking(reader, False)
    os.set_blocking(writer, False)
    previous = signal.set_wakeup_fd(writer, warn_on_full_buffer=False)
    try:
        yield reader
    finally:
        signal.set_wakeup_fd(previous)
        os.close(reader)
        os.close(writer)


@contextlib.contextmanager
def _reader(stdin: TextIO) -> Iterator[int]:
    """The terminal opened again, non-blocking: the shell's own descriptor, shared with
    standard output, keeps its mode."""
    terminal = os.open(os.ttyname(stdin.fileno()), os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    try:
        yield terminal
    finally:
        os.close(terminal)
