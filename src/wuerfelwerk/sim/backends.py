"""Where a simulation's games are played: worker processes on this machine, or Ray.

A backend maps a function over items on ``jobs`` workers and yields every result as soon
as it is done, with the item's position, so that a caller can show progress and put the
results back in order. Items whose worker dies (killed, out of memory, a lost node) are
handed out again, up to ``RETRIES`` times; the function must therefore give the same
result every time for the same item, as a seeded game does.

- ``local``: ``jobs`` processes on this machine, or this process alone for one job. On
  Linux a worker ends with the process that started it, however that ends (a ``kill``
  too): no orphan plays on.
- ``ray``: Ray tasks, at most ``jobs`` at once, on a local Ray started for the run or on
  the cluster at ``address`` (``auto``, ``HOST:PORT`` or ``ray://HOST:10001``). Ray is
  an optional extra: ``pip install "wuerfelwerk[ray]"``.
"""

from __future__ import annotations

import ctypes
import logging
import multiprocessing
import os
import signal
import sys
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from itertools import islice
from types import ModuleType
from typing import Any, Self, TypeVar

from ..core import WuerfelwerkError

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("local", "ray")
#: How often the items of a dead worker are handed out again before the run gives up.
RETRIES = 3


class SimulationError(WuerfelwerkError):
    """A backend that cannot be used, or workers that keep dying."""


class Backend(ABC):
    """Runs a function over items on ``jobs`` workers; open it with ``with``."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs

    @abstractmethod
    def map_unordered(
        self, function: Callable[[T], R], items: Sequence[T]
    ) -> Iterator[tuple[int, R]]:
        """``(position, function(items[position]))`` for every item, as each is done."""

    @abstractmethod
    def close(self) -> None:
        """Let the workers go."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class LocalBackend(Backend):
    """``jobs`` worker processes on this machine; one job plays in this process."""

    def __init__(self, jobs: int) -> None:
        super().__init__(jobs)
        self._pool: ProcessPoolExecutor | None = None
        self._futures: Collection[Future[Any]] = ()

    def map_unordered(
        self, function: Callable[[T], R], items: Sequence[T]
    ) -> Iterator[tuple[int, R]]:
        if self.jobs <= 1:
            for position, item in enumerate(items):
                yield position, function(item)
            return
        waiting = dict(enumerate(items))
        for _ in range(RETRIES + 1):
            if self._pool is None:
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(
                    self.jobs,
                    mp_context=context,
                    initializer=end_with_parent,
                    initargs=(os.getpid(),),
                )
            futures: dict[Future[R], int] = {}
            self._futures = futures.keys()  # a view: what close() finds still in play
            # The first submissions start the workers.
            with ctrl_c_held():
                for position, item in waiting.items():
                    futures[self._pool.submit(function, item)] = position
            broken = False
            for future in as_completed(futures):
                if isinstance(future.exception(), BrokenProcessPool):
                    broken = True  # a worker died: this item goes out again
                    continue
                position = futures[future]
                del waiting[position]
                yield position, future.result()
            if not broken:
                return
            self.close()
        raise SimulationError(
            f"worker processes died {RETRIES + 1} times; {len(waiting)} chunks of games "
            "were not played (out of memory?)"
        )

    def close(self) -> None:
        if self._pool is not None:
            if not all(future.done() for future in self._futures):
                # Closed before the end (Ctrl-C): the chunks in play are dropped, not
                # waited for. The pool ends its workers in public only from Python 3.14
                # on (``terminate_workers``).
                for process in list(self._pool._processes.values()):
                    process.terminate()
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


#: Linux's ``prctl`` option that signals a process when its parent ends.
PR_SET_PDEATHSIG = 1


@contextmanager
def ctrl_c_held() -> Iterator[None]:
    """Ctrl-C held back while inside, and never heard by the processes started inside.

    The terminal sends Ctrl-C to every process of the command; it is the command's to
    handle (it ends the workers when it stops). A worker still starting up, before
    ``end_with_parent`` runs, would end with a traceback of its own: SIGINT is blocked
    while inside, and the processes started inside keep it blocked. In this process a
    Ctrl-C meanwhile is noted, not acted on while a worker starts (one started but not
    yet known to its pool would be waited for at exit, for ever), and sent again once
    the block ends, to be handled as this process handles it."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows
        yield
        return
    heard: list[int] = []
    in_main = threading.current_thread() is threading.main_thread()
    if in_main:
        previous = signal.signal(signal.SIGINT, lambda number, _frame: heard.append(number))
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
        if in_main:
            signal.signal(signal.SIGINT, previous)
    if heard:
        signal.raise_signal(signal.SIGINT)


def end_with_parent(parent: int) -> None:
    """In a worker: be sent SIGTERM when ``parent`` ends (Linux), and end at once if it
    already has. Elsewhere a worker ends once its chunk is played. Ctrl-C is ignored, as
    ``ctrl_c_held`` has it blocked where the platform allows."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform == "linux":
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:
        os._exit(1)


class RayBackend(Backend):
    """Ray tasks, at most ``jobs`` at once. Without ``address``, a local Ray with ``jobs``
    CPUs is started when the backend is opened and stopped when it is closed; a Ray
    already running in this process is used as it is."""

    def __init__(self, jobs: int, address: str | None = None) -> None:
        super().__init__(jobs)
        self.address = address
        self._ray = import_ray()
        self._started = False

    def __enter__(self) -> Self:
        ray = self._ray
        if ray.is_initialized():
            return self
        try:
            if self.address is None:
                ray.init(
                    address="local",
                    num_cpus=self.jobs,
                    include_dashboard=False,
                    logging_level=logging.WARNING,
                )
            else:
                ray.init(address=self.address, logging_level=logging.WARNING)
        except Exception as error:  # Ray raises plain Exception, TimeoutError, OSError ...
            # Whatever a failed start left running goes with it.
            ray.shutdown()
            reason = (str(error).strip().splitlines() or [type(error).__name__])[0]
            if self.address is None:
                raise SimulationError(f"Ray could not start here: {reason}") from None
            raise SimulationError(f"no Ray cluster at {self.address}: {reason}") from None
        self._started = True
        return self

    def map_unordered(
        self, function: Callable[[T], R], items: Sequence[T]
    ) -> Iterator[tuple[int, R]]:
        ray = self._ray
        lost = (
            ray.exceptions.WorkerCrashedError,
            ray.exceptions.NodeDiedError,
            ray.exceptions.OutOfMemoryError,
        )
        # A task whose worker process dies is run again by Ray itself.
        task = ray.remote(max_retries=RETRIES)(_apply)
        shared = ray.put(function)
        todo = iter(enumerate(items))
        running: dict[Any, int] = {}
        for position, item in islice(todo, self.jobs):
            running[task.remote(shared, item)] = position
        while running:
            done, _ = ray.wait(list(running), num_returns=1)
            position = running.pop(done[0])
            try:
                result = ray.get(done[0])
            except lost as error:
                first_line = str(error).strip().splitlines()[0]
                raise SimulationError(
                    f"Ray lost the worker {RETRIES + 1} times on one chunk of games: {first_line}"
                ) from None
            for next_position, item in islice(todo, 1):
                running[task.remote(shared, item)] = next_position
            yield position, result

    def close(self) -> None:
        if self._started:
            self._ray.shutdown()
            self._started = False


def _apply(function: Callable[[T], R], item: T) -> R:
    return function(item)


def import_ray() -> ModuleType:
    """The ``ray`` module, or a one-line error that says how to install it."""
    try:
        import ray
    except ImportError:
        raise SimulationError('the ray backend needs Ray: pip install "wuerfelwerk[ray]"') from None
    return ray


def make_backend(name: str, jobs: int, address: str | None = None) -> Backend:
    """The backend ``name`` (one of ``BACKENDS``) with ``jobs`` workers, not yet opened."""
    if name == "ray":
        return RayBackend(jobs, address)
    if name != "local":
        raise SimulationError(f"unknown backend {name!r} (backends: {', '.join(BACKENDS)})")
    if address is not None:
        raise SimulationError("--address is for the ray backend (--backend ray)")
    return LocalBackend(jobs)
