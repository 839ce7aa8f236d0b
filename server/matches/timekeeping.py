"""A match's clocks, as its actor keeps them (server.clocks has the arithmetic).

A mixin of `MatchActor`: the clocks are charged as a command is applied and stored
with it (what each seat had left: a replay shows it, a restart resumes it), pushed to
players and spectators with each prompt, and watched by a timer on the event loop.
When a running clock reaches zero the match ends on time at once (`auto`), or the
opponent may claim it (`claim_timeout`); a match whose first decision is not made
within its limit is aborted, unrated. Ending on time is the system's own `concede`
by the seat whose time ran out, so the log and `replay verify` stay the rules' own;
only the result's reason says why."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from protocol.errors import ProtocolError
from server.clocks.clock import Clock
from server.clocks.control import NONE, TimeControl
from server.rules.kernel import Command
from server.store.store import pack, unpack

log = logging.getLogger("warband.match")


class Timekeeping:
    match_id: str
    seq: int
    over: bool
    result: dict | None
    command_count: int
    asked: Any
    system: Any
    mailbox: Any
    # (MatchActor provides _post, work no one waits for, and _apply: server.matches.commands;
    # Fanout _push_prompts)

    time_control: TimeControl = NONE
    clock: Clock | None = None
    aborted = False  # ended unplayed: no first decision in time (nothing rated)
    _clock_started = 0.0  # when the clocks first ran (loop time), for the first decision
    _flag_timer: asyncio.TimerHandle | None = None

    @staticmethod
    def _now() -> float:
        return asyncio.get_running_loop().time()

    def start_clock(self, record: bytes | None) -> None:
        """After the state is loaded (or the match starts): the clocks as the last
        command left them, running from now for whoever the rules wait for."""
        if not self.time_control.timed or self.over:
            return
        now = self._now()
        self.clock = Clock.from_record(self.time_control, self.system.seats,
                                       unpack(record) if record else None)
        self.clock.wait_for(self.asked.waiting, now)
        self._clock_started = now
        self._arm_flag()

    def clock_wire(self) -> dict | None:
        return self.clock.to_wire(self._now()) if self.clock is not None else None

    # -- around a command (MatchActor._apply) ----------------------------------------
    def _clock_before(self, seat: str, lag: float, forced: bool) -> tuple[Clock | None, bool]:
        """A copy of the clocks with `seat` charged up to now (the copy becomes the
        clocks once the command is stored), and whether its clock was running."""
        if self.clock is None:
            return None, False
        now = self._now()
        running = seat in self.clock.running
        if running and not forced and self.clock.time_left(seat, now) <= 0:
            raise ProtocolError("out_of_time")
        clock = self.clock.copy()
        clock.charge(seat, now, lag)
        return clock, running

    def _clock_after(self, clock: Clock | None, seat: str, was_running: bool,
                     waiting: tuple[str, ...], over: bool) -> bytes | None:
        """The clocks once the command is decided: the increment if `seat`'s turn
        ended, the clocks of whoever the rules wait for now running. What to store."""
        if clock is None:
            return None
        if was_running and seat not in waiting:
            clock.turn_ended(seat)
        clock.wait_for(() if over else waiting, self._now())
        return pack(clock.record())

    def _clock_stored(self, clock: Clock | None) -> None:
        if clock is not None:
            self.clock = clock
            self._arm_flag()

    # -- the timer ---------------------------------------------------------------------
    def _arm_flag(self) -> None:
        if self._flag_timer is not None:
            self._flag_timer.cancel()
            self._flag_timer = None
        if self.clock is None or self.over:
            return
        due = [t for t in (self.clock.next_flag(), self._abort_at()) if t is not None]
        if not due:
            return
        loop = asyncio.get_running_loop()
        self._flag_timer = loop.call_at(min(due) + 0.001, self._flag_due)

    def _abort_at(self) -> float | None:
        if self.command_count:
            return None
        return self._clock_started + self.time_control.first_decision_limit

    def _flag_due(self) -> None:
        self._flag_timer = None
        if not self.over:
            self._post("flag")

    async def _do_flag(self, queued: float = 0.0) -> None:
        """The timer fired: abort an unstarted match, end one on time (auto), or tell
        the players that a clock ran out so the opponent may claim."""
        if self.over or self.clock is None:
            return
        now = self._now()
        abort_at = self._abort_at()
        flagged = self.clock.flagged(now)
        # No one has decided anything yet: the match never started, whichever limit
        # falls first (a reserve shorter than the limit included)
        if abort_at is not None and (now >= abort_at or flagged):
            self.aborted, self.over = True, True
            self.result = {"winner": None, "reason": "aborted: the first decision was not "
                           "made in time"}
            log.info("match %s aborted: no first decision in time", self.match_id)
            return
        if not flagged:
            self._arm_flag()
            return
        if self.time_control.auto:
            await self._end_on_time(flagged[0], queued)
        else:  # the opponent may claim; tell everyone the clock is at zero
            self._push_prompts()

    async def _do_claim(self, seat: str, request_id: str, queued: float = 0.0) -> dict:
        if self.over:
            raise ProtocolError("match_finished")
        if self.clock is None:
            raise ProtocolError("untimed_match")
        out = [s for s in self.clock.flagged(self._now()) if s != seat]
        if not out:
            raise ProtocolError("not_out_of_time")
        return await self._end_on_time(out[0], queued)

    async def _end_on_time(self, seat: str, queued: float) -> dict:
        """`seat`'s time ran out: its concession, with the reason said."""
        answer = await self._apply(seat, f"time-ran-out:{seat}", Command(seat, "concede"),
                                   None, queued, forced=True)
        if self.result is not None:
            self.result = {**self.result, "reason": f"{seat} ran out of time"}
        return answer

    async def _do_adjudicate(self, result: dict, queued: float = 0.0) -> dict:
        """A hosted event decided this game (its round's time ran out, or a player did
        not show: server.tournaments.director). The match ends with `result` as it is;
        the log stops where play stopped, and the result's reason says why."""
        if self.over:
            raise ProtocolError("match_finished")
        self.over, self.result = True, result
        self._arm_flag()  # (over: the clock's timer goes)
        return result
