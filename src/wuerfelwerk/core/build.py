"""Which build of the engine runs: ``compiled`` (mypyc extension modules, see
``hatch_build.py``) or ``pure`` (the Python source as it is)."""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from typing import Literal

from . import state


def build_name() -> Literal["compiled", "pure"]:
    """``"compiled"`` where the engine's modules are extension modules, else ``"pure"``.

    >>> build_name() in ("compiled", "pure")
    True
    """
    return "compiled" if state.__file__.endswith(tuple(EXTENSION_SUFFIXES)) else "pure"
