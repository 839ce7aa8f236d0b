"""The state of a Swords & Sorcery match (seed 003): plain frozen dataclasses,
so `server.rules.checksum.state_digest` digests it and `evolve` returns a new
state. Positions are tenths of an inch on the measured table
(server/rules/board/measured.py). Rule modules read it and build the next one
with `dataclasses.replace` or the helpers here; none imports system.py."""

from __future__ import annotations

from dataclasses import dataclass, replace

from server.rules.board.measured import Base
from server.rules.sns.table import terrain_of

SEATS = ("a", "b")

# seed 003, TURN SEQUENCE, in order. "morale" and "rally" are resolved without
# a choice (docs/rules/sns.md, "Turn sequence"); "start" is the match's first
# roll-off, "over" the end.
FAST_MOVE, SLOW_MOVE, RANGED, POLEARM, HTH = "fast_move", "slow_move", "ranged", "polearm", "hth"
# At the start of the polearm phase: "Flyers must declare if they are engaging in
# HTH" (flight.py); skipped when no flyer has to declare.
FLYERS = "flyers"
RALLY = "rally"  # after the morale checks: rally-phase spells, then the rally rolls
PHASES = (FAST_MOVE, SLOW_MOVE, RANGED, FLYERS, POLEARM, HTH)
START, OVER, SPELL_SWAP, DEPLOY = "start", "over", "spell_swap", "deploy"
MOVE_PHASES = (FAST_MOVE, SLOW_MOVE)
# Phases acted one side after the other (the roll-off's winner first: "Roll
# high to see which player goes first"); the attack phases are declared by
# both sides at once and resolved together ("all other attacks are simultaneous").
SEQUENTIAL = (FAST_MOVE, SLOW_MOVE, RANGED)


def other(seat: str) -> str:
    return "b" if seat == "a" else "a"


@dataclass(frozen=True)
class Figure:
    """One figure on the table. `kit` is its priced kit (army/check.py);
    everything the tables read from it is `profile.profile(kit)`."""

    uid: str
    seat: str
    name: str
    kit: tuple[str, ...]
    cost: int
    x: int
    y: int
    facing: int
    radius: int
    hits: int                 # hits left ("Killed (Unit loses 1 Hit)")
    wounds: int = 0           # cumulative: -1 move, attack and damage each
    stunned: bool = False     # "next attack roll is at -1"
    disarmed: bool = False
    knocked_down: int = 0     # the turn it fell; 0 standing (stands at the next turn's end)
    mortal: int = 0           # turns left to live when mortally wounded, 0 not
    immobilized: int = 0      # the last turn it is held (a net), 0 free
    dead: bool = False
    fled: bool = False        # routed off the table
    routing: bool = False
    routed_turn: int = 0      # the turn its morale failed
    fatigued: int = 0         # the turn it is fatigued in (doubled its move the turn before)
    moved: bool = False       # moved this turn (archers: -1)
    retreated: bool = False   # retreated this turn: cannot attack
    retreat_failed: bool = False  # tried and failed this turn
    spears_set: bool = False  # infantry that did not move, set to receive a charge
    charged: tuple[str, ...] = ()  # enemies it moved into contact with from 2" or more
    engaged: int = 0          # the turn a flyer declared it engages in HTH (flight.py)
    attacks_made: int = 0     # this turn ("one attack per turn", plus additional attacks)
    attacked: bool = False    # was attacked this turn (a morale trigger)
    last_shot: int = 0        # the turn a reloading weapon last fired
    effects: tuple[tuple[str, int], ...] = ()  # (spell effect, last turn it lasts)
    charmed_from: str = ""    # its own seat while a Charm holds it
    breaths: int = 0          # the Dragon's fire breaths used ("Useable 3x per day")
    climbing: tuple = ()      # (the turn it arrives, x, y) while on a wall
    types: tuple[str, ...] = ()  # what it is ("+1 Bonus vs units of a certain type")
    cast_once: tuple[str, ...] = ()  # its items' once-a-battle spells already cast
    surprised: tuple[str, ...] = ()  # enemies it charged out of their sight ("Surprise attack")

    @property
    def base(self) -> Base:
        return Base(self.x, self.y, self.radius)

    @property
    def on_table(self) -> bool:
        return not (self.dead or self.fled)

    @property
    def can_act(self) -> bool:
        """Neither gone, dying nor held: "Unit immobilized & will die in 1D6";
        "Immobilized units cannot move or attack"."""
        return self.on_table and not self.mortal and not self.climbing


@dataclass(frozen=True)
class Layout:
    """The table: its size (units), its layout's name (table.py), and what the
    spells changed: pieces added (Stone Wall, Petrify, Alter Terrain) and the
    names of pieces removed (Stone to Mud, Alter Terrain)."""

    width: int
    height: int
    name: str = "open"
    added: tuple = ()
    removed: tuple[str, ...] = ()

    @property
    def terrain(self) -> tuple:
        return terrain_of(self.name, self.added, self.removed)


@dataclass(frozen=True)
class State:
    figures: tuple[Figure, ...]
    layout: Layout
    turn: int = 1
    phase: str = START
    first: str = "a"             # who acts first this phase (its roll-off)
    acting: str = "a"            # in a sequential phase, who acts now
    done: tuple[str, ...] = ()   # figures done this phase; seats done declaring
    declared: tuple[tuple[str, str, str], ...] = ()  # (attacker, target, spell or "")
    hth_counts: tuple[tuple[str, int], ...] = ()  # HTH attacks received this turn, by target
    last_turn: int = 12
    winner: str | None = None
    reason: str = ""
    aftermath: tuple = ()        # AFTER THE BATTLE casualty rolls, per figure
    names: tuple[tuple[str, str], ...] = (("a", "a"), ("b", "b"))
    hands: tuple[tuple[str, tuple[str, ...]], ...] = ()  # caster -> spell cards (secret)
    drawn: tuple[tuple[str, tuple[str, ...]], ...] = ()  # seat -> cards drawn from its deck
    fire_walls: tuple[tuple[str, str], ...] = ()  # Fire Wall piece -> its caster's seat

    def hand(self, uid: str) -> tuple[str, ...]:
        return dict(self.hands).get(uid, ())

    def figure(self, uid: str) -> Figure:
        for f in self.figures:
            if f.uid == uid:
                return f
        raise KeyError(uid)

    def side(self, seat: str) -> list[Figure]:
        return [f for f in self.figures if f.seat == seat]

    def present(self, seat: str) -> list[Figure]:
        return [f for f in self.figures if f.seat == seat and f.on_table]

    def with_figure(self, figure: Figure) -> State:
        return replace(self, figures=tuple(figure if f.uid == figure.uid else f
                                           for f in self.figures))

    def hth_received(self, uid: str) -> int:
        return dict(self.hth_counts).get(uid, 0)
