"""The garbage collector set for a process that holds many tables for a long time.

Python's collector walks its youngest objects every 700 allocations and, now and then,
every object of the process. A server with a thousand tables holds about 400,000
objects of its own, and a full walk of them stalls every table for tens to hundreds of
milliseconds, often enough to set the slowest percent of the moves
(``wuerfelwerk bench server``; docs/speed.md). Settled:

- what is alive once the server has started (modules, the application, the database's
  machinery) is frozen: no collection walks it again;
- the youngest objects are collected every 50,000 allocations instead of 700. What a
  connection's waiting makes anew with every message (coroutines, futures; they live
  about as long as a player thinks) then dies young, freed by its reference counts,
  instead of reaching the oldest generation and making a full walk due every few
  seconds.

Reference cycles are still collected, only less often: memory held by garbage stays
bounded by the allocations between two collections.
"""

from __future__ import annotations

import gc

#: Allocations between two collections of the youngest objects (Python's default: 700).
YOUNG = 50_000
#: Young collections between two of the middle generation, and middle ones between two
#: full walks (Python's defaults: 10 and 10; a full walk also waits until the objects
#: that survived the middle generation are a quarter of the oldest).
MIDDLE = 20
OLD = 10


def settle() -> None:
    """Collect what is garbage now, freeze what is left and space the collections out."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLD)
