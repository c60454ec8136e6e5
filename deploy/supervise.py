#!/usr/bin/env python3
"""Run the whole site on one host without systemd: Caddy (HTTPS) in front of several
``wuerfelwerk serve`` processes sharing one PostgreSQL database.

    WUERFELWERK_DATABASE_URL=postgresql://... python3 deploy/supervise.py \\
        --site games.example.org --tls admin@example.org --data /var/lib/wuerfelwerk

A process that exits is started again (after a pause that grows while it keeps dying
young); SIGTERM or Ctrl-C stops them all. Each process brings the database's schema up
to date before it listens (Alembic; several at once take turns). Caddy reads
``deploy/Caddyfile`` with its values from here, keeps its certificates and
configuration under ``--data``, and answers its admin API on loopback only. Only the
standard library is needed, so any ``python3`` runs this.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

HERE = Path(__file__).resolve().parent
#: A child that lived shorter than this died young: the next start waits longer.
YOUNG = 10.0
PAUSES = (1.0, 2.0, 5.0, 10.0, 30.0)
#: Seconds the children get to stop after SIGTERM before they are killed.
STOP_SECONDS = 15.0


@dataclass
class Child:
    """A program this supervisor keeps running."""

    name: str
    command: list[str]
    env: dict[str, str]
    process: subprocess.Popen[bytes] | None = None
    started: float = 0.0
    failures: int = 0
    next_start: float = 0.0

    def start(self) -> None:
        self.process = subprocess.Popen(self.command, env=self.env)
        self.started = time.monotonic()
        say(f"{self.name} pid {self.process.pid}")

    def check(self, now: float) -> None:
        """Start the child again once it has exited and its pause is over."""
        if self.process is not None:
            status = self.process.poll()
            if status is None:
                return
            young = now - self.started < YOUNG
            self.failures = self.failures + 1 if young else 0
            pause = PAUSES[min(self.failures, len(PAUSES) - 1)] if young else PAUSES[0]
            say(f"{self.name} exited with status {status}; starting again in {pause:g} s")
            self.process = None
            self.next_start = now + pause
        if now >= self.next_start:
            self.start()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()

    def wait(self, deadline: float) -> None:
        if self.process is None:
            return
        try:
            self.process.wait(max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def say(line: str) -> None:
    print(f"supervise: {line}", flush=True)


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", default="localhost", help="the site's host name")
    parser.add_argument(
        "--tls", default="internal", help="'internal' (Caddy's own authority) or an e-mail"
    )
    parser.add_argument(
        "--ports", default="8001,8002", help="the server processes' ports on 127.0.0.1"
    )
    parser.add_argument("--http-port", type=int, default=80)
    parser.add_argument("--https-port", type=int, default=443)
    parser.add_argument("--admin", default="localhost:2019", help="Caddy's admin, loopback")
    parser.add_argument(
        "--data", type=Path, default=Path("/var/lib/wuerfelwerk"), help="Caddy's folder"
    )
    parser.add_argument("--db", help="PostgreSQL URL (default: WUERFELWERK_DATABASE_URL)")
    parser.add_argument("--caddy", default="caddy", help="the caddy program")
    parser.add_argument(
        "--wuerfelwerk",
        default=str(Path(sys.executable).parent / "wuerfelwerk"),
        help="the wuerfelwerk program (default: beside this Python)",
    )
    parser.add_argument("--caddyfile", type=Path, default=HERE / "Caddyfile")
    parsed = parser.parse_args(argv)
    parsed.db = parsed.db or os.environ.get("WUERFELWERK_DATABASE_URL")
    if not parsed.db or not parsed.db.startswith(("postgresql", "postgres:")):
        parser.error("the processes share a PostgreSQL database: give --db or set it in env")
    try:
        parsed.ports = [int(port) for port in parsed.ports.split(",")]
    except ValueError:
        parser.error(f"--ports {parsed.ports!r}: write the ports with commas, 8001,8002")
    for program in (parsed.caddy, parsed.wuerfelwerk):
        if shutil.which(program) is None:
            parser.error(f"{program} is not an executable program")
    return parsed


def children(given: argparse.Namespace) -> list[Child]:
    env = dict(os.environ)
    ports: list[int] = given.ports
    serve = [given.wuerfelwerk, "serve", "--host", "127.0.0.1", "--log-level", "warning"]
    servers = [
        Child(
            f"serve 127.0.0.1:{port}",
            [*serve, "--port", str(port)],
            {**env, "WUERFELWERK_DATABASE_URL": given.db, "WUERFELWERK_CLUSTER": "true"},
        )
        for port in ports
    ]
    data: Path = given.data.resolve()
    caddy_env = {
        **env,
        "WUERFELWERK_SITE": given.site,
        "WUERFELWERK_TLS": given.tls,
        "WUERFELWERK_UPSTREAMS": " ".join(f"127.0.0.1:{port}" for port in ports),
        "WUERFELWERK_HTTP_PORT": str(given.http_port),
        "WUERFELWERK_HTTPS_PORT": str(given.https_port),
        "WUERFELWERK_CADDY_ADMIN": given.admin,
        "WUERFELWERK_CADDY_DATA": str(data / "caddy"),
        # Caddy's own files (the configuration it saves) stay in the data folder too.
        "XDG_CONFIG_HOME": str(data / "config"),
        "XDG_DATA_HOME": str(data / "data"),
    }
    caddy = Child(
        "caddy",
        [given.caddy, "run", "--config", str(given.caddyfile), "--adapter", "caddyfile"],
        caddy_env,
    )
    return [*servers, caddy]


def main(argv: list[str] | None = None) -> int:
    given = arguments(argv)
    given.data.mkdir(parents=True, exist_ok=True)
    running = children(given)
    stopping: list[int] = []

    def stop(signum: int, _frame: FrameType | None) -> None:
        stopping.append(signum)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for child in running:
        child.start()
    say(f"https://{given.site}:{given.https_port}/ in front of {len(given.ports)} processes")
    while not stopping:
        now = time.monotonic()
        for child in running:
            child.check(now)
        time.sleep(0.2)
    say("stopping")
    for child in running:
        child.stop()
    deadline = time.monotonic() + STOP_SECONDS
    for child in running:
        child.wait(deadline)
    return 0


if __name__ == "__main__":
    sys.exit(main())
