"""Ranged combat: who may shoot whom (seed 000, RANGED COMBAT to TARGETING
RESTRICTIONS).

`sight` is the hex adaptation of LINE OF SIGHT, COVER and WOODS for one
shooter and one target; `targets` applies NO SHOOTING IN OR OUT OF MELEE and
TARGETING RESTRICTIONS to give the legal targets. The modifiers of a shot are
in ranged_modifiers.py; `attacks.shoot` rolls it (a missile or a spell used as
a ranged attack), Heroes may re-roll, and `attacks.finish_shot` totals it.
docs/rules/sbh.md, "Ranged combat", has the readings.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from server.rules.board.hex import distance
from server.rules.sbh import magic_items
from server.rules.sbh.figures import Figure
from server.rules.sbh.geometry_cache import (
    SIDE_MOVE,
    board_sight,
    code,
    line_blocked,
    low_edge_sides,
    sight_between,
    sight_sides,
)
from server.rules.sbh.movement import figures_next_to
from server.rules.sbh.state import SbhState, remembered
from server.rules.sbh.terrain import LONG, MEDIUM, SHORT
from server.rules.sbh.turns import unseen_at_turn_start

RANGED = "seed 000, RANGED COMBAT"
RANGES = {"Short": SHORT, "Medium": MEDIUM, "Long": LONG}
SPELL_RANGES = {1: SHORT, 2: MEDIUM, 3: LONG}  # seed 000, SPELL RANGE


@dataclass(frozen=True, slots=True)
class Sight:
    """What a shooter sees of a target: can it shoot, and with what."""

    distance: int
    cover: bool = False  # -1 (seed 000, COVER; WOODS)
    max_range: int | None = None  # woods limit the range to 1 x Short
    into_melee: bool = False  # an Evil shooter's target fighting its friends (`evil`)


def sight(state: SbhState, shooter: Figure, target: Figure,
          figures: frozenset[int] | None = None) -> Sight | None:
    """None if `shooter` cannot trace a line of sight to `target`.

    Seed 000, LINE OF SIGHT: "If this line goes through any solid obstacle or
    model, the shot is impossible", except a friend adjacent to the shooter
    (shooting over a friend's shoulder). "Any point of the shooter's base to any
    point of the target's base": either reading of the hex line will do; a
    target seen on one reading only is partially obscured (cover) if the other
    reading is blocked by scenery. `figures`: `blocking_figures` for this
    shooter, when the caller checks several targets."""
    board = state.board
    a, b = shooter.pos, target.pos
    in_woods_a, in_woods_b = board.kind(a).woods, board.kind(b).woods
    woods = _woods(state, a, b, in_woods_a, in_woods_b)
    if woods is None:
        return None
    if figures is None:
        figures = blocking_figures(state, shooter)
    scenery = board_sight(board)[1 if in_woods_b else 0]
    base = code(a[0], a[1])
    dq, dr = b[0] - a[0], b[1] - a[1]
    first, second = sight_between(dq, dr, 1), sight_between(dq, dr, -1)
    if board.edges:  # walls and hedges: the sides each reading crosses count too
        readings = [_walled_reading(board, base, dq, dr, nudge, between, scenery, figures)
                    for nudge, between in ((1, first), (-1, second))]
    else:  # no sides to cross: a reading is clear when no blocker lies on it
        reading = _open_reading(tuple(map(base.__add__, first)), scenery, figures)
        readings = [reading, reading if second is first else  # (the same hexes)
                    _open_reading(tuple(map(base.__add__, second)), scenery, figures)]
    clear = [r for r in readings if r is not None]
    if not clear:
        return None
    # every clear reading crosses a low wall or hedge: cover, but not for a Big,
    # Huge or Gargantuan target (BIG: "if a scenic feature isn't taller than half
    # the height of the creature, it doesn't offer enough protection to count as
    # cover"; LINEAR OBSTACLES: walls taller than half a man "require climbing")
    low_edge = target.size == 0 and all(crossed for crossed in clear)
    blocked_nudge = -1 if readings[1] is None else 1
    partial = len(clear) == 1 and _scenery_blocks(state, a, b, blocked_nudge, in_woods_b)
    elevated = board.kind(a).elevated and not board.kind(b).elevated
    cover = woods["cover"] or (not elevated and (low_edge or partial))
    return Sight(distance(a, b), cover=cover, max_range=woods["max_range"])


def blocking_figures(state: SbhState, shooter: Figure) -> frozenset[int]:
    """The figures a shot from `shooter` cannot pass (all but a friend at its
    shoulder), as hex codes (see geometry_cache)."""
    a = shooter.pos
    return frozenset(code(h[0], h[1]) for h, other in state.occupancy().items()
                     if not (other.seat == shooter.seat and distance(h, a) == 1))


def _scenery_blocks(state: SbhState, a, b, nudge: int, into_woods: bool) -> bool:
    """This reading of the line is blocked by scenery alone (figures aside)."""
    board = state.board
    scenery = board_sight(board)[1 if into_woods else 0]
    if board.edges:
        dq, dr = b[0] - a[0], b[1] - a[1]
        return _walled_reading(board, code(a[0], a[1]), dq, dr, nudge,
                               sight_between(dq, dr, nudge), scenery, frozenset()) is None
    return line_blocked(scenery, a, b, nudge)


def _open_reading(between: tuple[int, ...], scenery: frozenset[int],
                  figures: frozenset[int]) -> bool | None:
    """A reading of the line on a table without linear obstacles, by set tests
    on the codes of the hexes strictly between the ends: None if blocked ("any
    solid obstacle or model"), else False (no low wall or hedge crossed)."""
    if scenery.isdisjoint(between) and figures.isdisjoint(between):
        return False
    return None


def _walled_reading(board, base: int, dq: int, dr: int, nudge: int, between,
                    scenery: frozenset[int], figures: frozenset[int]) -> bool | None:
    """A reading of the line from the hex coded `base` to offset (dq, dr) where
    linear obstacles stand: None if a blocker lies on it or it crosses a tall
    wall; otherwise whether it crosses a low wall or hedge that is not on a side
    of the shooter's own hex (its first side). By set tests on codes, as
    `_open_reading`; tests/sbh/test_sight_walls.py checks it against walking
    the hex line side by side."""
    if _open_reading(tuple(map(base.__add__, between)), scenery, figures) is None:
        return None
    tall, low = board_sight(board)[2], low_edge_sides(board)
    moved = base * SIDE_MOVE
    sides = sight_sides(dq, dr, nudge)
    if tall and not tall.isdisjoint(map(moved.__add__, sides)):
        return None
    return bool(low) and not low.isdisjoint(map(moved.__add__, sides[1:]))


def _woods(state: SbhState, a, b, in_a: bool, in_b: bool) -> dict | None:
    """Seed 000, WOODS: outside in: only from a hex touching the wood, at most
    Short, -1; inside out: only from the wood's edge; both inside: at most
    Short, -1. (Its +1 Ambush bonus is `ambushes`.)"""
    touches = state.board.touches_woods
    if in_b and not in_a:
        if not touches(a, True):
            return None
        return {"cover": True, "max_range": SHORT}
    if in_a and not in_b:
        if not touches(a, False):
            return None
        return {"cover": False, "max_range": None}
    if in_a and in_b:
        return {"cover": True, "max_range": SHORT}
    return {"cover": False, "max_range": None}


def ambushes(state: SbhState, shooter: Figure, target: Figure) -> bool:
    """Seed 000, AMBUSH BONUS: "A model that starts the turn hiding behind woods
    ... or is somehow hidden by any other scenic feature, is called an
    ambusher. Ambushers have +1 on their Combat rolls if they shoot missiles from
    within cover"; "the opponent he is ... targeting with a ranged attack must
    not be able to draw a line of sight to him before the character moves out
    of his hiding place". The ambusher is decided as in melee
    (turns.unseen_at_turn_start); "from within cover": the shooter now stands
    in woods or against cover (SbhBoard.against_cover). Only on its first
    attack of the turn ("the ambush bonus applies only on his first attack").
    WOODS: a target outside the wood "adjacent to the edge of the wood ...
    negates his Ambush bonus"; DANGER SENSE denies it."""
    board = state.board
    here, there = shooter.pos, target.pos
    if shooter.attacked is not None or target.has("Danger Sense"):
        return False
    if not board.against_cover(here):
        return False  # stepped out of hiding into the open
    if board.kind(here).woods and not board.kind(there).woods \
            and board.touches_woods(there, True):
        return False
    return unseen_at_turn_start(state, shooter, target)


# -- who may shoot whom -----------------------------------------------------------

def in_melee(state: SbhState, fig: Figure, *, spell: bool = False) -> bool:
    """Seed 000, NO SHOOTING IN OR OUT OF MELEE: "If the shooter is in melee with
    only a fallen foe, the shooter can fire"; RESTRICTIONS IN SPELL CASTING:
    "unless all the adjacent foes are fallen or transfixed"."""
    for e in figures_next_to(state, fig.pos):
        if e.seat != fig.seat and not e.fallen and not (spell and e.transfixed):
            return True
    return False


def band(dist: int, base: int) -> int | None:
    """1, 2 or 3 times the range, or None beyond three times."""
    for multiple in (1, 2, 3):
        if dist <= base * multiple:
            return multiple
    return None


def shooter_range(fig: Figure) -> int:
    return RANGES[fig.param("Shooter") or "Short"]


def can_shoot(fig: Figure) -> bool:
    """Shooter with missiles left, no melee this turn, and one ranged attack a
    turn unless Legendary Shot (seed 000, ACTIVATED FIGURES; LEGENDARY SHOT)."""
    if not fig.has("Shooter") or fig.out_of_missiles or fig.transfixed:
        return False
    return fig.attacked is None or (fig.attacked == "ranged" and fig.has("Legendary Shot"))


def targets(state: SbhState, shooter: Figure, *, base_range: int, spell: bool = False,
            max_multiple: int = 3, magic_weapon: bool = False,
            into_melee: bool = False) -> dict[str, Sight]:
    """The enemies `shooter` may legally attack at range, with how it sees them.

    Seed 000, TARGETING RESTRICTIONS: "The shooter must always shoot at the
    closest enemy model, unless that enemy model's point value is less than
    half of the shooter's. The shooter may also ignore an enemy model who is
    hiding, fallen or protected by cover. A shooter may also always ignore
    regular-sized foes in order to shoot a Big, Huge, or Gargantuan model." So a
    target is legal unless a closer valid target exists that may not be
    ignored in its favour. ("Hiding" models are the Stealthy ones against cover,
    which are no valid target at all, and unrevealed Ambush markers.)
    `magic_weapon` (a magic javelin) and `spell` may target Stealth models
    (seed 000, STEALTH); only `spell` brings the other spell rules.
    `into_melee`: an Evil shooter's shot may also take an enemy fighting its
    friends, one it may always ignore for a closer one (seed 001, Evil: "May
    shoot into hand-to-hand combats"; `evil.py`).
    Remembered until the state changes (a prompt asks it for a shot and for a
    Concentrated Shooting, the command's check again): callers only read it."""
    return remembered(state, ("targets", shooter.id, base_range, spell, max_multiple,
                              magic_weapon, into_melee),
                      lambda s: _targets(s, shooter, base_range, spell, max_multiple,
                                         magic_weapon, into_melee))


def _targets(state: SbhState, shooter: Figure, base_range: int, spell: bool,
             max_multiple: int, magic_weapon: bool = False,
             into_melee: bool = False) -> dict[str, Sight]:
    valid = {enemy.id: (enemy, seen) for enemy, seen in
             _valid_targets(state, shooter, base_range, spell, max_multiple, magic_weapon,
                            into_melee)}
    legal = {}
    for fid, (enemy, seen) in valid.items():
        blocked = any(other.distance < seen.distance
                      and not _may_ignore(shooter, other_fig, other, for_large=enemy.size > 0)
                      for other_fig, other in valid.values())
        if not blocked:
            legal[fid] = seen
    return legal


def has_target(state: SbhState, shooter: Figure, *, base_range: int,
               into_melee: bool = False) -> bool:
    """Whether `targets` would name anyone: the closest valid target is always
    a legal one (only a closer valid target can take precedence), so finding
    one valid target is enough."""
    return any(True for _ in _valid_targets(state, shooter, base_range, False, 3,
                                            into_melee=into_melee))


def _valid_targets(state: SbhState, shooter: Figure, base_range: int, spell: bool,
                   max_multiple: int, magic_weapon: bool = False, into_melee: bool = False):
    """The enemies `shooter` could shoot were no other enemy closer, with how it
    sees them, one at a time (so a caller may stop at the first)."""
    if shooter.pos is None or in_melee(state, shooter, spell=spell):
        return
    blockers: list = []  # blocking_figures(state, shooter), once a line is traced
    for enemy in state.on_table():
        if enemy.seat != shooter.seat:
            seen = _valid_target(state, shooter, enemy, base_range, spell, max_multiple,
                                 blockers, magic_weapon, into_melee)
            if seen is not None:
                yield enemy, seen


def _valid_target(state: SbhState, shooter: Figure, enemy: Figure, base_range: int,
                  spell: bool, max_multiple: int, blockers: list,
                  magic_weapon: bool = False, into_melee: bool = False) -> Sight | None:
    multiple = band(distance(shooter.pos, enemy.pos), base_range)
    if multiple is None or multiple > max_multiple:
        return None  # out of range: no need to trace the line
    stealthy = enemy.has("Stealth") or (state.magic_item is not None
                                         and magic_items.cloaked(state, enemy))
    if stealthy and not (spell or magic_weapon) and state.board.against_cover(enemy.pos):
        # seed 000, STEALTH: "unless the ranged attack is performed with a magic
        # weapon or is a spell ... may always target a model with Stealth"
        return None
    fighting_friends = any(f.seat == shooter.seat and f.id != shooter.id
                           for f in figures_next_to(state, enemy.pos))
    if fighting_friends and not into_melee:
        return None  # "you can't shoot someone who is in a melee with one of your friends"
    if not blockers:
        blockers.append(blocking_figures(state, shooter))
    seen = sight(state, shooter, enemy, blockers[0])
    if seen is None:
        return None
    if seen.max_range is not None and seen.distance > seen.max_range:
        return None
    return replace(seen, into_melee=True) if fighting_friends else seen


def _may_ignore(shooter: Figure, enemy: Figure, seen: Sight, *, for_large: bool) -> bool:
    return (enemy.points * 2 < shooter.points or enemy.fallen or seen.cover
            or seen.into_melee or (for_large and enemy.size == 0))
