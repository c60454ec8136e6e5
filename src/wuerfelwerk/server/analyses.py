"""Analyses of finished games in the background: a queue, a few worker processes, each
job's progress, and the result kept in the database and served from there again.

An analysis searches for seconds to minutes, so it never runs on the event loop nor in
the bots' threads: ``analysis_workers`` processes take the jobs in the order they came
and report each step done; a thread of the server reads the reports. At most
``analysis_queue`` jobs wait or run; more are refused until one is done. A worker that
dies fails its job (asking again starts it anew) and is replaced. Jobs live in this
process only: after a restart an analysis not yet stored is asked for again.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import queue
import threading
from dataclasses import dataclass
from typing import Any

from ..analysis import analysis_json
from ..core import Record
from .db.analyses import AnalysisStore
from .errors import TableError

log = logging.getLogger("uvicorn.error")

#: Seconds between the reader's looks at whether every worker is alive.
WATCH_SECONDS = 1.0


class Orphaned(Exception):
    """The server that started this worker is gone (killed: it could not stop it)."""


def server_alive() -> bool:
    parent = multiprocessing.parent_process()
    return parent is None or parent.is_alive()


def next_job(jobs: Any) -> Any:
    """The next job, ``None`` to stop; ``Orphaned`` once the server is gone."""
    while True:
        try:
            return jobs.get(timeout=WATCH_SECONDS)
        except queue.Empty:
            if not server_alive():
                raise Orphaned from None


def work(jobs: Any, reports: Any) -> None:
    """A worker process: analyse each job, reporting its start, every step and its end;
    it ends with the server, even one that was killed."""
    try:
        _work(jobs, reports)
    except Orphaned:
        return


def _work(jobs: Any, reports: Any) -> None:
    while (job := next_job(jobs)) is not None:
        table, record, budget = job
        reports.put(("start", table, multiprocessing.current_process().name))
        try:
            result = analysis_json(Record.from_json(record), budget, Steps(reports, table))
        except Orphaned:
            raise
        except Exception as error:  # reported: the job fails, the worker goes on
            reports.put(("failed", table, f"{type(error).__name__}: {error}"))
        else:
            reports.put(("done", table, result))


@dataclass(frozen=True)
class Steps:
    """Reports the steps of one job done."""

    reports: Any
    table: str

    def __call__(self, done: int, total: int) -> None:
        if not server_alive():
            raise Orphaned
        self.reports.put(("step", self.table, (done, total)))


@dataclass
class Job:
    """One analysis asked for: ``worker`` names the process at it once one is."""

    table: str
    worker: str | None = None
    done: int = 0
    total: int = 0
    failed: str | None = None

    def to_json(self, ahead: int) -> dict[str, Any]:
        if self.failed is not None:
            return {"status": "failed", "message": self.failed}
        if self.worker is None:
            return {"status": "queued", "ahead": ahead}
        return {"status": "running", "done": self.done, "total": self.total}


class Analyses:
    """The analyses of this server: made in worker processes, kept in ``store``."""

    def __init__(self, store: AnalysisStore, workers: int, budget: int | None, limit: int) -> None:
        self.store = store
        self.budget = budget
        self.limit = limit
        self.jobs: dict[str, Job] = {}
        self._count = workers
        self._context = multiprocessing.get_context("spawn")
        #: The jobs for the workers and their reports, made once the first job comes.
        self._queue: Any = None
        self._reports: Any = None
        self._workers: dict[str, Any] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._reader: threading.Thread | None = None
        self._closed = False

    # -- asking ----------------------------------------------------------------------------

    async def status(self, table_id: str) -> dict[str, Any]:
        """``done`` with the analysis as stored, ``queued`` (with the jobs ``ahead``),
        ``running`` (steps ``done`` of ``total``), ``failed`` (with a ``message``), or
        ``none`` if nobody asked for it yet."""
        # The job is looked up before the store is read: one stored and let go while the
        # store is read is still seen (as running), never as an analysis nobody asked for.
        job = self.jobs.get(table_id)
        stored = await self.store.load(table_id, self.budget)
        if stored is not None:
            return {"status": "done", "analysis": stored}
        if job is None:
            return {"status": "none"}
        waiting = [j for j in self.jobs.values() if j.worker is None and j.failed is None]
        return job.to_json(waiting.index(job) if job in waiting else 0)

    async def start(self, table_id: str, record: Record) -> dict[str, Any]:
        """Queue the analysis of the finished game ``record`` unless it is stored, queued
        or running already (a failed one is tried again); its status."""
        found = await self.status(table_id)
        if found["status"] not in ("none", "failed"):
            return found
        if sum(job.failed is None for job in self.jobs.values()) >= self.limit:
            raise TableError(
                "analysis_busy", "too many analyses are waiting: ask again in a while", 503
            )
        self._start_workers()
        self.jobs[table_id] = Job(table_id)
        self._queue.put((table_id, record.to_json(), self.budget))
        return await self.status(table_id)

    # -- the workers -----------------------------------------------------------------------

    def _start_workers(self) -> None:
        if self._reader is None:
            self._queue = self._context.Queue()
            self._reports = self._context.Queue()
            self._loop = asyncio.get_running_loop()
            self._reader = threading.Thread(target=self._read, name="analyses", daemon=True)
            self._reader.start()
        while len(self._workers) < self._count:
            process = self._context.Process(
                target=work, args=(self._queue, self._reports), daemon=True
            )
            process.start()
            self._workers[process.name] = process

    def _read(self) -> None:
        """The reader thread: every report of the workers, and a look every second at
        whether each is alive."""
        while not self._closed:
            try:
                report = self._reports.get(timeout=WATCH_SECONDS)
            except queue.Empty:
                self._watch()
                continue
            if report is None:
                return
            kind, table, value = report
            job = self.jobs.get(table)
            if job is None:
                continue
            if kind == "start":
                job.worker = value
            elif kind == "step":
                job.done, job.total = value
            elif kind == "failed":
                log.error("table %s: the analysis failed: %s", table, value)
                job.failed = "the analysis failed: ask again"
            else:
                assert self._loop is not None
                asyncio.run_coroutine_threadsafe(self._keep(job, value), self._loop)

    def _watch(self) -> None:
        """A worker that died fails the job it was at, and is replaced."""
        for name, process in list(self._workers.items()):
            if process.is_alive() or self._closed:
                continue
            del self._workers[name]
            for job in self.jobs.values():
                if job.worker == name and job.failed is None:
                    log.error("table %s: the analysis's worker died", job.table)
                    job.failed = "the analysis stopped unexpectedly: ask again"
            assert self._loop is not None
            self._loop.call_soon_threadsafe(self._start_workers)

    async def _keep(self, job: Job, result: dict[str, Any]) -> None:
        try:
            await self.store.save(job.table, result)
        except Exception:
            log.exception("table %s: storing the analysis failed", job.table)
            job.failed = "the analysis could not be stored: ask again"
            return
        if self.jobs.get(job.table) is job:
            del self.jobs[job.table]

    def close(self) -> None:
        """Stop the workers (an analysis under way is dropped) and the reader."""
        self._closed = True
        for process in self._workers.values():
            process.terminate()
        for process in self._workers.values():
            process.join(5)
        self._workers.clear()
        if self._reader is not None:
            self._reports.put(None)
            self._reader.join(5)
            for channel in (self._queue, self._reports):
                channel.close()
                channel.join_thread()
            # Dropped now, their semaphores are released now: the server may end by its
            # signal (uvicorn raises it again) without running the exit handlers.
            self._queue = self._reports = None
