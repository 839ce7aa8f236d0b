"""Drive a rules system: apply commands, rebuild from events, verify a replay.

These helpers are what the server, the bots, the simulator and the replay
verifier share, so the kernel contract is exercised the same way everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from server.rules.checksum import state_digest
from server.rules.dice import Dice, SeededDice
from server.rules.kernel import Command, Event, RulesSystem, fast_init
from server.rules.takeback import TAKEBACK, Line, effective_events, takeback_event


@fast_init
@dataclass(frozen=True, slots=True)
class Applied:
    """One event and the digest of the state right after it."""

    event: Event
    checksum: str


def apply_command(
    system: RulesSystem, state: Any, command: Command, dice: Dice, *, checksums: bool = True,
    keep_input: bool = True,
) -> tuple[Any, list[Applied]]:
    """Decide `command` and fold its events. Raises RulesError with nothing changed.

    For a system that evolves in place (`in_place = True`), the input state is
    cloned first unless `keep_input` is False (the caller drops the old state).
    A system may then offer `apply_in_place(state, command, dice, digest)`,
    deciding and evolving in one pass (see the SBH system): the same events,
    states and checksums, without folding the events a second time."""
    apply_in_place = getattr(system, "apply_in_place", None)
    if apply_in_place is not None and not keep_input:
        state, events, digests = apply_in_place(state, command, dice,
                                                state_digest if checksums else None)
        if not checksums:
            digests = [""] * len(events)
        return state, [Applied(e, c) for e, c in zip(events, digests, strict=True)]
    events = system.decide(state, command, dice)
    if keep_input and getattr(system, "in_place", False):
        state = system.clone(state)
    applied = []
    for event in events:
        state = system.evolve(state, event)
        applied.append(Applied(event, state_digest(state) if checksums else ""))
    return state, applied


def rebuild(system: RulesSystem, setup: Mapping[str, Any], events: Iterable[Event]) -> Any:
    """The state after `events` (the log from seq 1), by evolve alone (no dice, no
    decide), folding the effective line (server.rules.takeback)."""
    state = system.initial(setup)
    for event in effective_events(events):
        state = system.evolve(state, system.upcast(event))
    return state


@dataclass(frozen=True, slots=True)
class Divergence:
    """Where a re-run of a match first disagrees with its recorded log."""

    index: int  # position in the event log (0-based)
    command_index: int  # (-1: found by rebuild_check, which reads no commands)
    reason: str
    expected: Any = None
    actual: Any = None

    def describe(self) -> str:
        # Told in the server's numbering: seqs and command numbers start at 1.
        source = f" (from command #{self.command_index + 1})" if self.command_index >= 0 else ""
        return (f"event seq {self.index + 1}{source}: {self.reason}\n"
                f"  recorded: {self.expected!r}\n  re-run:   {self.actual!r}")


def verify(
    system: RulesSystem,
    setup: Mapping[str, Any],
    seed: bytes,
    commands: Sequence[Command],
    recorded: Sequence[Applied],
    normalize: Callable[[Any], Any] = lambda wire: wire,
    positions: Sequence[int | None] = (),
) -> Divergence | None:
    """Re-run `decide` over the recorded commands with the revealed seed and compare
    every event and checksum with the record. Returns the first divergence.

    `normalize` maps an event's wire form to what a stored record looks like (a
    record read back from MessagePack or JSON has lists where events have tuples).
    `positions`, where given, are the recorded dice positions after each command
    (None: not recorded), compared too."""
    dice = SeededDice(seed)
    state = system.initial(setup)
    index = 0
    produced: list[Event] = []  # the re-run's events, for a takeback's fold
    line = Line()
    for command_index, command in enumerate(commands):
        try:
            if command.type == TAKEBACK:
                state, applied = _take_back(system, setup, command, produced, line)
            else:
                state, applied = apply_command(system, state, command, dice, keep_input=False)
                line.record(command.seat, len(produced), len(produced) + len(applied))
            produced.extend(item.event for item in applied)
        except Exception as exc:  # a recorded command that no longer decides is a divergence
            return Divergence(index, command_index, f"command rejected on re-run: {exc}",
                              command.to_wire(), None)
        for item in applied:
            if index >= len(recorded):
                return Divergence(index, command_index, "re-run produced extra events",
                                  None, item.event.to_wire())
            expected = recorded[index]
            actual = normalize(item.event.to_wire())
            if expected.event.to_wire() != actual:
                return Divergence(index, command_index, "event differs",
                                  expected.event.to_wire(), actual)
            if expected.checksum != item.checksum:
                return Divergence(index, command_index, "state checksum differs",
                                  expected.checksum, item.checksum)
            index += 1
        recorded_position = positions[command_index] if command_index < len(positions) \
            else None
        if recorded_position is not None and recorded_position != dice.position:
            return Divergence(max(index - 1, 0), command_index, "dice position differs",
                              recorded_position, dice.position)
    if index != len(recorded):
        return Divergence(index, len(commands), "record has events the re-run did not produce",
                          recorded[index].event.to_wire(), None)
    return None


def _take_back(system: RulesSystem, setup: Mapping[str, Any], command: Command,
               produced: list[Event], line: Line) -> tuple[Any, list[Applied]]:
    """A recorded takeback, re-run: to a decision point of its seat, the state the
    fold of the effective line gives (no decide, no dice)."""
    event = takeback_event(command)
    to_seq = event.data["to_seq"]
    refusal = line.refusal(command.seat, to_seq)
    if event.data["accepted_by"] == command.seat or \
            event.data["accepted_by"] not in system.seats:
        refusal = "a takeback is accepted by another seat"
    if refusal is not None:
        raise ValueError(refusal)
    line.take_back(to_seq, len(produced) + 1)
    state = rebuild(system, setup, [*produced, event])
    return state, [Applied(event, state_digest(state))]


def rebuild_check(
    system: RulesSystem,
    setup: Mapping[str, Any],
    recorded: Sequence[Applied],
    normalize: Callable[[Any], Any] = lambda wire: wire,
) -> Divergence | None:
    """Fold the recorded events by evolve alone (no decide, no dice) and compare
    each state checksum with the record: that the log is whole and describes
    the states it claims, for a log `verify` cannot re-decide (recorded under
    other rules). Returns the first divergence."""
    state = system.initial(setup)
    for index, item in enumerate(recorded):
        try:
            if item.event.type == TAKEBACK:  # (the fold of the effective line so far)
                state = rebuild(system, setup, [r.event for r in recorded[:index + 1]])
            else:
                state = system.evolve(state, system.upcast(item.event))
        except Exception as exc:  # evolve is total for what decide wrote: a forged event
            return Divergence(index, -1, f"event cannot be applied: {exc}",
                              normalize(item.event.to_wire()), None)
        checksum = state_digest(state)
        if checksum != item.checksum:
            return Divergence(index, -1, "state checksum differs", item.checksum, checksum)
    return None
