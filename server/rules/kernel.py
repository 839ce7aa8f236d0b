"""The rules kernel: the contract every rules system implements.

A rules system is a *decider* (the functional core of event sourcing). It never
does I/O, never reads a clock, never touches a global RNG, and does not know it
is on a network. The server only moves commands, events, prompts and views
between seats and the store; it never looks inside a system's state.

How a match runs, in kernel terms::

    state = system.initial(setup)                 # from the match settings
    while not system.is_over(state):
        prompt = system.prompt(state)             # who must decide now, and what they may do
        command = <from a seat named in prompt>   # thin clients and bots act only from prompts
        events = system.decide(state, command, dice)   # validate; roll; say what happened
        for event in events:
            state = system.evolve(state, event)   # pure, total, no dice: replay = fold(evolve)

Writing a new system (see `server.rules.sbh` for a full one, and
`tests/kernel_example.py` for a tiny one):

1. Define a state type. Keep it plain data (dataclasses, tuples, dicts, ints,
   strings, enums) so `server.rules.checksum.state_digest` can digest it.
   Either treat it as immutable (`evolve` returns a new state), or, where speed
   matters, let `evolve` update it in place and say so with `in_place = True`
   and a `clone(state)` method: callers that keep an old state (a snapshot, a
   spectator delay, `runner.apply_command`) clone it first. `decide` must never
   change the state it is given either way.
2. `decide` validates the command against the state and the prompt. An illegal
   command raises `RulesError` (stable code, a sentence a player understands,
   the seed passage enforced) and changes nothing. A legal one returns events.
   Every die rolled is drawn from the `dice` argument and written *into* an
   event, so `evolve` never needs dice and a replay never needs the seed.
   Decisions that belong to another seat mid-turn (SBH: where a recoiling
   model goes) are not taken by `decide`: it stops, the state records a pending
   decision, and `prompt` asks that seat.
3. `evolve` applies one event. It must be total for every event `decide` can
   produce, including older versions of an event (see `Event.v` and
   `RulesSystem.upcast`).
4. `prompt` derives the legal commands from the state: enumerated
   (`CommandSpec` with no params) or described by parameter sets ("move to any of
   these hexes") when enumeration would be huge. A parameter's values may be
   `Deferred`: worked out only if someone reads them.
5. `view` returns what one viewer may see; hidden facts (secret warband lists,
   ambush markers, hidden agendas) are removed. Events that carry secrets set
   `visible_to` and a `redacted` form; see `Event.for_viewer`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Protocol, runtime_checkable

from server.rules.dice import Dice

Plain = Any  # msgpack-able: None, bool, int, str, bytes, list, dict (str keys)


def fast_init(cls):
    """Give a frozen, slotted dataclass an `__init__` that sets its slots
    directly (the generated one calls object.__setattr__ per field): same
    signature and defaults, about twice as fast. Events, commands and prompt
    options are built by the thousand every game."""
    namespace: dict[str, Any] = {"_NONE": MISSING}
    params, body = [], []
    for f in fields(cls):
        namespace[f"_set_{f.name}"] = cls.__dict__[f.name].__set__
        value = f.name
        if f.default is not MISSING:
            namespace[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        elif f.default_factory is not MISSING:
            namespace[f"_factory_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_NONE")
            value = f"_factory_{f.name}() if {f.name} is _NONE else {f.name}"
        else:
            params.append(f.name)
        body.append(f"    _set_{f.name}(self, {value})\n")
    source = f"def __init__(self, {', '.join(params)}):\n{''.join(body)}"
    exec(source, namespace)  # noqa: S102 - source built only from the class's field names
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init
    return cls


class RulesError(Exception):
    """A command the rules do not allow. Raised by `decide`; nothing changes.

    `code` is stable (clients and tests match on it), `message` is a sentence a
    player understands, `passage` names the rule enforced ("seed 000, MELEE").
    `details` lists the individual problems when there are several (every
    violation of an invalid warband list), each a plain map with the same keys.
    """

    def __init__(self, code: str, message: str, passage: str = "",
                 details: tuple[dict[str, Plain], ...] = ()) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.passage = passage
        self.details = details

    def to_wire(self) -> dict[str, Plain]:
        wire: dict[str, Plain] = {"code": self.code, "message": self.message,
                                  "passage": self.passage}
        if self.details:
            wire["details"] = list(self.details)
        return wire

    def __repr__(self) -> str:
        return f"RulesError({self.code!r}, {self.message!r}, {self.passage!r})"


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is looking: a seat, or a spectator (seat None) who sees no secrets."""

    seat: str | None = None

    @property
    def is_spectator(self) -> bool:
        return self.seat is None


SPECTATOR = Viewer(None)


@fast_init
@dataclass(frozen=True, slots=True)
class Command:
    """An intent from a seat: `type` names it, `args` are its parameters."""

    seat: str
    type: str
    args: Mapping[str, Plain] = field(default_factory=dict)

    def to_wire(self) -> dict[str, Plain]:
        return {"seat": self.seat, "type": self.type, "args": dict(self.args)}

    @classmethod
    def from_wire(cls, data: Mapping[str, Plain]) -> Command:
        return cls(seat=data["seat"], type=data["type"], args=dict(data.get("args") or {}))


@fast_init
@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. Dice rolled to produce it are inside `data`.

    `v` is the version of this event type's payload, so old replays stay
    readable (a system's `upcast` lifts old versions). `visible_to` lists the
    seats allowed to see `data`; None means everyone. Other viewers get
    `redacted` (the public part) or, when that is None, nothing but the event's
    place in the sequence.
    """

    type: str
    data: Mapping[str, Plain] = field(default_factory=dict)
    v: int = 1
    visible_to: tuple[str, ...] | None = None
    redacted: Mapping[str, Plain] | None = None

    def for_viewer(self, viewer: Viewer) -> Event | None:
        """This event as `viewer` may see it; None means a placeholder."""
        if self.visible_to is None or (viewer.seat is not None and viewer.seat in self.visible_to):
            return self
        if self.redacted is None:
            return None
        return Event(self.type, self.redacted, self.v, self.visible_to, None)

    def to_wire(self) -> dict[str, Plain]:
        wire: dict[str, Plain] = {"type": self.type, "v": self.v, "data": dict(self.data)}
        if self.visible_to is not None:
            wire["visible_to"] = list(self.visible_to)
            wire["redacted"] = None if self.redacted is None else dict(self.redacted)
        return wire

    @classmethod
    def from_wire(cls, data: Mapping[str, Plain]) -> Event:
        visible = data.get("visible_to")
        redacted = data.get("redacted")
        return cls(
            type=data["type"],
            data=dict(data.get("data") or {}),
            v=int(data.get("v", 1)),
            visible_to=None if visible is None else tuple(visible),
            redacted=None if redacted is None else dict(redacted),
        )


class Deferred(Sequence):
    """A parameter's values, worked out when first read.

    A prompt may offer "move to one of these hexes" knowing only that there
    is at least one: a bot that takes another option never pays for listing
    the hexes, and the server lists them when it sends the prompt. `compute`
    must be a pure function of the state the prompt was built from, so a
    prompt is to be read before that state changes (a system may check:
    SBH raises if its state moved on)."""

    __slots__ = ("_compute", "_values")

    def __init__(self, compute: Callable[[], Sequence[Plain]]) -> None:
        self._compute = compute
        self._values: Sequence[Plain] | None = None

    def values(self) -> Sequence[Plain]:
        found = self._values
        if found is None:
            found = self._values = self._compute()
            self._compute = None
        return found

    def __len__(self) -> int:
        return len(self.values())

    def __bool__(self) -> bool:
        return True  # offered only when there is a value (not listed to say so)

    def __getitem__(self, index):
        return self.values()[index]

    def __iter__(self):
        return iter(self.values())

    def __contains__(self, value) -> bool:
        return value in self.values()

    def __eq__(self, other) -> bool:
        return list(self.values()) == list(other) if isinstance(other, Sequence) else NotImplemented

    __hash__ = None  # (a list of values)

    def __repr__(self) -> str:
        return repr(self._values) if self._values is not None else "Deferred(not read yet)"


@fast_init
@dataclass(frozen=True, slots=True)
class CommandSpec:
    """One family of legal commands in a prompt.

    With no `params` it is exactly one command: `type` with `args`. With
    `params`, any command `type` with `args` plus one value chosen from each
    param's list is legal ("move to any of these hexes"); a list is never
    empty, though it may be `Deferred` (listed when first read). Each of
    `subsets` is answered with a list instead: any of its values, at least
    one, each at most once, in any order ("regroup any of these figures"),
    where listing every such set would be huge. `label` is for people.
    """

    type: str
    label: str = ""
    args: Mapping[str, Plain] = field(default_factory=dict)
    params: Mapping[str, Sequence[Plain]] = field(default_factory=dict)
    subsets: Mapping[str, Sequence[Plain]] = field(default_factory=dict)

    def count(self) -> int:
        n = 1
        for values in self.params.values():
            n *= len(values)
        for values in self.subsets.values():
            n *= 2 ** len(values) - 1
        return n

    def allows(self, command_type: str, args: Mapping[str, Plain]) -> bool:
        if command_type != self.type:
            return False
        if set(args) != set(self.args) | set(self.params) | set(self.subsets):
            return False
        if any(args[k] != v for k, v in self.args.items()):
            return False
        return (all(args[k] in values for k, values in self.params.items())
                and all(is_subset_of(args[k], values) for k, values in self.subsets.items()))

    def to_wire(self) -> dict[str, Plain]:
        wire = {
            "type": self.type,
            "label": self.label,
            "args": dict(self.args),
            "params": {k: list(v) for k, v in self.params.items()},
        }
        if self.subsets:  # (absent when empty: most options have none)
            wire["subsets"] = {k: list(v) for k, v in self.subsets.items()}
        described = {k: v.describe() for k, v in self.params.items() if hasattr(v, "describe")}
        if described:  # (a parameter set a client draws and tests; params list a sample)
            wire["described"] = described
        return wire

    @classmethod
    def from_wire(cls, data: Mapping[str, Plain]) -> CommandSpec:
        described = data.get("described") or {}
        return cls(
            type=data["type"],
            label=data.get("label", ""),
            args=dict(data.get("args") or {}),
            params={k: Described(v, described[k]) if k in described else list(v)
                    for k, v in (data.get("params") or {}).items()},
            subsets={k: list(v) for k, v in (data.get("subsets") or {}).items()},
        )


class Described(list):
    """A parameter the prompt describes (a reachable area, a facing range: any
    value inside is legal, the server judging) as a client received it: the
    listed sample, and `describe()` the description (docs/protocol.md,
    "Described parameters")."""

    def __init__(self, sample, description: Mapping[str, Plain]) -> None:
        super().__init__(sample)
        self.description = description

    def describe(self) -> Mapping[str, Plain]:
        return self.description


def is_subset_of(chosen: Plain, values: Sequence[Plain]) -> bool:
    """Whether `chosen` answers a `CommandSpec.subsets` entry: a non-empty list
    of distinct members of `values`."""
    if not isinstance(chosen, list) or not chosen:
        return False
    seen: list[Plain] = []  # (values may be unhashable, as hexes are lists)
    for value in chosen:
        if value in seen or value not in values:
            return False
        seen.append(value)
    return True


@fast_init
@dataclass(frozen=True, slots=True)
class Decision:
    """A seat that must (or may) act now, what it is asked, and its options."""

    seat: str
    text: str
    options: tuple[CommandSpec, ...]

    def to_wire(self) -> dict[str, Plain]:
        return {"seat": self.seat, "text": self.text,
                "options": [o.to_wire() for o in self.options]}

    @classmethod
    def from_wire(cls, data: Mapping[str, Plain]) -> Decision:
        return cls(data["seat"], data.get("text", ""),
                   tuple(CommandSpec.from_wire(o) for o in data.get("options") or ()))


@fast_init
@dataclass(frozen=True, slots=True)
class Prompt:
    """Who must decide now. Usually one decision; several when seats act at once
    (Swords & Sorcery phases); none when the match is over."""

    decisions: tuple[Decision, ...] = ()

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(d.seat for d in self.decisions)

    def for_seat(self, seat: str) -> Decision | None:
        for decision in self.decisions:
            if decision.seat == seat:
                return decision
        return None

    def allows(self, command: Command) -> bool:
        decision = self.for_seat(command.seat)
        if decision is None:
            return False
        return any(o.allows(command.type, command.args) for o in decision.options)

    def to_wire(self) -> dict[str, Plain]:
        return {"decisions": [d.to_wire() for d in self.decisions]}

    @classmethod
    def from_wire(cls, data: Mapping[str, Plain]) -> Prompt:
        return cls(tuple(Decision.from_wire(d) for d in data.get("decisions") or ()))


@dataclass(frozen=True, slots=True)
class Result:
    """How a match ended: the winning seat (None for a draw) and per-seat scores."""

    winner: str | None
    scores: Mapping[str, int] = field(default_factory=dict)
    reason: str = ""

    def to_wire(self) -> dict[str, Plain]:
        return {"winner": self.winner, "scores": dict(self.scores), "reason": self.reason}


def check_prompt(prompt: Prompt, command: Command, passage: str = "") -> None:
    """Raise the standard errors for a command the current prompt does not offer.

    Systems call this first in `decide`; it distinguishes "not your turn" from
    "not a legal command" so players get the right message.
    """
    if prompt.for_seat(command.seat) is None:
        if not prompt.decisions:
            raise RulesError("match_over", "The match is over; no more commands are accepted.")
        waiting = ", ".join(prompt.seats)
        raise RulesError("not_your_turn",
                         f"It is not your turn to act: waiting for {waiting}.", passage)
    if not prompt.allows(command):
        raise RulesError("illegal_command",
                         f"'{command.type}' with those choices is not one of your legal options "
                         "right now.", passage)


@runtime_checkable
class RulesSystem(Protocol):
    """The contract. `name` is the system's registry key ("sbh", "asoiaf", "sns");
    `seats` names the seats in the order the lobby fills them; `decide` must accept
    Command(seat, "concede") from any seat while the match runs (the server's
    resign), ending the match in the other side's favour. A system may also
    offer `validate_setup(setup)`, raising RulesError("invalid_setup", ...) so the
    lobby refuses settings the rules cannot start; without it the lobby tries
    `initial(setup)`. A system may offer `odds(state, command)`: the exact
    outcome probabilities of a command before it is made (RulesError if it has
    none). A system whose players build army lists may offer `catalog(options)`
    (what lists are built from, priced) and `check_list(warband, options)`
    (a list judged as its set-up command would judge it, every problem with its
    reason), so clients never price or judge a list themselves; one whose
    warbands are part of the setup (`options.warbands`, seat -> warband) offers
    `seat_warbands(setup)`, each seat's as played, so a rematch keeps each
    player's with the player. A system may offer `summary(setup, events)`: a
    finished match's facts for the replay page (`get_summary`). A system whose
    states remember derived values for speed may offer `release(state)`: forget
    them (the server calls it once a command's prompt and views are sent, before
    the match waits for its next command); play must be the same with or
    without it.

    `rules_version` names what `decide` does: raised with every deliberate
    change of the events a command gives (a rule fixed), so a replay recorded
    under other rules is not mistaken for a tampered one (server/replays.py)."""

    name: str
    seats: tuple[str, ...]
    rules_version: int

    def initial(self, setup: Mapping[str, Plain]) -> Any:
        """The state before the first command, from the match settings (scenario,
        points limit, options, seats). Must be deterministic."""

    def decide(self, state: Any, command: Command, dice: Dice) -> list[Event]:
        """Validate `command` and return the events it causes, or raise RulesError.
        Must not mutate `state`. All randomness from `dice`, written into events."""

    def evolve(self, state: Any, event: Event) -> Any:
        """Apply one event; pure and total. Never rolls dice, never raises for an
        event that `decide` produced (of any version this system ever wrote)."""

    def prompt(self, state: Any) -> Prompt:
        """Who must decide now and their legal commands (empty when over)."""

    def view(self, state: Any, viewer: Viewer) -> dict[str, Plain]:
        """The state as `viewer` may see it, secrets redacted. Plain data."""

    def is_over(self, state: Any) -> bool:
        """True once the match has ended."""

    def result(self, state: Any) -> Result | None:
        """The result once over, else None."""

    def upcast(self, event: Event) -> Event:
        """Lift an event of an older version to the current one (identity if current)."""
