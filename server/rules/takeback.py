"""Takebacks: the kernel's record that play went back to an earlier decision point.

A takeback is a command the server appends (never one a player sends as a move)
once the opponent consented: `Command(proposer, "takeback", {"to_seq": t,
"accepted_by": seat})`, whose single event is `Event("takeback", {"to_seq": t,
"by": proposer, "accepted_by": seat})`. The log stays append-only; what a fold
applies is the *effective* line of play: each takeback event cuts the events
before it back to those with seq <= to_seq, and is itself applied to nothing.
So the state after a takeback is the state the match had at seq `to_seq`, and
its checksum is that state's digest. The dice are not rewound: the stream goes
on from where it was (nothing already rolled is rolled again).

A *decision point* of a seat is a seq t (0: the match's start) such that, in the
effective line, a command of that seat begins right after event t: the state
at t asked that seat and it decided. A takeback goes back to such a point of the
proposer's, earlier than the line's end.

This module is the one place that knows this; every fold (runner.rebuild,
verify, rebuild_check, the server's load) goes through it, and no rules system
knows takebacks exist ("takeback" is a reserved command and event type).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from server.rules.kernel import Command, Event

TAKEBACK = "takeback"


class ReachesBeforeFloor(Exception):
    """A takeback goes back before the first event given (a snapshot's seq): the
    fold needs the whole log."""


def is_takeback(event: Event) -> bool:
    return event.type == TAKEBACK


def takeback_event(command: Command) -> Event:
    """The event a consented takeback command records."""
    return Event(TAKEBACK, {"to_seq": int(command.args["to_seq"]), "by": command.seat,
                            "accepted_by": command.args.get("accepted_by")})


def effective_events(events: Iterable[Event], first_seq: int = 1,
                     floor: int | None = None) -> list[Event]:
    """The events a fold applies, from `events` numbered from `first_seq` on.

    `floor`: the seq the fold starts from (a snapshot's; default first_seq - 1);
    a takeback to before it raises ReachesBeforeFloor."""
    floor = first_seq - 1 if floor is None else floor
    kept: list[tuple[int, Event]] = []
    for seq, event in enumerate(events, first_seq):
        if event.type != TAKEBACK:
            kept.append((seq, event))
            continue
        to_seq = int(event.data["to_seq"])
        if to_seq < floor:
            raise ReachesBeforeFloor(to_seq)
        while kept and kept[-1][0] > to_seq:
            kept.pop()
    return [event for _, event in kept]


@dataclass(frozen=True, slots=True)
class Step:
    """One command of the effective line: its seat and the seqs it spans."""

    seat: str
    start: int  # the seq just before its first event
    end: int  # its last event's seq (== start: it had none)


class Line:
    """The effective line of play as commands, to judge a takeback's point."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.end = 0  # the last seq of the log (takeback events included)

    def record(self, seat: str, start: int, end: int) -> None:
        """An ordinary command whose events are start+1..end."""
        self.steps.append(Step(seat, start, end))
        self.end = end

    def take_back(self, to_seq: int, end: int) -> None:
        """A takeback to `to_seq`, whose own event is seq `end`."""
        self.steps = [s for s in self.steps if s.end <= to_seq]
        self.end = end

    def refusal(self, seat: str, to_seq: int) -> str | None:
        """Why `seat` may not take back to `to_seq` (None: it may)."""
        last = self.steps[-1].end if self.steps else 0
        if not 0 <= to_seq < last:
            return (f"Seq {to_seq} is not an earlier point of the current line of play "
                    f"(its moves run from seq 0 to {last}).")
        if not any(s.seat == seat and s.start == to_seq for s in self.steps):
            return (f"Seq {to_seq} is not a point where you made a decision: a takeback "
                    "goes back to just before one of your own moves.")
        return None

    def points(self, seat: str) -> list[int]:
        """`seat`'s decision points a takeback may go back to, newest first."""
        return sorted({s.start for s in self.steps if s.seat == seat and s.end > s.start},
                      reverse=True)


def line_of(commands: Sequence[tuple[Command, int, int]]) -> Line:
    """The line from recorded commands: (command, first seq, last seq) each."""
    line = Line()
    for command, first, last in commands:
        if command.type == TAKEBACK:
            line.take_back(int(command.args["to_seq"]), last)
        else:
            line.record(command.seat, first - 1, last)
    return line
