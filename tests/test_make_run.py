"""``make run``'s choice of build: the compiled engine where a C compiler is present and
its build gives a compiled engine, else the pure-Python package with one line that says
why. Building takes minutes of mypyc; ``make test`` runs this file on the pure package
(``pytest-rules``) and on the compiled build (``pytest-compiled``). Here the Makefile's
choice runs for real with this virtualenv (taken as installed) and a given build folder
(its build taken as done), up to a server answering ``GET /api/health``."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from wuerfelwerk.core import state
from wuerfelwerk.core.build import build_name
from wuerfelwerk.server.launch import START_TIMEOUT, free_port

ROOT = Path(__file__).resolve().parent.parent
VENV = Path(sys.prefix)


def make_run(compiled: Path, compiler: str, folder: Path) -> tuple[str, dict[str, Any]]:
    """What ``make run`` printed up to its server's first answer, and that answer."""
    port = free_port()
    command = [
        "make", "--no-print-directory", "-o", f"{VENV}/.installed", "-o", f"{compiled}/.installed",
        "run", f"VENV={VENV}", f"COMPILED={compiled}", f"PORT={port}",
    ]  # fmt: skip
    # As a user runs it: not inside this suite's build, nor inside `make test`'s own make.
    outside = {"PYTHONPATH", "MAKEFLAGS", "MFLAGS", "MAKELEVEL"}
    env = {key: value for key, value in os.environ.items() if key not in outside}
    env |= {"CC": compiler, "WUERFELWERK_DATABASE_URL": f"sqlite:///{folder}/site.db"}
    env["TMPDIR"] = str(folder / "tmp")  # where a build works: the test looks there after
    (folder / "tmp").mkdir()
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # make, its shell and the server: one group to stop
    )
    health: dict[str, Any] = {}
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while not health and process.poll() is None and time.monotonic() < deadline:
            try:
                health = httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1.0).json()
            except httpx.HTTPError:
                time.sleep(0.05)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
        try:
            output = process.communicate(timeout=60)[0]
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            output = process.communicate()[0]
    assert health, f"make run's server did not answer:\n{output}"
    return output, health


def test_without_a_c_compiler_make_run_serves_the_pure_build_and_says_so(tmp_path: Path) -> None:
    output, health = make_run(tmp_path / "compiled", "no-such-compiler", tmp_path)
    lines = output.splitlines()
    assert lines[0] == (
        "No C compiler found: serving the pure-Python build (slower; install gcc for the "
        "compiled one)."
    )
    assert lines[1].endswith("(pure build)")
    assert health["build"] == "pure"
    assert not (tmp_path / "compiled").exists()  # nothing was built


def test_with_a_c_compiler_make_run_serves_the_build_it_gets(tmp_path: Path) -> None:
    """On the compiled suite the build folder holds this suite's compiled build, and the
    site serves it; on the pure suite it holds no compiled engine, as after a failed
    build, and the site serves the pure build and says so."""
    compiled = tmp_path / "compiled"
    if build_name() == "compiled":
        shutil.copytree(Path(state.__file__).parents[2], compiled)
    else:
        compiled.mkdir()
    output, health = make_run(compiled, sys.executable, tmp_path)  # a program that exists
    assert health["build"] == build_name(), output
    failed = "The compiled build failed (see above): serving the pure-Python build instead."
    assert (failed in output.splitlines()) == (build_name() == "pure")
    assert f"({build_name()} build)" in output
    assert "No C compiler found" not in output
    # A failed build leaves no copy of the sources behind.
    assert not list((tmp_path / "tmp").glob("wuerfelwerk-mypyc-*"))
