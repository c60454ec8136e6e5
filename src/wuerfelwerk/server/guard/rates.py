"""Rate limits: how often one sender may do one thing, and the refusal past it.

A rate is one or more windows in the ``limits`` notation (``5 per 10 seconds; 20 per
minute``): the short one allows a burst, the long one the pace. Each window is a moving
window (the ``limits`` library's strategy): a request counts if fewer than the window's
amount were counted in the time before it. A refused request is not counted.
"""

from __future__ import annotations

import math
import time

from limits import RateLimitItem, parse_many
from limits.aio.storage import Storage
from limits.aio.strategies import MovingWindowRateLimiter

from ..errors import TableError


class LimitError(TableError):
    """A refusal past a limit (HTTP 429): nothing was done; ``retry_after`` seconds
    from now it may go through."""

    def __init__(self, code: str, message: str, retry_after: int) -> None:
        super().__init__(code, message, 429)
        self.retry_after = retry_after


def window(item: RateLimitItem) -> str:
    """``per 10 seconds``, ``per minute``."""
    unit = item.GRANULARITY.name
    return f"per {unit}" if item.multiples == 1 else f"per {item.multiples} {unit}s"


class Rate:
    """A rate limit of one kind of request: its windows, the code and words of the
    refusal (``what`` counts them: "chat lines")."""

    def __init__(self, name: str, spec: str, storage: Storage, code: str, what: str) -> None:
        self.name = name
        self.items = parse_many(spec)
        self.limiter = MovingWindowRateLimiter(storage)
        self.code = code
        self.what = what

    async def hit(self, *whose: str) -> None:
        """Count one request of ``whose`` (the sender's keys); ``LimitError`` if one of
        the windows is full."""
        for item in self.items:
            if not await self.limiter.hit(item, self.name, *whose):
                stats = await self.limiter.get_window_stats(item, self.name, *whose)
                wait = max(1, math.ceil(stats.reset_time - time.time()))
                raise LimitError(
                    self.code,
                    f"too many {self.what}: at most {item.amount} {window(item)}; "
                    f"try again in {wait} s",
                    wait,
                )

    async def clear(self, *whose: str) -> None:
        for item in self.items:
            await self.limiter.clear(item, self.name, *whose)
