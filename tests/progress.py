"""Waiting for something of many steps (a whole game): the wait fails when the steps stop
coming, never because they come slowly. A loaded machine plays the same game more slowly,
and a test's result must not depend on the machine's pace."""

from __future__ import annotations

import time
from collections.abc import Hashable

#: Seconds without a step after which the thing waited for counts as stalled.
STALL = 60.0


class Progress:
    """``check(mark)`` at every look: a new ``mark`` is a step. Fails once the mark has
    stayed the same for ``stall`` seconds."""

    def __init__(self, what: str, stall: float = STALL) -> None:
        self.what = what
        self.stall = stall
        self.mark: Hashable = object()
        self.since = time.monotonic()

    def check(self, mark: Hashable) -> None:
        now = time.monotonic()
        if mark != self.mark:
            self.mark, self.since = mark, now
        assert now - self.since < self.stall, f"{self.what} stalled at {mark!r}"
