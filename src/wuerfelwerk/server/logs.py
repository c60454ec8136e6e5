"""The server's log keeps no seat token.

A page joins its seat with the token in the WebSocket address
(``/ws/tables/ID?token=...``), and uvicorn logs every accepted connection with its address
at level ``info``, ``make run``'s level. Whoever reads the log (a host's journal, a
backup of it) could take the seat over; the token is replaced before any handler sees it.
"""

from __future__ import annotations

import logging
import re

#: The loggers that name a request's address: uvicorn's WebSocket lines go to "error".
ADDRESS_LOGGERS = ("uvicorn.access", "uvicorn.error")

_TOKEN = re.compile(r"(token=)[^&\s\"']+")


def without_tokens(text: str) -> str:
    """``text`` with every ``token=`` value in it replaced by ``***``."""
    return _TOKEN.sub(r"\1***", text)


class WithoutTokens(logging.Filter):
    """Rewrites a record's message and arguments without the tokens they hold."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = without_tokens(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(
                without_tokens(arg) if isinstance(arg, str) else arg for arg in record.args
            )
        return True


def hide_tokens() -> None:
    """Keep the tokens out of uvicorn's address lines (once per process)."""
    for name in ADDRESS_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(each, WithoutTokens) for each in logger.filters):
            logger.addFilter(WithoutTokens())
