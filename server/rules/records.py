"""The plain records that cross the rules kernel's boundary (server.rules.kernel):
commands in, events out, who is looking, a refusal, a result; and `fast_init`, which
makes the records cheap to build by the thousand.

Apart from the kernel's contract so that the prompts' module (server.rules.prompts)
can use them and the kernel re-export both without an import cycle.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any

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


@dataclass(frozen=True, slots=True)
class Result:
    """How a match ended: the winning seat (None for a draw) and per-seat scores."""

    winner: str | None
    scores: Mapping[str, int] = field(default_factory=dict)
    reason: str = ""

    def to_wire(self) -> dict[str, Plain]:
        return {"winner": self.winner, "scores": dict(self.scores), "reason": self.reason}
