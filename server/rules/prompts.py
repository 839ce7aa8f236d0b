"""Prompts: who must decide now and the commands each may send, enumerated
(`CommandSpec` without params) or described by parameter sets whose values may be
`Deferred`; and `check_prompt`, the standard refusal of a command the prompt does not
offer.

Apart from the kernel's contract (server.rules.kernel, which re-exports these names)
because a prompt's vocabulary is read on its own, by systems building prompts and by
clients and bots reading them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from server.rules.records import Command, Plain, RulesError, fast_init


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
