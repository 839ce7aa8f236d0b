"""The clocks of one match: how much time each seat has left, and whose runs.

A seat's clock runs while the rules wait for it (the prompt's `waiting`): in SBH the
active seat's during its turn, the other seat's while it answers a question put to
it mid-turn (recoil, free hack, flight, intercept: the active seat's clock is paused
then, as FFB pauses the turn timer during the opponent's dialog), and both during
set-up steps both answer at once (the lists). Set-up spends the same clock as play.

Times are seconds on the actor's monotonic clock, passed in, so a test drives the
arithmetic without waiting. What the store keeps (`record`) is each seat's time left
after a command; a match loaded again starts its running clocks from the moment it is
loaded, so a server that was down charges no one for the downtime (lichess does the
same after a restart)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from server.clocks.control import TimeControl

# A command's lag credit: up to this much of the time since the clock started is given
# back, bounded by the connection's measured round trip (websocket ping), so a player
# on a slow line is not robbed and no one gains more than this a decision.
LAG_CREDIT_MAX = 0.5


@dataclass(slots=True)
class Clock:
    control: TimeControl
    left: dict[str, float]  # seat -> seconds left when its clock last stopped or started
    running: dict[str, float] = field(default_factory=dict)  # seat -> started at (now)

    @classmethod
    def fresh(cls, control: TimeControl, seats: Iterable[str]) -> Clock:
        start = control.initial if control.kind == "live" else control.per_decision
        return cls(control, {seat: start for seat in seats})

    @classmethod
    def from_record(cls, control: TimeControl, seats: Iterable[str],
                    record: dict | None) -> Clock:
        """The clocks as a command left them (`record`), or fresh ones."""
        clock = cls.fresh(control, seats)
        for seat, millis in ((record or {}).get("left") or {}).items():
            if seat in clock.left:
                clock.left[seat] = millis / 1000
        return clock

    def copy(self) -> Clock:
        return Clock(self.control, dict(self.left), dict(self.running))

    # -- reading -------------------------------------------------------------------
    def time_left(self, seat: str, now: float) -> float:
        since = self.running.get(seat)
        return self.left[seat] - (now - since if since is not None else 0.0)

    def flagged(self, now: float) -> list[str]:
        """The running seats whose time has run out."""
        return sorted(seat for seat in self.running if self.time_left(seat, now) <= 0)

    def next_flag(self) -> float | None:
        """When the first running clock reaches zero (on the same clock as `now`)."""
        return min((since + self.left[seat] for seat, since in self.running.items()),
                   default=None)

    def record(self) -> dict:
        """What the store keeps with a command: milliseconds left for each seat (as of
        when the command was made: a running clock goes on from there)."""
        return {"left": {seat: round(seconds * 1000) for seat, seconds in self.left.items()}}

    def to_wire(self, now: float) -> dict:
        """For players and spectators: each seat's milliseconds left right now, and
        whose clocks run (a client counts those down itself until the next push)."""
        return {"control": self.control.to_wire(),
                "left": {seat: max(0, round(self.time_left(seat, now) * 1000))
                         for seat in sorted(self.left)},
                "running": sorted(self.running)}

    # -- changing ------------------------------------------------------------------
    def wait_for(self, waiting: Iterable[str], now: float) -> None:
        """The rules now wait for `waiting`: their clocks run (a correspondence deadline
        starts afresh), the others' stop where they are."""
        waiting = set(waiting) & set(self.left)
        for seat in list(self.running):
            if seat not in waiting:
                self._stop(seat, now)
        for seat in sorted(waiting - set(self.running)):
            if self.control.kind == "correspondence":
                self.left[seat] = self.control.per_decision
            self.running[seat] = now

    def charge(self, seat: str, now: float, lag: float = 0.0) -> float:
        """`seat` has just acted: its clock stops at `now`, less a lag credit of at most
        LAG_CREDIT_MAX and `lag` (its connection's round trip), never giving back more
        than it spent. Returns the credit given."""
        since = self.running.get(seat)
        if since is None:
            return 0.0
        credit = min(max(0.0, lag), LAG_CREDIT_MAX, max(0.0, now - since))
        self.left[seat] -= now - since - credit
        del self.running[seat]
        return credit

    def turn_ended(self, seat: str) -> None:
        """Live: the increment, when the rules stop waiting for `seat` after it acted."""
        if self.control.kind == "live":
            self.left[seat] += self.control.increment

    def _stop(self, seat: str, now: float) -> None:
        self.left[seat] -= now - self.running.pop(seat)
