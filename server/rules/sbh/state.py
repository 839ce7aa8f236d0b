"""The state of one SBH match.

For speed the state is updated in place by `evolve` (see the kernel note on
in-place systems); `clone` makes an independent copy. `decide` works on the
state it is given under an undo journal (journal.py) and puts it back.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

import msgspec

from server.rules.checksum import dataclass_canonical, sorted_map
from server.rules.kernel import Deferred
from server.rules.sbh.figures import Figure, shared_rules
from server.rules.sbh.terrain import SbhBoard

SEATS = ("a", "b")


def other(seat: str) -> str:
    return "b" if seat == "a" else "a"


@dataclass(slots=True)
class Activation:
    """The figure acting now and what is left of its activation."""

    figure: str
    actions: int  # unspent successes
    turnover: bool  # two or more failures: play passes when it is done
    casting: bool = False  # declared spell casting before rolling (seed 000, MAGIC)
    spell_only: int = 0  # dice that succeed only when used for a spell (seed 000, MAGIC)
    spell_cast: bool = False  # one spell (or Entangle/Distract) an activation
    free_move: bool = False  # a free move instead of an activation roll (seed 000, FREE MOVES)
    scroll: bool = False  # casting from the Quest's scroll (magic_items.py)
    # Terror-inspiring figures it failed its Terror roll against in this
    # activation: it may not move into contact with them (seed 000, TERROR)
    terror_refused: tuple[str, ...] = ()
    # Seed 000, MAGIC (Blarion): "apply the bonus only to the dice that are
    # actually used to cast the spell". `bonus_dice`: the spell-only successes
    # that only a spellcasting bonus made (not a scroll's Quality) and no spell
    # has used yet; unused when the activation ends, each is an ordinary
    # failure. `failures`: the roll's ordinary failures and `drains`: three
    # declared dice that would put the caster out of power on three failures
    # (both set only with bonus dice: turns.activation_end judges them).
    bonus_dice: int = 0
    failures: int = 0
    drains: bool = False
    # Seed 000, ACTIVATION, EXCEPTION: "if a Magic Using model plans to roll
    # less than three dice, he is not required to announce the action": a
    # magic-user that rolled one or two dice unannounced may still cast.
    unannounced: bool = False


class _Scratch:
    """Working data a state carries while one call works on it, never part of
    the state (not a dataclass field: not copied, compared, digested or
    shown): `_memo`, values derived from the state during one call (see
    `remembered`), `_journal`, the undo journal of a `decide` under way
    (journal.py), and `_packed`, each figure's packed canonical form for the
    state checksum (`figures_canonical`)."""

    __slots__ = ("_memo", "_journal", "_packed")

    def __getattr__(self, name: str):
        # unset (a state unpickled from a snapshot, or a bare copy): none under way
        if name in _Scratch.__slots__:
            return None
        raise AttributeError(name)

    def __getstate__(self) -> dict:
        """Pickle (snapshots) the fields only: the memo lives on between a
        prompt and the next command, and is no part of the state."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def __setstate__(self, state) -> None:
        if isinstance(state, tuple):  # pickled before __getstate__: (None, slots)
            state = state[1]
        for name, value in state.items():
            if name not in _Scratch.__slots__:
                object.__setattr__(self, name, value)
        figures = state.get("figures")
        if figures:  # (one rules map a profile again, as figure_from_entry left them:
            # views name each map's rules once, not once for every match loaded)
            for figure in figures.values():
                figure.rules = shared_rules(figure.rules)


@dataclass(slots=True)
class SbhState(_Scratch):
    options: dict  # match options: scenario, points limit, optional rules
    board: SbhBoard
    phase: str = "lists"  # lists | roles | edge | deploy | play | over
    figures: dict[str, Figure] = field(default_factory=dict)
    commitments: dict[str, str] = field(default_factory=dict)  # seat -> sha256 of its list
    secret_lists: dict[str, dict] = field(default_factory=dict)  # until both are committed
    attacker: str | None = None
    role_chooser: str | None = None
    attacker_edge: str | None = None
    deployed: tuple[str, ...] = ()  # seats that have deployed
    active_seat: str | None = None
    turn: int = 0
    activation: Activation | None = None
    # A group activation in progress (see groups.py): leader, members still to
    # act, all members, successes each, turnover, regroup.
    group: dict | None = None
    # Decisions still to be made, innermost last: each a plain dict with "kind"
    # and "seat". While any is pending, the top one is what `prompt` asks for.
    pending: list[dict] = field(default_factory=list)
    dead_outnumber_tested: tuple[str, ...] = ()  # seats that made that morale test
    starting_counts: dict[str, int] = field(default_factory=dict)
    commanders: dict[str, str] = field(default_factory=dict)  # seat -> overall commander
    # scenario objects (scenario_rules.py)
    tokens: tuple = ()  # treasure tokens still on the table
    treasure_at: object = None  # hex where the found treasure lies
    treasure_carrier: str | None = None
    treasure_escaped_by: str | None = None  # seat that carried it off the table
    magic_item: dict | None = None  # Quest: what it is, once found (magic_items.py)
    place_nominator: str | None = None
    place_of_power: frozenset = frozenset()
    markers: dict = field(default_factory=dict)  # Ambush: id -> {"at": hex, "figure": id|None}
    # seat -> Positions of every figure on the table as that seat's latest turn
    # began (turns.unseen_at_turn_start: the AMBUSH BONUS). Replaced, never
    # changed in place.
    turn_start: dict = field(default_factory=dict)
    winner: str | None = None
    end_reason: str = ""
    log_size: int = 0  # events applied; a cheap progress figure for views
    draw_offer: str | None = None  # the seat whose offer of a draw stands (draws.py)

    def __post_init__(self) -> None:
        self._memo = None
        self._journal = None
        self._packed = None

    def clone(self) -> SbhState:
        copy = copy_state(self)
        copy._memo = None
        copy._journal = None
        copy._packed = None
        copy.figures = {k: v.clone() for k, v in self.figures.items()}
        copy.pending = [dict(p) for p in self.pending]
        if self.group is not None:
            copy.group = dict(self.group)
        copy.activation = None if self.activation is None else copy_activation(self.activation)
        copy.commitments = dict(self.commitments)
        copy.secret_lists = dict(self.secret_lists)
        copy.starting_counts = dict(self.starting_counts)
        copy.commanders = dict(self.commanders)
        copy.markers = dict(self.markers)
        if self.magic_item is not None:
            copy.magic_item = dict(self.magic_item)
        return copy

    # -- queries used everywhere ------------------------------------------------
    # While a prompt or a decide works on the state their answers are remembered
    # (see `remembered`): callers never change the lists and dicts they get.
    def side(self, seat: str) -> list[Figure]:
        memo = self._memo
        found = None if memo is None else memo.get(("side", seat))
        if found is None:
            found = [f for f in self.figures.values() if f.seat == seat]
            if memo is not None:
                memo[("side", seat)] = found
        return found

    def on_table(self, seat: str | None = None) -> list[Figure]:
        memo = self._memo
        found = None if memo is None else memo.get(("table", seat))
        if found is None:
            # Figure.on_table inlined: the rules ask this thousands of times a game
            if seat is None:
                found = [f for f in self.figures.values()
                         if f.status == "ready" and f.pos is not None]
            else:
                found = [f for f in self.figures.values()
                         if f.seat == seat and f.status == "ready" and f.pos is not None]
            if memo is not None:
                memo[("table", seat)] = found
        return found

    def figure_at(self, h) -> Figure | None:
        for f in self.figures.values():
            if f.pos == h and f.status == "ready":
                return f
        return None

    def occupancy(self) -> dict:
        """Hex -> the figure on it."""
        memo = self._memo
        found = None if memo is None else memo.get("occupancy")
        if found is None:
            found = {f.pos: f for f in self.figures.values()
                     if f.status == "ready" and f.pos is not None}  # Figure.on_table inlined
            if memo is not None:
                memo["occupancy"] = found
        return found


class Positions:
    """Where figures stood at one moment (figure id -> hex), never changed
    once made. Its canonical form for state checksums is made once: a state
    is digested after every event and keeps two of these all turn."""

    __slots__ = ("_hexes", "_canonical")

    def __init__(self, hexes: dict) -> None:
        self._hexes = hexes
        self._canonical = None

    def get(self, fig_id: str):
        return self._hexes.get(fig_id)

    def __canonical__(self) -> list:
        if self._canonical is None:  # (one flat tuple: id, q, r, id, q, r ...)
            self._canonical = ["Positions", tuple(
                x for fid in sorted(self._hexes) for x in (fid, *self._hexes[fid][:2]))]
        return self._canonical

    def __eq__(self, other) -> bool:
        return isinstance(other, Positions) and self._hexes == other._hexes

    __hash__ = None

    def __getstate__(self):
        return self._hexes

    def __setstate__(self, hexes) -> None:
        self._hexes, self._canonical = hexes, None

    def __repr__(self) -> str:
        return f"Positions({self._hexes!r})"


def turn_start_positions(state: SbhState) -> Positions:
    """Where every figure on the table stands now (SbhState.turn_start)."""
    return Positions({f.id: f.pos for f in state.figures.values()
                      if f.status == "ready" and f.pos is not None})


_MISSING = object()


def remembered(state: SbhState, key, compute):
    """`compute(state)`, remembered under `key` until the state changes. A
    prompt or a decide starts the memo (`state._memo`); evolve forgets
    everything at each event, and a decide puts back the memo it found when it
    puts the state back, so answers never outlive the state they describe and
    a decide reuses what the prompt of the same state worked out. Only evolve
    may change a state once a prompt, decide or checksum has seen it (tests
    place figures by hand before; the checksum's packed figures,
    `figures_canonical`, rest on the same rule). Values are shared: callers must not change them."""
    memo = state._memo
    if memo is None:
        return compute(state)
    found = memo.get(key, _MISSING)
    if found is _MISSING:
        found = memo[key] = compute(state)
    return found


def later(state: SbhState, compute) -> Deferred:
    """`compute(state)` as a prompt parameter listed only when first read
    (kernel.Deferred), refusing to answer for a state that has moved on since
    the prompt was built (its values would describe another state)."""
    built_at = state.log_size

    def values():
        if state.log_size != built_at:
            raise RuntimeError("a prompt's options were read after its state changed: "
                               "read a prompt before applying a command")
        return compute(state)
    return Deferred(values)


def straight_line_copier(cls):
    """copy_(self, into=None): a shallow copy of a `cls` instance (or its fields
    copied into `into`, another instance) as straight-line assignments (every
    command copies states and figures: several times faster than a loop over
    fields), generated from the field list so it can never miss a field."""
    body = "".join(f"    copy.{f.name} = self.{f.name}\n" for f in fields(cls))
    source = (f"def copy_(self, into=None):\n    copy = new(cls) if into is None else into\n"
              f"{body}    return copy\n")
    namespace = {"new": cls.__new__, "cls": cls}
    exec(source, namespace)  # noqa: S102 - source built only from our own field names
    return namespace["copy_"]


def straight_line_fields(cls):
    """(values(obj), restore(obj, values)): all of a `cls` instance's field
    values as a tuple, and put back from one, as straight-line code."""
    names = ", ".join(f"obj.{f.name}" for f in fields(cls))
    namespace: dict = {}
    exec(f"def values(obj):\n    return ({names},)\n"  # noqa: S102 - our field names
         f"def restore(obj, values):\n    {names}, = values\n", namespace)
    return namespace["values"], namespace["restore"]


Raw = msgspec.Raw
_pack = msgspec.msgpack.Encoder().encode


def figures_canonical(state: SbhState) -> dict:
    """`canonical(state.figures)` (server.rules.checksum), each figure as its
    packed bytes, kept in `state._packed` until an evolver changes the figure
    (evolve_common.changing and touch drop it; journal.rollback and the
    system's `release` drop them all).
    A state is digested after every event and an event changes a figure or
    two: packing every figure each time was most of a digest's cost. The bytes
    are the same msgspec packs for the figure's canonical form in place, so
    checksums are unchanged (tests/sbh/test_checksum_cache.py)."""
    packed = state._packed
    if packed is None:
        packed = state._packed = {}
    out = {}
    for fig_id, fig in state.figures.items():
        known = packed.get(fig_id)
        if known is None or known[0] is not fig:  # (a new figure object: reveal, clone)
            known = packed[fig_id] = (fig, Raw(_pack(fig.__canonical__())))
        out[fig_id] = known[1]
    return sorted_map(out)


# state checksums (server.rules.checksum): the generic dataclass digest, unrolled;
# `draw_offer` joined later and is left out while no offer stands
SbhState.__digest_later__ = {"draw_offer": None}
SbhState.__canonical__ = dataclass_canonical(SbhState, figures=figures_canonical)
_activation_canonical = dataclass_canonical(Activation)


# Activation fields that joined later, left out of the digest while at their
# default: an activation digests as before, so replays recorded earlier verify.
_LATER_FIELDS = (("terror_refused", ()), ("bonus_dice", 0), ("failures", 0),
                 ("drains", False))


def _activation_digest_form(act: Activation) -> dict:
    """`terror_refused`, `bonus_dice`, `failures` and `drains` joined the
    Activation later: left out while at their default. `unannounced` is never
    digested: the `activated` event that sets it (which replay verification
    compares) and the figure it names (digested) fully determine it, and
    digesting it would make every earlier replay in which a magic-user rolled
    one or two dice unannounced fail to verify."""
    out = _activation_canonical(act)
    for name, default in _LATER_FIELDS:
        if getattr(act, name) == default:
            del out[name]
    del out["unannounced"]
    return out


Activation.__canonical__ = _activation_digest_form
copy_state = straight_line_copier(SbhState)
copy_activation = straight_line_copier(Activation)
state_values, restore_state = straight_line_fields(SbhState)
activation_values, restore_activation = straight_line_fields(Activation)
