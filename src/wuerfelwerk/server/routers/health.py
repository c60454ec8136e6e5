"""``/api/health``: the server answers, and says which version and build it runs."""

from __future__ import annotations

from importlib import metadata
from typing import Literal

from fastapi import APIRouter
from pydantic import BaseModel

from ...core.build import build_name

router = APIRouter(prefix="/api", tags=["health"])


class Health(BaseModel):
    status: Literal["ok"]
    version: str
    #: ``compiled``: the engine compiled by mypyc; ``pure``: pure Python.
    build: Literal["compiled", "pure"]


@router.get("/health")
def health() -> Health:
    """``{"status": "ok", "version", "build"}``: the server's version, and whether its
    engine is the compiled build or pure Python."""
    return Health(status="ok", version=metadata.version("wuerfelwerk"), build=build_name())
