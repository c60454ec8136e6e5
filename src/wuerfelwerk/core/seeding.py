"""Seeded randomness: every game, seat and agent gets its own reproducible stream."""

from __future__ import annotations

import hashlib


def derive_seed(seed: int | None, *path: int | str) -> int:
    """A 63-bit seed derived from ``seed`` and a path (game index, seat, ...).

    Stable across processes and Python versions (unlike ``hash``), so a simulation
    gives the same games whatever the number of worker processes.
    """
    text = "/".join(str(part) for part in (seed, *path))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1
