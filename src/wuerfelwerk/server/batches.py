"""Work queued by many tasks, taken in batches by one: what is waiting goes together."""

from __future__ import annotations

import asyncio
from typing import TypeVar

T = TypeVar("T")


async def next_batch(queue: asyncio.Queue[T | None], limit: int) -> list[T]:
    """Wait for an item, then take what else is waiting, up to ``limit`` items; ``[]``
    once ``None`` (the end) comes first. ``None`` after an item stays for the next call."""
    first = await queue.get()
    if first is None:
        return []
    batch = [first]
    while len(batch) < limit and not queue.empty():
        item = queue.get_nowait()
        if item is None:
            queue.put_nowait(None)
            break
        batch.append(item)
    return batch
