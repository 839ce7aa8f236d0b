"""The clocks of a timed match in the terminal (docs/protocol.md, Clocks): the last
prompt's milliseconds left, counted down for the running seats until the next one."""

from __future__ import annotations

import time
from dataclasses import dataclass


def clock_words(millis: float) -> str:
    """'12:05', '1:02:03', '0:07.3' under ten seconds, '2 days 3 h' by correspondence."""
    total = max(0, int(millis))
    if total >= 86_400_000:
        days, hours = total // 86_400_000, total % 86_400_000 // 3_600_000
        return f"{days} day{'s' if days != 1 else ''} {hours} h"
    seconds = total // 1000
    hours, minutes, secs = seconds // 3600, seconds % 3600 // 60, seconds % 60
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    if total < 10_000:
        return f"{minutes}:{secs:02d}.{total % 1000 // 100}"
    return f"{minutes}:{secs:02d}"


def low(millis: float, control: dict) -> bool:
    if control.get("kind") == "correspondence":
        return millis < 3_600_000
    return millis < min(30_000, max(5_000, control.get("initial", 0) * 100))


@dataclass
class Clocks:
    clock: dict  # a prompt's `clock`
    at: float  # when it came (time.monotonic)
    stopped: bool = False  # the match ended: nothing runs

    @classmethod
    def of(cls, clock: dict) -> Clocks:
        return cls(clock, time.monotonic())

    def left(self, now: float | None = None) -> dict[str, float]:
        elapsed = ((time.monotonic() if now is None else now) - self.at) * 1000
        running = () if self.stopped else self.clock.get("running", ())
        return {seat: max(0.0, ms - elapsed) if seat in running else ms
                for seat, ms in self.clock.get("left", {}).items()}

    def claimable(self, seat: str | None, now: float | None = None) -> bool:
        """Whether `seat` may claim the win: no `auto`, and another seat at zero."""
        if seat is None or self.stopped or self.clock.get("control", {}).get("auto", True):
            return False
        return any(s != seat and ms <= 0 for s, ms in self.left(now).items())

    def words(self, name, now: float | None = None) -> str:
        """'Clock: Ann 4:58 > | Bob 5:00' (> runs, ! low, OUT at zero)."""
        control = self.clock.get("control", {})
        running = () if self.stopped else self.clock.get("running", ())
        parts = []
        for seat, ms in sorted(self.left(now).items()):
            mark = " OUT" if ms <= 0 else " !" if low(ms, control) else ""
            parts.append(f"{name(seat)} {clock_words(ms)}{' >' if seat in running else ''}"
                         f"{mark}")
        return "Clock: " + " | ".join(parts)
