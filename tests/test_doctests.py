"""The examples in the package's docstrings run with the suite (``--doctest-modules``
over ``src/wuerfelwerk``, set in pyproject.toml), and importing any module to collect
them has no side effect: nothing written, no optional extra missing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

IMPORT_EVERY_MODULE = """
import importlib, pkgutil, wuerfelwerk
for module in pkgutil.walk_packages(wuerfelwerk.__path__, "wuerfelwerk."):
    if module.name.endswith(".__main__") or ".migrations" in module.name:
        continue  # the command itself, and Alembic's scripts: run, not imported
    importlib.import_module(module.name)
"""


def test_every_module_imports_without_side_effects(tmp_path: Path) -> None:
    homes = {name: tmp_path / name for name in ("home", "data", "config", "cache", "work")}
    for path in homes.values():
        path.mkdir()
    env = {
        **os.environ,
        "HOME": str(homes["home"]),
        "XDG_DATA_HOME": str(homes["data"]),
        "XDG_CONFIG_HOME": str(homes["config"]),
        "XDG_CACHE_HOME": str(homes["cache"]),
        "MPLCONFIGDIR": str(homes["cache"] / "matplotlib"),
    }
    result = subprocess.run(
        [sys.executable, "-c", IMPORT_EVERY_MODULE],
        cwd=homes["work"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    written = [str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file()]
    assert written == [], "importing a module wrote files"


EXAMPLES = {
    "src/wuerfelwerk/__init__.py": "wuerfelwerk",
    "src/wuerfelwerk/agents/spec.py": "wuerfelwerk.agents.spec",
    "src/wuerfelwerk/sim/elo.py": "wuerfelwerk.sim.elo",
}


def test_the_doctests_are_collected() -> None:
    """With the project's settings, pytest finds the examples in modules' docstrings."""
    command = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"]
    result = subprocess.run(
        [*command, *EXAMPLES],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    collected = set(result.stdout.split())
    assert {f"{path}::{name}" for path, name in EXAMPLES.items()} <= collected
