"""``HashedFeatures``: a tensor for any game, from its observation JSON alone.

Every leaf of the observation becomes one feature, ``path=value`` (list positions
included in the path), hashed into a fixed number of buckets set to 1. It loses some
information to collisions and knows nothing of the board, so a game gets planes of its
own module as soon as it can; until then, every registered game can be trained on.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np

from . import Tensor

BUCKETS = 2048


class HashedFeatures(Tensor):
    planes = ("features",)
    shape = (1, BUCKETS)
    axes = "hashed buckets"

    def fill(self, observation: Mapping[str, Any], out: np.ndarray) -> None:
        row = out[0]
        for feature in _leaves(observation, ""):
            row[zlib.crc32(feature.encode()) % BUCKETS] = 1.0


def _leaves(value: Any, path: str) -> Iterator[str]:
    if isinstance(value, Mapping):
        for key, item in value.items():
            yield from _leaves(item, f"{path}/{key}")
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from _leaves(item, f"{path}/{index}")
    else:
        yield f"{path}={value}"
