"""The optional compiled build: ``WUERFELWERK_COMPILE=1 pip install .``.

With ``WUERFELWERK_COMPILE=1`` the wheel also holds ``core/`` and ``games/`` compiled by
mypyc from the same Python source (they are ``mypy --strict`` already), as extension
modules beside the ``.py`` files; Python imports an extension module before a source
file of the same name. This needs a C compiler. Without the switch the package is pure
Python and needs none. Modules matching a pattern of ``INTERPRETED`` stay Python.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from fnmatch import fnmatch
from importlib import metadata
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SWITCH = "WUERFELWERK_COMPILE"
PACKAGE = Path("src") / "wuerfelwerk"
COMPILED = ("core", "games")
#: Modules that stay Python, as patterns of their paths in the package: every game's
#: description (``games/<name>/game.py``: options, action ids, text), off the hot path,
#: and the ``Game`` base. ``Game`` is an ``ABC``, which makes a compiled class a heap
#: type whose deallocation mypyc gets wrong, and a compiled dataclass keeps no
#: ``int | None`` in its annotations, by which options are read. ``core/native.py``
#: gives the pure build lists where compiled code has vectors of machine integers.
INTERPRETED = ("core/game.py", "core/native.py", "games/*/game.py")


def interpreted(module: str) -> bool:
    """Whether ``module`` (a path in the package, ``games/malefiz/game.py``) stays Python."""
    return any(fnmatch(module, pattern) for pattern in INTERPRETED)


SETUP = """
import sys
from mypyc.build import mypycify
from setuptools import setup

setup(name="wuerfelwerk-compiled", ext_modules=mypycify(sys.argv[3:], opt_level="3"),
      script_args=["build_ext", "--build-lib", sys.argv[1], "--build-temp", sys.argv[2]])
"""


def compiling() -> bool:
    return os.environ.get(SWITCH, "") not in ("", "0")


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        return ["mypy>=2.4,<3", "setuptools>=68"] if compiling() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or not compiling():
            return
        if version == "editable":
            raise RuntimeError(
                f"{SWITCH}=1 builds a compiled wheel, which an editable install cannot "
                "hold: install with 'pip install .' instead"
            )
        self.work = Path(tempfile.mkdtemp(prefix="wuerfelwerk-mypyc-"))
        source = self.work / "src"
        shutil.copytree(Path(self.root) / PACKAGE, source / "wuerfelwerk")
        modules = sorted(
            str(path.relative_to(source))
            for folder in COMPILED
            for path in (source / "wuerfelwerk" / folder).rglob("*.py")
            if not interpreted(path.relative_to(source / "wuerfelwerk").as_posix())
        )
        built = self.work / "lib"
        try:
            subprocess.run(
                [sys.executable, "-c", SETUP, str(built), str(self.work / "tmp"), *modules],
                cwd=source,
                check=True,
            )
        except BaseException:
            # A failed build gets no finalize(): its copy of the sources goes here.
            shutil.rmtree(self.work, ignore_errors=True)
            raise
        for extension in built.rglob("*.so"):
            build_data["force_include"][str(extension)] = str(extension.relative_to(built))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        # Compiled code keeps its vectors (``core/native.py``) in mypyc's runtime library,
        # which must be the version it was compiled against.
        build_data["dependencies"].append(f"librt=={metadata.version('librt')}")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
