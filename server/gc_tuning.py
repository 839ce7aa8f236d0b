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
never walked), and the oldest generation is collected far less often. What every match
will share is built first, to be frozen with the rest (`registry.warm_systems`: for SBH
the default table's neighbours, lines of sight and move rays, ~17,000 objects that
matches otherwise drew as they played). Objects are still
freed by reference counting the moment they are unused; only garbage in reference cycles
waits longer for its collection (bounded: the oldest generation is collected after
`threshold2` middle ones), and frozen objects are never collected: cycles among what
existed at start (the matches resumed then, once they end) stay, a bounded amount.
`bench/load.py` prints the pauses (warband_gc_pause_seconds). Measured at 1,000 matches,
1,000 spectators and ~480 commands/s (bench/load.py --think 2), with threshold1 = 100
then: full collections gone from the window, a middle-generation pause of 50-65 ms every
~10 s instead of 8-11 ms every second plus 280-370 ms every 5-10 s; p99 command -> ack,
server side, 160-198 ms -> 24-46 ms together with the commit's own connections
(server/store/store.py).

The middle generation is collected at Python's pace (every 10 young collections): a
middle collection walks everything that survived the young ones since the last, so
collecting it ten times less often (threshold1 = 100, as first tuned) made each pause
ten times longer: 75-77 ms every ~25 s at 1,000 matches, 1,000 spectators and ~100
commands/s (--think 10), the slowest commands of the window. At (700, 10, 1000): 13 ms
pauses every ~3 s, the server's p99 26.3-26.8 -> 21.3-22.9 ms and the client's 47-61 ->
34 ms in two alternating pairs, CPU a command unchanged. Shorter again at (700, 3, 3000),
a middle collection every 3 young ones: at 500 matches, 500 spectators and ~240
commands/s (--think 2) its pauses were 5.4-5.6 ms (p99 13-14 ms) in two runs against 9.0
ms (p99 18.9 ms) at (700, 10, 1000), about as much time in all (0.5-0.7% against 0.4%).
threshold2 = 3000 keeps full collections as rare in time as before (every ~3,000 middle
ones).

WARBAND_GC_THRESHOLDS overrides the thresholds ("700,10,10": Python's defaults;
"off": leave the collector exactly as Python sets it, nothing frozen).
"""

from __future__ import annotations

import contextlib
import gc
import os
import time
from collections import Counter

from server.config import ConfigError

THRESHOLDS = (700, 3, 3000)


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
        raise ConfigError(f"WARBAND_GC_THRESHOLDS must be three numbers (\"700,3,3000\") "
                         f"or \"off\", not {spec!r}") from None
    return first, second, third


@contextlib.contextmanager
def building_for_good():
    """While the server builds what will live as long as it runs (the hub's warmer
    loading every match resumed asleep): the collector is off, and what was built is
    frozen after, as start-up's is (`tune`). Collecting meanwhile walked the growing
    heap again and again: 10,000 matches loaded in half the time without. Nothing
    changes where the collector is left alone (WARBAND_GC_THRESHOLDS=off)."""
    collecting = stop_collecting()
    try:
        yield
    finally:
        if collecting:
            collect_and_freeze()


def stop_collecting() -> bool:
    """The start of `building_for_good` (for a builder that ends it later itself):
    whether the collector was turned off, and `collect_and_freeze` is to end it."""
    if thresholds() is None or not gc.isenabled():
        return False
    gc.disable()
    return True


def collect_and_freeze() -> None:
    """The end of `building_for_good`."""
    gc.enable()
    gc.collect()  # (garbage made meanwhile is not frozen with the rest)
    gc.freeze()


def report(top: int = 8) -> str:
    """What a full collection walks now and what it finds, by type, and how long it
    takes: one line for the log (`kill -USR1` a server; bench/load.py asks at the end
    of its window). It walks every tracked object and runs that full collection,
    keeping what it finds unreachable to count it before freeing it: a pause of its
    own, for a diagnosis, not a metric."""
    counts = "/".join(map(str, gc.get_count()))
    tracked = gc.get_objects()
    by_type = Counter(type(obj).__name__ for obj in tracked)
    del tracked
    flags = gc.get_debug()
    gc.set_debug(flags | gc.DEBUG_SAVEALL)
    started = time.perf_counter()
    try:
        gc.collect()
    finally:
        gc.set_debug(flags)
    walked = time.perf_counter()
    garbage = Counter(type(obj).__name__ for obj in gc.garbage)
    gc.garbage.clear()
    freed = time.perf_counter()

    def listed(counter: Counter) -> str:
        return ", ".join(f"{name} {n}" for name, n in counter.most_common(top))
    return (f"gc: {sum(by_type.values())} tracked objects (young/middle/old counts {counts}), "
            f"{gc.get_freeze_count()} frozen; a full collection walked them in "
            f"{(walked - started) * 1000:.1f} ms and found {sum(garbage.values())} unreachable, "
            f"freed in {(freed - walked) * 1000:.1f} ms; tracked by type: {listed(by_type)}; "
            f"unreachable by type: {listed(garbage)}")


def tune() -> None:
    """Freeze what exists now and set the thresholds (call once start-up is done)."""
    chosen = thresholds()
    if chosen is None:
        return
    gc.collect()  # (what start-up left as garbage is not frozen with the rest)
    gc.freeze()
    gc.set_threshold(*chosen)
