"""How a match's actor applies a command: a repeat answered from memory (or the
store), the rules asked, the events made durable, and only then the command
acknowledged and broadcast; and a command's exact odds before it is made.

A mixin of `MatchActor` (server.matches.actor), apart from it because this is the
path every move takes, read on its own when a command goes wrong.
"""

from __future__ import annotations

import logging
import time

from protocol.errors import ProtocolError
from server.matches.rules_pool import RulesLost
from server.rules.kernel import Command, Event, RulesError
from server.store.store import Append, CommandRow, EventRow, StaleOwner, pack

log = logging.getLogger("warband.match")

# Request ids answered from memory: a seat sends its commands one at a time (each acts
# on the newest prompt), so a repeat after a lost reply is one of its last few; an older
# one is found in the store (and refused by its unique key if applied again). 32 cost
# ~8 KiB a match, a sixth of the whole (bench/match_memory.py).
RECENT_REQUESTS = 8


class Commands:
    async def _do_command(self, seat: str, request_id: str, command: Command,
                          at_seq: int | None = None, queued: float = 0.0,
                          lag: float = 0.0) -> dict:
        remembered = self.recent.get((seat, request_id))
        if remembered is not None:
            return self._answer(*remembered)
        try:
            return await self._apply(seat, request_id, command, at_seq, queued, lag)
        except ProtocolError as refused:
            # A repeat from before our memory (say, sent again after a restart) is
            # refused now only because it was applied then: answer it as it was.
            try:
                earlier = await self.hub.store.command_by_request(self.match_id, seat,
                                                                  request_id)
            except Exception:  # (the store is down: the refusal stands, retryable or not)
                raise refused from None
            if earlier is None:
                raise
            return self._remember(seat, request_id, earlier.first_seq, earlier.last_seq)

    async def _apply(self, seat: str, request_id: str, command: Command,
                     at_seq: int | None, queued: float, lag: float = 0.0,
                     forced: bool = False, takeback_log: list | None = None) -> dict:
        """`lag`: the connection's round trip, bounding the clock's lag credit; `forced`:
        the server's own command (a concession on time), taken whatever the clock says;
        `takeback_log`: the command is a consented takeback, folded over this log (every
        event so far) instead of decided (server.matches.takebacks)."""
        if self.over:
            raise ProtocolError("match_finished")
        if at_seq is not None and not self.prompt_is_current(seat, at_seq):
            raise ProtocolError("stale_prompt", f"The match has moved on to seq {self.seq} "
                                f"since the prompt at seq {at_seq}; act on the newest prompt.",
                                details={"seq": self.seq})
        taking_back = takeback_log is not None
        clock, was_running = self._clock_before(seat, lag, forced or taking_back)
        was_running = was_running and not taking_back  # (no increment for a takeback)
        started = time.perf_counter()
        views = {s.seat for s in self.subscribers if s.views}
        try:
            outcome = await (self.rules.take_back(command, takeback_log, views) if taking_back
                             else self.rules.apply(command, views))
        except RulesError as refused:  # nothing changed
            raise _rules_problem(refused) from None
        except RulesLost:
            raise
        except Exception:  # the rules code failed: the state may be half-evolved
            await self._reload_or_mark()
            raise
        ruled = time.perf_counter()
        first = self.seq + 1
        rows = [EventRow(first + i, pack(wire), checksum)
                for i, (wire, checksum) in enumerate(zip(outcome.events, outcome.checksums,
                                                         strict=True))]
        if outcome.status.seq != first + len(rows) - 1:  # (never, unless the state drifted)
            log.error("match %s: the rules are at seq %d after events %d..%d; reloading",
                      self.match_id, outcome.status.seq, first, first + len(rows) - 1)
            await self._reload_or_mark()
            raise ProtocolError("internal_error")
        stored_clock = self._clock_after(clock, seat, was_running, outcome.status.asked.waiting,
                                         outcome.status.over)
        append = Append(self.match_id, CommandRow(
            self.command_count, seat, request_id, pack(command.to_wire()), first,
            first + len(rows) - 1, outcome.dice_position, stored_clock), rows,
            lease=self.hub.fence(self.match_id))
        try:
            await self.hub.committer.append(append)
        except StaleOwner:  # another node runs the match now: nothing was written
            self.hub.lost(self.match_id)
            raise ProtocolError("match_moved") from None
        except Exception as failure:  # (a repeated request id is a unique-key conflict)
            log.warning("append failed for match %s: %s", self.match_id, failure)
            await self._reload_or_mark()
            raise ProtocolError("store_unavailable") from None
        committed = time.perf_counter()
        self.command_count += 1
        self.takeback_request = None  # (a request lapses with any command)
        self.take(outcome.status)
        self._clock_stored(clock)
        self.prompt_since[seat] = self.seq  # (its earlier prompts are used up)
        # (the answer names exactly the rows just stored)
        result = self._remember(seat, request_id, first, first + len(rows) - 1)
        self.hub.metrics.events_appended.inc(len(rows))
        self._broadcast([Event.from_wire(wire) for wire in outcome.events], first,
                        outcome.views)
        if outcome.snapshot is not None:
            self._save_snapshot_later(self.seq, outcome.snapshot)
        stage = self.hub.metrics.stage
        stage["queued"].observe(started - queued)
        stage["rules"].observe(ruled - started)
        stage["commit"].observe(committed - ruled)
        stage["fanout"].observe(time.perf_counter() - committed)
        return result

    def _remember(self, seat: str, request_id: str, first: int, last: int) -> dict:
        recent = self.recent
        recent[(seat, request_id)] = (first, last)
        if len(recent) > RECENT_REQUESTS:
            del recent[next(iter(recent))]  # the oldest
        return self._answer(first, last)

    def _answer(self, first: int, last: int) -> dict:
        return {"match_id": self.match_id, "first_seq": first, "last_seq": last}

    async def _do_odds(self, seat: str, command: Command, queued: float = 0.0) -> dict:
        """Exact odds of `command` now, from the rules system's own resolution."""
        if self.over:
            raise ProtocolError("match_finished")
        try:
            found = await self.rules.odds(command)
        except RulesError as refused:
            if refused.code == "no_odds":
                raise ProtocolError("no_odds", refused.message) from None
            raise _rules_problem(refused) from None
        return {"match_id": self.match_id, "seq": self.seq, "command": command.type,
                "args": dict(command.args), **found}


def _rules_problem(refused: RulesError) -> ProtocolError:
    if refused.code == "not_your_turn":
        return ProtocolError("not_your_turn", refused.message)
    if refused.code == "match_over":
        return ProtocolError("match_finished", refused.message)
    details = {"rule": refused.code, "passage": refused.passage}
    if refused.details:
        details["problems"] = list(refused.details)
    return ProtocolError("illegal_command", refused.message, details=details)
