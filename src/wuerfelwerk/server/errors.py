"""``TableError``: a refused request, sent to the one client that made it."""

from __future__ import annotations

from typing import Any


class TableError(Exception):
    """A refusal with a machine-readable ``code``, a one-line ``message`` and an HTTP status.

    Nothing has changed when one is raised; over WebSocket it becomes
    ``{"type": "error", "code", "message"}`` to that connection only.
    """

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status

    def to_json(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": self.message}


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """For the OpenAPI docs: the statuses a route refuses with, each a ``TableError``."""
    shape = {"description": '`{"type": "error", "code", "message"}`'}
    return {status: shape for status in statuses}
