"""The state of an ASOIAF: Tactics match (seed 004): plain frozen dataclasses,
so `server.rules.checksum.state_digest` can digest it and `evolve` returns a
new state. Rule modules read it and build the next one with `replace` (this
file's, a faster `dataclasses.replace`) or the small helpers here; none of them
import system.py."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import StrEnum

from server.rules.board.square import Square, footprint

SEATS = ("a", "b")

# seed 004, ACTIVATING A MODEL: "A model that activates has 2 action points
# (AP)"; "A model can never perform more than 3 AP per activation"; "A model
# always has at least 1 AP, even if it should have lost all its AP."
STARTING_AP = 2
MOST_AP = 3
LEAST_AP = 1


class Phase(StrEnum):
    ROLL_OFF = "roll_off"    # seed 004: "each player rolling a [d10], rerolling ties"
    CHOICE = "choice"        # the roll-off winner's choice
    AGENDAS = "agendas"      # each player keeps 1 of the 2 agendas drawn (hidden)
    DEPLOY = "deploy"        # heroes > champions > soldiers, alternating
    ACTIVATIONS = "activations"
    OVER = "over"


class Condition(StrEnum):
    SHAKEN = "shaken"
    ROUTED = "routed"


@dataclass(frozen=True)
class Purse:
    """The coins one player still holds. seed 004: copper is "refreshed each
    round"; gold and silver are "spent for good"."""
    gold: int = 0
    silver: int = 0
    copper: int = 0

    def spend(self, gold: int = 0, silver: int = 0, copper: int = 0) -> Purse:
        after = Purse(self.gold - gold, self.silver - silver, self.copper - copper)
        if min(after.gold, after.silver, after.copper) < 0:
            raise ValueError(f"cannot spend {gold}/{silver}/{copper} from {self}")
        return after

    def covers(self, gold: int = 0, silver: int = 0, copper: int = 0) -> bool:
        return self.gold >= gold and self.silver >= silver and self.copper >= copper


@dataclass(frozen=True)
class PendingAttack:
    """An attack between its steps (seed 004, ATTACK SEQUENCE): the step whose
    decision is awaited ("defence", "wounds", "attacker_aftermath",
    "defender_aftermath", "removal", "surge") and what earlier steps decided."""
    attacker: str
    target: str
    mode: int
    kind: str                    # "close" or "ranged"
    step: str
    hits: int = 0
    wounds: int = 0
    lost: int = 0                # the wounds the target lost (fewer when it had fewer)
    target_square: tuple[int, int] | None = None
    charging: bool = False
    # step 9: the squares the target left (killed, captured, or its mount died
    # and its infantry model stands on one of them): where step 10 may surge
    vacated: tuple[tuple[int, int], ...] = ()
    # equipment_uses.py: the token the attacker discarded for this attack
    # (OBSIDIAN DAGGER, BLINDING POWDER, LUCKY CHARM), "" for none
    attacker_token: str = ""
    # step "powder": the attack declared but not rolled, waiting for an engaged
    # enemy's BLINDING POWDER: (improvements, attacker's token, granted) and the carrier
    declared: tuple = ()
    powder: str = ""
    # the attacker's improvements against the defence roll: (die modifier,
    # defence value change) (coins.defender_changes)
    defender_changes: tuple[int, int] = (0, 0)
    # (uid, dealer uid) of each model an aftermath wounded (hits.wound_in_attack):
    # step 9 names the dealer as the killer of a model left with none
    wounded_by: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Model:
    """One model on the battlefield. `square` is None before deployment and
    after it is killed or captured (then `removed` says which)."""
    uid: str
    card: str
    seat: str
    wounds_left: int
    square: tuple[int, int] | None = None
    ap: int = 0
    activated: bool = False
    conditions: frozenset[Condition] = frozenset()
    removed: str = ""  # "", "killed" or "captured"
    captive: str = ""  # the uid of the enemy it captured (its capture token)
    # seed 004: "A large model occupies a larger square of 4 mutually adjacent
    # squares": `square` is then the top-left of its four
    large: bool = False
    equipment: str = ""  # the equipment token it carries (seed 004, EQUIPMENT TOKENS)
    # it was captured at some point, even if freed since (PROTECT THE LORDS: "none
    # of their heroes have been captured or killed")
    was_captured: bool = False

    @property
    def on_battlefield(self) -> bool:
        return self.square is not None and not self.removed

    @property
    def squares(self) -> tuple[Square, ...]:
        """The squares the model stands on: 1, or 4 for a large model."""
        if self.square is None:
            return ()
        return footprint(Square(*self.square)) if self.large else (Square(*self.square),)

    def with_ap(self, ap: int) -> Model:
        """The AP an activating model holds after a gain or loss: never more
        than 3, never fewer than 1 (seed 004, ACTIVATING A MODEL)."""
        return replace(self, ap=max(LEAST_AP, min(MOST_AP, ap)))


@dataclass(frozen=True)
class State:
    scenario: str
    rounds: int
    models: tuple[Model, ...]
    purses: dict[str, Purse]
    starting_copper: dict[str, int]
    phase: Phase = Phase.ROLL_OFF
    round: int = 1
    to_act: str = "a"            # the seat whose turn it is to choose
    first_player: str = ""       # holds the first-player token
    active_model: str = ""       # the uid of the model being activated, if any
    passed: str = ""             # the seat that passed last turn: the other can't pass now
    zones: dict[str, str] = field(default_factory=dict)  # seat -> "gold" or "silver"
    vp: dict[str, int] = field(default_factory=lambda: {s: 0 for s in SEATS})
    winner: str = ""             # "" while playing; "draw" for a draw
    end_reason: str = ""         # how it ended, when not by the VP count ("a conceded")
    attack: PendingAttack | None = None  # the attack in progress, between its steps
    doors: tuple = ()            # (opening index, state) of each door flipped in play
    surge: tuple = ()            # squares a model that broke a door may surge into
    surging: str = ""            # that model when it is not the active one (a granted charge)
    # Hidden information (agendas.py, objectives.py): system.view redacts it per seat.
    agenda_decks: dict[str, tuple[str, ...]] = field(default_factory=dict)  # seat -> deck
    agenda_hands: dict[str, tuple[str, ...]] = field(default_factory=dict)  # the 2 drawn
    # seat -> its hidden agendas: the one kept, then any a plunder token drew
    agendas: dict[str, tuple[str, ...]] = field(default_factory=dict)
    agendas_played: frozenset[tuple[str, str]] = frozenset()  # (seat, card) face up
    plundered: frozenset[tuple[int, int]] = frozenset()  # plunder tokens taken
    objectives_used: frozenset[tuple[int, int]] = frozenset()  # this activation
    fresh: bool = False  # the active model has not acted yet (agenda_plays.py)
    # the active model held a routed token as it activated: the token goes as
    # this activation ends (one gained during it waits for the next)
    began_routed: bool = False
    # corpse_pile.py: (uid, zone index) of each Big Corpse Pile tried this
    # activation, and of those whose BLOCKED squares count as OPEN for the model
    corpse_tried: tuple[tuple[str, int], ...] = ()
    corpse_open: tuple[tuple[str, int], ...] = ()
    # wounds_outside.py: (uid, wounds lost, wounds dealt, dealer uid or "") outside
    # an attack or by an aftermath, waiting for its player's wounds ability
    # (OLDEST BROTHER) or refusal; a model left with none stands at 0 until then
    wounds_waiting: tuple[tuple[str, int, int, str], ...] = ()
    free_action: str = ""  # the free action an agenda played owes it: "move", "attack"
    free_used: bool = False  # the active model used its 1st free action (ACTION 0)
    granted: tuple = ()  # (uid, action) another model's ability grants it now (granted.py)
    grants_queued: tuple = ()  # the grants waiting after it, in order (grant_queue.py)
    # (uid, roll, by): modifiers lasting until the end of the active model's
    # activation (an objective action's modify_roll: Watchtower)
    roll_bonuses: tuple[tuple[str, str, int], ...] = ()
    # (uid, "value" or "roll", which, by, until): changes lasting beyond the
    # ability that made them (lasting.py)
    lasting: tuple[tuple[str, str, str, int, str], ...] = ()
    # mounts.py: mounted models whose mount died in the attack in progress, each
    # waiting for its player to place the infantry model
    dismounting: tuple[str, ...] = ()
    # motivation_triggers.py: heroes whose card shows its Deceased side, and the
    # (seat, hero uid, ability) triggers waiting for their player's use or decline
    deceased: frozenset[str] = frozenset()
    pending: tuple[tuple[str, str, str], ...] = ()
    # start_of_game.py: (seat, uid, ability) waiting before round 1, and each
    # (chooser uid, nemesis uid, vp) chosen
    start_abilities: tuple[tuple[str, str, str], ...] = ()
    nemeses: tuple[tuple[str, str, int], ...] = ()
    # will_abilities.py: (seat, uid, ability) will abilities a passed will test allows
    will_triggers: tuple[tuple[str, str, str], ...] = ()
    # (hero uid, the squares it stood on, the uid of the model that killed it or "")
    fallen: tuple[tuple[str, tuple[tuple[int, int], ...], str], ...] = ()
    objective_cards: tuple[tuple[int, int, str], ...] = ()  # (x, y, card), face down
    objectives_revealed: frozenset[tuple[int, int]] = frozenset()
    # once_per.py: (uid, ability, per) abilities with a `once_per` limit used
    # this game, round or activation
    limited_uses: tuple[tuple[str, str, str], ...] = ()
    # triggers.py: (seat, uid, ability, trigger model uid) waiting for its player
    triggers: tuple[tuple[str, str, str, str], ...] = ()
    # end_phase_abilities.py: (seat, uid, ability) waiting in the end phase, and
    # whether this round's end phase began (its abilities were queued)
    end_phase_waiting: tuple[tuple[str, str, str], ...] = ()
    end_phase_begun: bool = False
    # equipment_uses.py: the uids whose once-per-game token is discarded
    spent_equipment: frozenset[str] = frozenset()
    # will_tokens.py: a command held back while the players say whether they
    # discard LUCKY CHARM / BLINDING POWDER before its will tests: (seat, command
    # type, its args as JSON, (carrier, token, tested) questions left, tokens used)
    will_declared: tuple = ()
    # terrain_entry.py: the squares of Dead Leaves tokens flipped (what lay under
    # them is now the square's terrain)
    leaves_flipped: frozenset[tuple[int, int]] = frozenset()
    # hits.py: (killed uid, killer uid) of each model an enemy's ability killed
    # outside an attack (its wounds or hits): model_triggers.py's kills_enemy
    killers: tuple[tuple[str, str], ...] = ()

    def model(self, uid: str) -> Model:
        for model in self.models:
            if model.uid == uid:
                return model
        raise KeyError(uid)

    def with_model(self, changed: Model) -> State:
        return replace(self, models=tuple(changed if m.uid == changed.uid else m
                                          for m in self.models))

    def models_of(self, seat: str) -> tuple[Model, ...]:
        return tuple(m for m in self.models if m.seat == seat)

    def at(self, square: tuple[int, int]) -> Model | None:
        for model in self.models:
            if not model.removed and tuple(square) in model.squares:
                return model
        return None

    def unactivated(self, seat: str) -> tuple[Model, ...]:
        return tuple(m for m in self.models_of(seat)
                     if m.on_battlefield and not m.activated)

    def waiting_to_place(self, seat: str) -> tuple[Model, ...]:
        """seed 004: models that did not fit "must be placed during the 1st
        round" as their activation; after it they are gone (killed)."""
        if self.round != 1 or self.phase != Phase.ACTIVATIONS:
            return ()
        return tuple(m for m in self.models_of(seat)
                     if m.square is None and not m.removed and not m.activated)

    def left_to_activate(self, seat: str) -> int:
        return len(self.unactivated(seat)) + len(self.waiting_to_place(seat))


# The classes `replace` copies directly: plain frozen dataclasses of this file,
# with no __post_init__, no init=False field and no cached property, so a copy
# of their fields with some changed is what their __init__ would build.
_COPIED = (Purse, PendingAttack, Model, State)
_FIELD_NAMES = {cls: frozenset(cls.__dataclass_fields__) for cls in _COPIED}


def replace(obj, /, **changes):
    """`dataclasses.replace`, faster for the classes above: evolve builds a new
    State (some 40 fields) several times an event, and dataclasses.replace reads
    every field and runs the frozen __init__, most of a replay's time. Any other
    dataclass goes to dataclasses.replace."""
    names = _FIELD_NAMES.get(type(obj))
    if names is None or not names.issuperset(changes):
        return dataclasses.replace(obj, **changes)  # (it names an unknown field)
    fields = obj.__dict__.copy()
    fields.update(changes)
    copied = object.__new__(type(obj))
    object.__setattr__(copied, "__dict__", fields)  # (frozen: set past its guard)
    return copied


def other(seat: str) -> str:
    return SEATS[1] if seat == SEATS[0] else SEATS[0]
