"""Python's cyclic garbage collector, set for a server process (`warband serve` and
its rules workers).

With Python's defaults (thresholds 700, 10, 10) a server with 1,000 matches and 3,000
connections stood still for a full collection of its ~460,000 tracked objects (280-370
ms) every 5-10 s, and for a middle-generation collection (8-11 ms) every second: the
first alone put the p99 of command -> ack at ~290 ms. Two causes, both of a server's
making: every connection's pending reads and writes (coroutines, futures) are made anew
for each message and live until the next one, seconds later, so they survive the young
collections and push objects into the oldest generation, which triggers full
collections; and the oldest generation holds everything start-up made (modules, the
rules' tables, SQLAlchemy's metadata), walked again by every full collection.

So: what exists once the server has started is frozen (`gc.freeze`: never collected,
never walked), and the older generations are collected far less often. Objects are
still freed by reference counting the moment they are unused; only garbage in
reference cycles waits longer for its collection (bounded: the middle generation is
collected after `threshold1` young collections, about every `threshold1` / 10 seconds
under load), and frozen objects are never collected: cycles among what existed at start
(the matches resumed then, once they end) stay, a bounded amount. `bench/load.py` prints
the pauses (warband_gc_pause_seconds). Measured at 1,000 matches, 1,000 spectators and
~480 commands/s (bench/load.py --think 2): full collections gone from the window, a
middle-generation pause of 50-65 ms every ~10 s instead of 8-11 ms every second plus
280-370 ms every 5-10 s; p99 command -> ack, server side, 160-198 ms -> 24-46 ms
together with the commit's own connections (server/store/store.py).

WARBAND_GC_THRESHOLDS overrides the thresholds ("700,10,10": Python's defaults;
"off": leave the collector exactly as Python sets it, nothing frozen).
"""

from __future__ import annotations

import gc
import os

from server.config import ConfigError

THRESHOLDS = (700, 100, 100)


def thresholds() -> tuple[int, int, int] | None:
    """The thresholds to use; None: leave Python's collector alone."""
    spec = os.environ.get("WARBAND_GC_THRESHOLDS", "").strip()
    if spec == "off":
        return None
    if not spec:
        return THRESHOLDS
    try:
        first, second, third = (int(part) for part in spec.split(","))
    except ValueError:
        raise ConfigError(f"WARBAND_GC_THRESHOLDS must be three numbers (\"700,100,100\") "
                         f"or \"off\", not {spec!r}") from None
    return first, second, third


def tune() -> None:
    """Freeze what exists now and set the thresholds (call once start-up is done)."""
    chosen = thresholds()
    if chosen is None:
        return
    gc.collect()  # (what start-up left as garbage is not frozen with the rest)
    gc.freeze()
    gc.set_threshold(*chosen)
