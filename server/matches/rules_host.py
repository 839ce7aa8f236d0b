"""Where a match's rules state lives and runs.

A match actor never calls its rules system directly: it asks its `MatchRules` to
load the state from the store's records, apply a command, build a view or work out
odds. `RulesCore` does the work, synchronously, on one match's state and dice. It
runs either in the server's own event loop (`InlineRules`, the default) or in a
rules worker process (`server.matches.rules_pool`), so that a slow command (the SBH
rout rule can take 200 ms) stalls only the matches of that worker, not every
connection of the server, and the rules get cores of their own.

Everything that crosses between the two is plain data, cheap to pickle: events as
their wire maps, the prompt as `(waiting seats, seat -> decision)`. Views and decisions
only ever go out to clients, so they are encoded to MessagePack where they are built
(`msgspec.Raw`, embedded as they are in the frames that carry them): the server's
loop neither unpickles nor encodes them again, and a view kept for delayed spectators
is kept as bytes.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import msgspec

from server.matches.snapshot_seal import seal, unseal
from server.rules.checksum import state_digest
from server.rules.dice import SeededDice
from server.rules.kernel import SPECTATOR, Command, Event, Prompt, RulesError, RulesSystem, Viewer
from server.rules.runner import apply_command, rebuild
from server.rules.takeback import ReachesBeforeFloor, effective_events, takeback_event


@dataclass(slots=True)
class Material:
    """What the store holds to rebuild a match's state."""

    setup: Mapping[str, Any]
    snapshot: tuple[int, bytes, str] | None  # (seq, pickled state, checksum of event seq)
    events: list[tuple[int, bytes]]  # (seq, MessagePack event) after the snapshot, in order
    dice_position: int = 0
    # False: the load leaves the prompt to be built when first needed (`Status.asked`
    # None; `RulesCore.prompted`): a resumed match asked only for its view never
    # builds it, ~40% of loading an SBH match (bench/restart_many.py)
    prompt: bool = True
    # the checksum stored with the last of `events`, when read with them: the state
    # they fold to has it as its digest (the store's records are this code's to
    # fold: server.rules.runner), so a checkpoint of it is sealed without digesting
    last_checksum: str | None = None


Wire = msgspec.Raw  # a map already encoded to MessagePack
_encode = msgspec.msgpack.encode


@dataclass(slots=True)
class Asked:
    """Who must act now: the prompt as the actor pushes it."""

    waiting: tuple[str, ...] = ()
    decisions: dict[str, Wire] = field(default_factory=dict)  # seat -> its decision

    @classmethod
    def of(cls, prompt: Prompt) -> Asked:
        return cls(prompt.seats, {d.seat: Wire(_encode(d.to_wire()))
                                  for d in prompt.decisions})


@dataclass(slots=True)
class Status:
    """The state after a load or a command, as far as the actor must know it."""

    seq: int
    asked: Asked | None  # None: not built (a load without its prompt, `Material.prompt`)
    over: bool
    result: dict | None  # the result's wire form, once over


@dataclass(slots=True)
class Outcome:
    """What an accepted command did."""

    events: list[dict]  # wire maps, in order
    checksums: list[str]  # state digest after each event
    dice_position: int
    status: Status
    views: dict[str | None, Wire]  # the views asked for: seat (None: spectator) -> view
    snapshot: bytes | None  # the pickled state, when this command crossed a snapshot seq


class SnapshotUnusable(Exception):
    """The stored snapshot does not match its event's checksum: load every event."""


class RulesCore:
    """One match's state and dice, and every rules call the server makes on them."""

    def __init__(self, system: RulesSystem, seed: bytes, snapshot_every: int = 0) -> None:
        self.system = system
        self.seed = seed
        self.snapshot_every = snapshot_every
        self.state: Any = None
        self.setup: Mapping[str, Any] = {}  # (from the material it was loaded from)
        self.seq = 0
        self.dice = SeededDice(seed)
        # the state's digest when known without digesting it (the checksum of the
        # last event applied, or of the snapshot it was loaded from): a checkpoint
        # seals it (server.matches.snapshot_seal)
        self.checksum: str | None = None

    def load(self, material: Material) -> Status:
        """Rebuild the state: the snapshot (if it checks out), then the events after it."""
        system, state, seq, checksum = self.system, None, 0, None
        if material.snapshot is not None:
            snap_seq, blob, checksum = material.snapshot
            try:
                pickled, known = unseal(blob, checksum)
                state = pickle.loads(pickled)
                # (a state pickled by older code may lack a field added since: a
                # slotted dataclass then has the attribute unset, and digesting fails)
                usable = known or state_digest(state) == checksum
            except Exception:  # an old format or a damaged blob
                raise SnapshotUnusable(snap_seq) from None
            if not usable:
                raise SnapshotUnusable(snap_seq)
            seq = snap_seq
        events = [Event.from_wire(msgspec.msgpack.decode(p)) for _, p in material.events]
        try:  # (the effective line: server.rules.takeback)
            effective = effective_events(events, seq + 1, floor=seq)
        except ReachesBeforeFloor:  # a takeback to before the snapshot: the whole log
            raise SnapshotUnusable(seq) from None
        if state is None:
            state = system.initial(material.setup)
        for event in effective:
            state = system.evolve(state, system.upcast(event))
        if material.events:
            seq, checksum = material.events[-1][0], material.last_checksum
        self.state, self.seq, self.setup = state, seq, material.setup
        self.checksum = checksum
        self.dice = SeededDice(self.seed, material.dice_position)
        return self._settled(self.status(prompt=material.prompt))

    def status(self, prompt: bool = True) -> Status:
        system, state = self.system, self.state
        over = system.is_over(state)
        result = None
        if over:
            found = system.result(state)
            result = found.to_wire() if found is not None else {"winner": None}
        return Status(self.seq, Asked.of(system.prompt(state)) if prompt else None, over,
                      result)

    def prompted(self) -> Status:
        """The status with its prompt (after a load that left it out)."""
        return self._settled(self.status())

    def checkpoint(self) -> tuple[int, bytes]:
        """The state pickled at its seq, a snapshot like those taken every
        `snapshot_every` events (a stopping server's checkpoint: server.matches.
        checkpoints), sealed with its digest."""
        return self.seq, self._snapshot()

    def _snapshot(self) -> bytes:
        pickled = pickle.dumps(self.state, protocol=pickle.HIGHEST_PROTOCOL)
        if self.checksum is None:  # (folded from its log, no command since: left
            return pickled  # unsealed, to be digested if used, rather than digested
            # now, in a stop's budget)
        return seal(pickled, self.checksum)

    def apply(self, command: Command, views: Iterable[str | None] = ()) -> Outcome:
        """Decide and fold `command`. A RulesError changes nothing (the dice too are
        rewound); any other failure leaves the state unusable: load it again."""
        position = self.dice.position
        try:  # decide and fold in one pass where the system can (runner.apply_command)
            self.state, applied = apply_command(self.system, self.state, command, self.dice,
                                                keep_input=False)
        except BaseException:
            self.dice = SeededDice(self.seed, position)  # nothing rolled counts
            raise
        events = [a.event for a in applied]
        checksums = [a.checksum for a in applied]
        first = self.seq + 1
        self.seq += len(events)
        if checksums:
            self.checksum = checksums[-1]
        every = self.snapshot_every
        snapshot = None
        if every > 0 and first // every != (self.seq + 1) // every:
            snapshot = self._snapshot()
        return self._settled(Outcome(
            [e.to_wire() for e in events], checksums, self.dice.position, self.status(),
            self._views(views), snapshot))

    def take_back(self, command: Command, log: list[tuple[int, bytes]],
                  views: Iterable[str | None] = ()) -> Outcome:
        """A consented takeback (server.rules.takeback): its event, and the state the
        whole log `log` (every event so far, from seq 1) folds to with it. The dice
        stay where they are."""
        event = takeback_event(command)
        events = [Event.from_wire(msgspec.msgpack.decode(p)) for _, p in log]
        if len(events) != self.seq:  # (the actor reads the log it has stored)
            raise ValueError(f"takeback given {len(events)} events at seq {self.seq}")
        self.state = rebuild(self.system, self.setup, [*events, event])
        self.seq += 1
        self.checksum = state_digest(self.state)
        every = self.snapshot_every
        snapshot = None
        if every > 0 and self.seq // every != (self.seq + 1) // every:  # (as apply)
            snapshot = self._snapshot()
        return self._settled(Outcome(
            [event.to_wire()], [self.checksum], self.dice.position, self.status(),
            self._views(views), snapshot))

    def view(self, seat: str | None) -> Wire:
        return self._settled(self._views((seat,))[seat])

    def _views(self, seats: Iterable[str | None]) -> dict[str | None, Wire]:
        """Each seat's view (None: a spectator's), built once for all the viewers of
        one audience (the system's optional `view_audience`), and packed by the
        system itself where it can (its optional `packed_view`: the same bytes)."""
        audience = getattr(self.system, "view_audience", None)
        packed_view = getattr(self.system, "packed_view", None)
        built: dict[Any, Wire] = {}
        views = {}
        for seat in seats:
            viewer = Viewer(seat) if seat is not None else SPECTATOR
            key = audience(self.state, viewer) if audience is not None else seat
            view = built.get(key)
            if view is None:
                view = built[key] = Wire(
                    packed_view(self.state, viewer) if packed_view is not None
                    else _encode(self.system.view(self.state, viewer)))
            views[seat] = view
        return views

    def _settled(self, answer):
        """`answer`, once the state has let go of what it remembered to make it
        (the system's optional `release`: the state then waits, maybe for
        seconds, holding nothing the next call cannot work out again)."""
        release = getattr(self.system, "release", None)
        if release is not None and self.state is not None:
            release(self.state)
        return answer

    def odds(self, command: Command) -> dict:
        odds = getattr(self.system, "odds", None)
        if odds is None:
            raise RulesError("no_odds", "This game offers no odds.")
        return self._settled(odds(self.state, command))


class InlineRules:
    """A match's rules run in the server's event loop (no worker processes)."""

    def __init__(self, core: RulesCore) -> None:
        self.core = core

    @property
    def state(self) -> Any:  # (tests and debugging reach in here)
        return self.core.state

    @state.setter
    def state(self, value: Any) -> None:
        self.core.state, self.core.checksum = value, None  # (its digest unknown)

    async def load(self, material: Material) -> Status:
        return self.core.load(material)

    async def prompted(self) -> Status:
        return self.core.prompted()

    async def checkpoint(self) -> tuple[int, bytes]:
        return self.core.checkpoint()

    async def apply(self, command: Command, views: Iterable[str | None] = ()) -> Outcome:
        return self.core.apply(command, views)

    async def take_back(self, command: Command, log: list[tuple[int, bytes]],
                        views: Iterable[str | None] = ()) -> Outcome:
        return self.core.take_back(command, log, views)

    async def view(self, seat: str | None) -> Wire:
        return self.core.view(seat)

    async def odds(self, command: Command) -> dict:
        return self.core.odds(command)

    async def close(self) -> None:
        self.core.state = None


class InlineHost:
    """Hands out `InlineRules`: every match in this process, on its event loop."""

    async def start(self) -> None:
        pass

    async def stop(self) -> None:
        pass

    def open(self, match_id: str, system_name: str, system: RulesSystem, seed: bytes,
             snapshot_every: int) -> InlineRules:
        return InlineRules(RulesCore(system, seed, snapshot_every))
