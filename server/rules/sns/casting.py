"""Casting the spells of the deck (seed 003, SPELLS): who may cast what now,
the prompt's parameters (a target, a point, a facing for a cone), and the
events (attacks, saves, lasting effects). One spell a turn per caster, and it
is the caster's attack of the turn (docs/rules/sns.md, "Spells")."""

from __future__ import annotations

from server.rules.board.measured import (
    Base,
    Point,
    cone_from_front,
    gap_within,
    in_radius,
    inches,
    overlap,
    point_within_reach,
)
from server.rules.board.measured_paths import Table
from server.rules.board.measured_terrain import SOLID
from server.rules.dice import Dice
from server.rules.kernel import CommandSpec, Deferred
from server.rules.sns import combat, flight, movement, terrain_spells
from server.rules.sns.attacks import PERMANENT, Attack, attack_modifiers, has_effect, is_undead
from server.rules.sns.evolve import Stepper
from server.rules.sns.placements import Placements, table_change
from server.rules.sns.setup import figure_profile
from server.rules.sns.spells import Spell, save_modifiers, saves, spells
from server.rules.sns.state import MOVE_PHASES, RANGED, Figure, State

SINGLE = ("friend", "enemy", "any", "contact", "dead_friend", "dead")
UNDEAD_CHECK = -8  # Turn Undead: "must check morale at -8"
FEAR_CHECK = -1    # Fear: "must check morale at -1"
ROUTS_ON = 4


def castable(state: State, caster: Figure) -> list[Spell]:
    if not caster.can_act or caster.routing or not combat.may_attack(state, caster):
        return []
    phase = "move" if state.phase in MOVE_PHASES else state.phase
    if phase == "move" and not movement.may_move(state, caster, state.phase):
        return []
    found = []
    for name in dict.fromkeys((*state.hand(caster.uid), *once_left(caster))):
        spell = spells()[name]
        if spell.phase == phase and (phase != RANGED or not movement.in_base_contact(
                state, caster)) and _has_targets(state, caster, spell):
            found.append(spell)
    return found


def once_left(caster: Figure) -> list[str]:
    """The spells its magic items cast once a battle (the Rune Sword's "Cast 1
    Fireball per battle") not yet cast."""
    left = list(figure_profile(caster).item_spells)
    for name in caster.cast_once:
        left.remove(name)
    return left


def _from_item(state: State, caster: Figure, spell: str) -> dict:
    """A spell both in hand and on an item is cast from the item first (the
    same one cast either way; the event says which is spent)."""
    return {"once": True} if spell in once_left(caster) else {}


def _in_reach(state: State, caster: Figure, spell: Spell, pool: str) -> list[Figure]:
    if pool == "contact":  # a HTH attack: a flyer aloft is out of reach (flight.py)
        return [e for e in movement.in_base_contact(state, caster)
                if flight.may_fight(state, caster, e)]
    if pool in ("dead_friend", "dead"):  # (a figure that fled the table is not there)
        return [f for f in state.figures if (pool == "dead" or f.seat == caster.seat)
                and f.dead and not f.fled
                and not any(name == "petrified" for name, _ in f.effects)
                and gap_within(caster.base, f.base, inches(spell.range))]
    figures = [f for f in state.figures if f.on_table]
    if pool == "friend":
        figures = [f for f in figures if f.seat == caster.seat]
    elif pool == "enemy":
        figures = [f for f in figures if f.seat != caster.seat]
    return [f for f in figures if gap_within(caster.base, f.base, inches(spell.range))]


def _has_targets(state: State, caster: Figure, spell: Spell) -> bool:
    if spell.target in SINGLE:
        return bool(_in_reach(state, caster, spell, spell.target))
    if spell.effect == "stone_to_mud":
        return bool(terrain_spells.earth_pieces(state, caster, spell.range))
    if spell.target == "place":
        return bool(Placements(state, caster, spell).values())
    return True


class Points(Deferred):
    """An area spell's point: any point on the table within the spell's range of
    the caster's rim. Described ("point", board/measured_areas.py); listed, the
    centres of the figures in reach."""

    def __init__(self, state: State, caster: Figure, spell: Spell) -> None:
        self.check = lambda p: (0 <= p[0] <= state.layout.width
                                and 0 <= p[1] <= state.layout.height
                                and point_within_reach(caster.base, p, inches(spell.range)))
        self.description = {"shape": "point", "from": [caster.x, caster.y],
                            "radius": caster.radius, "reach": inches(spell.range),
                            "table": [state.layout.width, state.layout.height]}
        super().__init__(lambda: [[f.x, f.y] for f in state.figures if f.on_table
                                  and f.uid != caster.uid and self.check((f.x, f.y))]
                         or [[caster.x, caster.y]])

    def __contains__(self, value) -> bool:
        return (isinstance(value, list) and len(value) == 2
                and all(type(v) is int for v in value) and self.check(value))

    def describe(self) -> dict:
        return dict(self.description)


class Landing(Deferred):
    """Teleport's destination: anywhere on the table the figure's base fits, on
    no other base and in no impassable piece, wall or cliff. Described as a
    "placement" whose rows are the whole table; listed, a 6" grid of such
    points."""

    def __init__(self, state: State, figure: Figure) -> None:
        others = [f.base for f in state.figures if f.on_table and f.uid != figure.uid]
        table = Table(state.layout.width, state.layout.height)
        solid = [p for p in state.layout.terrain if p.movement in SOLID]
        self.description = {"shape": "placement", "rows": [0, table.height],
                            "radius": figure.radius, "table": [table.width, table.height],
                            "others": [list(o) for o in others],
                            "solid": [p.describe() for p in solid]}

        def fits(p) -> bool:
            base = Base(p[0], p[1], figure.radius)
            return (table.holds(p, figure.radius) and not any(overlap(base, o) for o in others)
                    and not any(piece.polygon.near_segment(p, p, figure.radius)
                                for piece in solid))
        self.fits = fits
        step = inches(6)
        super().__init__(lambda: [[x, y] for x in range(step, table.width, step)
                                  for y in range(step, table.height, step) if fits((x, y))])

    def __contains__(self, value) -> bool:
        return (isinstance(value, list) and len(value) == 2
                and all(type(v) is int for v in value) and self.fits(value))

    def describe(self) -> dict:
        return dict(self.description)


def option(state: State, caster: Figure, spell: Spell) -> CommandSpec | list[CommandSpec]:
    args = {"figure": caster.uid, "spell": spell.name}
    label = f"{caster.name} casts {spell.name}"
    if spell.effect == "stone_to_mud":
        return CommandSpec("cast", label, args, {"piece": terrain_spells.earth_pieces(
            state, caster, spell.range)})
    if spell.target == "place":
        return CommandSpec("cast", label, args, {"place": Placements(state, caster, spell)})
    if spell.effect == "teleport":
        return [CommandSpec("cast", f"{label} on {f.name}", {**args, "target": f.uid},
                            {"to": Landing(state, f)})
                for f in _in_reach(state, caster, spell, spell.target)]
    if spell.target in SINGLE:
        targets = [f.uid for f in _in_reach(state, caster, spell, spell.target)]
        return CommandSpec("cast", label, args, {"target": targets})
    if spell.radius:
        return CommandSpec("cast", label, args, {"point": Points(state, caster, spell)})
    if spell.cone:
        return CommandSpec("cast", label, args, {"facing": movement.Facings(
            lambda: movement.toward_nearest(state, caster), cone_inches=spell.range)})
    return CommandSpec("cast", label, args)


def affected(state: State, caster: Figure, spell: Spell, args) -> list[Figure]:
    on_table = [f for f in state.figures if f.on_table and f.uid != caster.uid]
    if "target" in args:
        return [state.figure(args["target"])]
    if spell.radius:
        return [f for f in on_table if in_radius(Point(*args["point"]), inches(spell.radius),
                                                 f.base)]
    if spell.cone:
        cone = cone_from_front(caster.base, args["facing"], spell.range)
        return [f for f in on_table if cone.touches(f.base)]
    near = [f for f in on_table if gap_within(caster.base, f.base, inches(spell.around))]
    if spell.target in ("friends",):
        return [f for f in near if f.seat == caster.seat] + [caster]
    if spell.target == "enemies":
        return [f for f in near if f.seat != caster.seat]
    if spell.target == "undead":
        return [f for f in near + [caster] if is_undead(f, figure_profile(f))]
    return near


def cast(step: Stepper, caster_uid: str, spell_name: str, args, dice: Dice) -> None:
    spell = spells()[spell_name]
    before = step.state
    caster = before.figure(caster_uid)
    if spell.effect == "touch":  # Touch of Death: "HTH attack", declared with the others
        step.emit("declared", figure=caster_uid, target=args["target"], spell=spell.name,
                  **_from_item(before, caster, spell.name))
        return
    if spell.target in ("place", "earth"):
        change = table_change(before, spell, args)  # (refused before anything happens)
        step.emit("spell_cast", figure=caster_uid, spell=spell_name,
                  **{k: args[k] for k in ("place", "piece") if k in args},
                  **_from_item(before, caster, spell_name))
        if spell.effect == "fire_wall":  # whose enemies its fear ability frightens
            change["seat"] = caster.seat
        step.emit("terrain_changed", **change)
        return
    targets = affected(before, caster, spell, args)
    step.emit("spell_cast", figure=caster_uid, spell=spell_name,
              **{k: args[k] for k in ("target", "point", "facing") if k in args},
              **_from_item(before, caster, spell_name))
    state = step.state
    if spell.effect == "attack":  # (rolled as the caster stood before casting)
        for target in targets:
            step.emit("attacked", spell=spell.name,
                      **_spell_attack(before, caster_uid, target.uid, spell, dice))
        return
    if spell.effect == "turn_undead":
        for target in targets:
            _forced_check(step, target, UNDEAD_CHECK, "Turn Undead", dice)
        return
    if spell.effect == "dispell":
        step.emit("dispelled", figure=targets[0].uid)
        return
    if spell.effect == "heal":  # "Remove all wounds on one figure" (a mortal one too)
        target = targets[0]
        step.emit("healed", figure=target.uid, wounds=target.wounds, mortal=bool(target.mortal))
        return
    if spell.effect == "great_heal":  # "Remove one wound from all friendly units in 5""
        for target in targets:
            if target.mortal or target.wounds:
                step.emit("healed", figure=target.uid, wounds=0 if target.mortal else 1,
                          mortal=bool(target.mortal))
        return
    if spell.effect == "resurrect":  # "Restore one dead unit to 1 Hit"
        step.emit("resurrected", figure=targets[0].uid)
        return
    if spell.effect == "animate":  # "Target Dead unit becomes undead & gains fear ability"
        step.emit("animated", figure=targets[0].uid, seat=caster.seat, last=PERMANENT)
        return
    if spell.effect == "teleport":  # "Move self or unit within 10" anywhere on table"
        step.emit("teleported", figure=targets[0].uid, to=list(args["to"]))
        return
    if spell.effect == "berserk":  # "2D6 Friendly units within 10"": the nearest
        count = sum(dice.roll(2, 6))
        targets = sorted(targets, key=lambda f: ((f.x - caster.x) ** 2 + (f.y - caster.y) ** 2,
                                                 f.uid))[:count]
    for target in targets:
        _lasting(step, state, caster, target, spell, dice)


def _spell_attack(state: State, caster: str, target: str, spell: Spell, dice: Dice) -> dict:
    """An attack spell is a ranged attack ("Ranged Attacks: This includes ...
    many spells") at the spell's bonuses, and the magestaff's "+1 Attacker is a
    Spellcaster casting an attack spell with a Magestaff"."""
    attack = Attack(caster, target, "ranged", spell.name)
    (roll,) = dice.roll(1, 12)
    return combat.rolled_attack(state, attack, roll, dice, spell_rows(state, caster, spell))


def spell_rows(state: State, caster: str, spell: Spell) -> list[tuple[int, str]]:
    rows = [(spell.attack, f"{spell.name}: Attack roll +{spell.attack}")] if spell.attack else []
    if figure_profile(state.figure(caster)).has("Magestaff"):
        rows.append((1, "Attacker is a Spellcaster casting an attack spell with a Magestaff"))
    return rows


def _lasting(step: Stepper, state: State, caster: Figure, target: Figure, spell: Spell,
             dice: Dice) -> None:
    data: dict = {"figure": target.uid, "spell": spell.name, "effect": spell.effect}
    if spell.save and target.seat != caster.seat or spell.save and spell.radius:
        mods = save_modifiers(figure_profile(caster), figure_profile(target),
                              has_effect(target, "enlarged", state.turn))
        (roll,) = dice.roll(1, 12)
        data.update(save_roll=roll, save_modifiers=[[v, t] for v, t in mods],
                    saved=saves(roll, mods))
        if data["saved"]:
            step.emit("spell_effect", **data)
            return
    if spell.effect == "petrify":
        step.emit("petrified", figure=target.uid, **terrain_spells.statue(step.state, target))
        return
    if spell.effect == "charm":  # "Take control of target unit"
        step.emit("charmed", figure=target.uid, seat=caster.seat)
        return
    turns = spell.turns or (dice.roll(1, spell.dice)[0] if spell.dice else 1)
    data["last"] = state.turn + turns - 1
    step.emit("spell_effect", **data)


def _forced_check(step: Stepper, figure: Figure, modifier: int, why: str, dice: Dice) -> None:
    from server.rules.sns.morale import modifiers
    if figure.routing or not figure.can_act:
        return
    mods = [*modifiers(step.state, figure), (modifier, why)]
    (roll,) = dice.roll(1, 12)
    step.emit("morale_checked", figure=figure.uid, triggers=[why], roll=roll,
              modifiers=[[v, t] for v, t in mods],
              routs=roll + sum(v for v, _ in mods) <= ROUTS_ON)


__all__ = ["attack_modifiers", "cast", "castable", "option"]


def charm_saves(step: Stepper, dice: Dice) -> None:
    """Charm: "The unit may save each turn": at the end of every turn a charmed
    figure saves (without the caster's magestaff, the spell being cast); on a
    save it is its own side's again."""
    for figure in step.state.figures:
        if not (figure.charmed_from and figure.on_table):
            continue
        mods = save_modifiers(_NO_CASTER, figure_profile(figure),
                              has_effect(figure, "enlarged", step.state.turn))
        (roll,) = dice.roll(1, 12)
        step.emit("charm_save", figure=figure.uid, roll=roll,
                  modifiers=[[v, t] for v, t in mods], saved=saves(roll, mods))


class _NoCaster:
    """Stands for the caster in a later save: no magestaff."""

    @staticmethod
    def has(name: str) -> bool:
        return False


_NO_CASTER = _NoCaster()
