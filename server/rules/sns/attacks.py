"""ATTACK RESOLUTION, ATTACK ROLL MODIFIERS, DAMAGE ROLL TABLE and LIST OF
MODIFIERS TO DAMAGE ROLL (seed 003): one attack of one figure on another,
its modifiers each named, its dice, and what the damage does to the target.

An attack is worked out against a state that does not change while the
attacks of one step are rolled, which is how "simultaneous" attacks are made
(melee.py); `apply_outcome` then changes the target."""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace

from server.rules.board.measured import arc
from server.rules.sns import creatures
from server.rules.sns.army.catalog import Weapon
from server.rules.sns.profile import AXES, FLAILS, KNOCKS_DOWN, PICKS, SWORDS, Profile
from server.rules.sns.setup import figure_profile
from server.rules.sns.state import Figure, State

ATTACK = "seed 003, ATTACK ROLL MODIFIERS"
DAMAGE = "seed 003, LIST OF MODIFIERS TO DAMAGE ROLL"
HIT_ON = 7  # "1-6 Miss", "7-12 Hit"
BARE_HANDS = "Bare hands"
# Attacks that are no weapon of the catalog: no damage bonus is printed for the
# breath or the bomb; claws are a creature's own attack ("Claws" adds its +1 as a
# special bonus).
AREA_DAMAGE = {"Fire breath": 0, "Bomb": 0, "Claws": 0}
CLAWS = Weapon(name="Claws", category="natural")

# DAMAGE ROLL TABLE: the result for a modified roll (1 or less ... 9-12+).
RESULTS = ((1, "stunned"), (3, "wounded"), (4, "wounded_disarmed"),
           (5, "wounded_knocked_down"), (6, "wounded_disarmed_knocked_down"),
           (8, "mortally_wounded"))


@dataclass(frozen=True)
class Attack:
    """Who attacks whom, how: kind "ranged", "polearm" or "hth"; the weapon's
    name; for ranged, "short" or "long" range and cover; which of the
    attacker's attacks it is (creatures.py: a weapon's own modifiers)."""

    attacker: str
    target: str
    kind: str
    weapon: str
    band: str = "short"
    cover: bool = False
    slot: int = 0


def weapon_for(prof: Profile, figure: Figure, kind: str):
    """The weapon a figure attacks with in a phase (None: it has none for it).
    A disarmed figure fights bare handed: "Unarmed units"."""
    if kind == "ranged":
        return prof.ranged
    if kind == "polearm":
        return None if figure.disarmed else prof.polearm
    if figure.disarmed:
        return None
    return (prof.hth or prof.natural or prof.short or prof.polearm
            or (CLAWS if prof.has("Claws") else None))


def hth_tier(prof: Profile, figure: Figure) -> int:
    """seed 003, HAND TO HAND: "Attacks with normal HTH weapons resolved first";
    "Unarmed attacks and attacks with 'short' HTH weapons resolved next"."""
    if figure.disarmed:
        return 1
    return 0 if (prof.hth or prof.natural or prof.has("Claws")
                 or (prof.polearm and not prof.short)) else 1


def attack_tier(prof: Profile, figure: Figure, attack: Attack) -> int:
    """hth_tier, but an attack tied to a weapon of its own (creatures.py) goes
    by that weapon: a short one or bare hands next, any other first."""
    if not attack.slot or figure.disarmed:
        return hth_tier(prof, figure)
    if attack.weapon == BARE_HANDS:
        return 1
    from server.rules.sns.army.catalog import load
    item = load().item(attack.weapon)
    return 1 if isinstance(item.entry, Weapon) and item.entry.category == "short" else 0


# "-1 Ranged attack vs unit partially under cover (behind wall, tree, window)":
# a target standing in any piece but open ground or a bare slope.
COVER = ("rough", "unstable", "impassable", "wall", "cliff")


def in_terrain(state: State, figure: Figure, kinds: tuple[str, ...]) -> bool:
    return _in_terrain(state.layout, figure.x, figure.y, kinds)


@functools.lru_cache(maxsize=4096)
def _in_terrain(layout, x: int, y: int, kinds: tuple[str, ...]) -> bool:
    return any(piece.movement in kinds and piece.polygon.locate((x, y)) != "outside"
               for piece in layout.terrain)


def attack_modifiers(state: State, attack: Attack) -> list[tuple[int, str]]:
    """Every row of ATTACK ROLL MODIFIERS that applies, as (value, row)."""
    a, d = state.figure(attack.attacker), state.figure(attack.target)
    ap, dp = figure_profile(a), figure_profile(d)
    weapon, hth, ranged = attack.weapon, attack.kind == "hth", attack.kind == "ranged"
    melee = not ranged
    own = creatures.own_weapon_bonuses(a, attack.slot)  # a magic weapon's bonuses
    # The defender's hand to hand weapon: none once disarmed ("4 Wounded &
    # Disarmed"), so it no longer parries with a sword nor wields a staff or flail.
    held = None if d.disarmed else (dp.hth or dp.short)
    rows = [
        (ap.infantry, 1, "The attacker is Infantry"),
        (ranged, -1, "The attack is Ranged"),
        (ranged and attack.band == "long", -1, "Attack is at Long Range"),
        (weapon == BARE_HANDS and not a.disarmed, -1, "Attacker is unarmed (Bare hands)"),
        (a.disarmed, -2, "Disarmed: unarmed units Attack roll -2"),
        (bool(a.knocked_down), -3, "Attacker is prone (Knocked down)"),
        (a.stunned, -1, "Stunned: next attack roll is at -1"),
        (ap.veteran, 1, "Attacker is veteran, elite, heroic, or highly trained"),
        (hth and ap.has("Cavalry") and dp.has("Archer"), 1, "Cavalry HTH vs archer targets"),
        (dp.has("Heavy armor"), -1, "Defenders have heavy armor"),
        (dp.has("Shield") and not dp.large_shield, -1, "Defender has shield"),
        (dp.large_shield, -2, "Defender has large shield"),
        (hth and _weapon_name(held) in SWORDS, -1,
         "Attacking in HTH vs defender with any type of sword"),
        (hth and _weapon_name(held) == "Staff", -2,
         "Attacking in HTH vs defender wielding staff two handed"),
        (ap.large_shield, -1, "Attacker has large shield"),
        (own, ap.level("Magical bonus (attack)"), "+X magical weapon bonuses"),
        (weapon == "Blunderbuss", 1, "Attacker using Blunderbuss (Shot spreads)"),
        (ranged and ap.has("Archer") and a.moved, -1, "Attacker is an archer that moved"),
        (ranged and ap.has("Archer") and ap.has("Cavalry"), -1, "Attacker is mounted archer"),
        (attack.kind == "polearm" and a.spears_set and weapon == "Pike" and d.uid in _chargers(
            state, a), 1, "Attacker is infantry with pike set to receive a charge"),
        (melee and d.spears_set and _weapon_name(dp.polearm) == "Pike" and d.uid in a.charged
         and dp.infantry, -1, "Charging infantry with pikes set to receive a charge"),
        (hth and arc(d.base, d.facing, a.base.centre) == "side", 1,
         "Attacking unit from side in HTH"),
        (hth and arc(d.base, d.facing, a.base.centre) == "rear", 2,
         "Attacking unit from rear in HTH"),
        (melee and d.uid in a.charged, 1, "Charge (Moving into HTH from at least 2\" away)"),
        (melee and d.uid in a.surprised, 1, "Surprise attack"),
        (two_handed_grip(ap, a, attack), 1, "Attacker using a 1H weapon with 2 hands in HTH"),
        *(bane_rows(ap, d) if own else ()),
        (True, -a.wounds, "Attacker is wounded/per wound"),
        (True, -a.attacks_made, "Attacker is making additional attacks/per attack"),
        (hth and ap.has("Berserker"), 1, "Attacker berserk (Battle Frenzy) HTH"),
        (dp.has("Berserker") or has_effect(d, "berserk", state.turn), 1, "Berserk Defender"),
        (hth and (dp.has("Siege crew") or dp.has("Supplies")), 1,
         "HTH Attacks vs siege unit crews and noncombatants"),
        (dp.has("Dodge"), -1, "Defenders have Dodge ability"),
        (True, -dp.level("Hard to hit"), "Attack rolls vs this unit at -1 (magic item)"),
        (hth, -dp.level("Hard to hit (HTH)"), "HTH attack rolls vs this unit at -1 (magic item)"),
        (causes_fear(d, dp), -1, "Defenders have cause Fear ability"),
        (d.retreat_failed, 1, "Attacking a unit that tried to retreat but failed"),
        (a.retreat_failed, -1, "Attack by figure that tried to retreat this turn"),
        (is_large(a, ap, state.turn) and not is_large(d, dp, state.turn), -1,
         "Large unit attacks vs Small figures"),
        (is_large(d, dp, state.turn), 1, "Attacking Large units"),
        (hth and ap.has("Savage mount"), 1, "Attacker riding on Savage Mount in HTH"),
        (ap.has("Savage") and (creatures.by_mount(a, attack.slot)
                               or not creatures.has_mount(a)), 1, "Savage (Attack rolls +1)"),
        (True, ap.level("Attack bonus") + ap.level("Chaos mutation"),
         "Special bonus: +1 to attack roll"),
        (dp.has("Tough hide"), -dp.level("Tough hide"), "Defender has Tough hide"),  # x 3
        (ranged and attack.cover, -1, "Ranged attack vs unit partially under cover"),
        (a.fatigued == state.turn, -1, "Attacker fatigued"),
        (in_terrain(state, a, ("unstable",)), -1, "Attacker on unstable ground"),
        (hth and in_terrain(state, d, ("unstable",)), 1, "Defender in HTH on unstable ground"),
        (_immobilized(state, d), 3, "Defender immobilized"),
        (hth and (weapon in FLAILS or _weapon_name(held) in FLAILS), 1,
         "Attacker or defender using Flail or Ball & Chain in HTH"),
        (weapon in PICKS and dp.has("Heavy armor"), 1,
         "Attacker using pick or morning star against unit in heavy armor"),
        (weapon in AXES, -1, "Attacker using any type of axe"),
        (nets(a, attack), 1, "Attacking with net"),
        (has_effect(a, "weakened", state.turn), -2, "Weakness: very weak (Attack rolls -2)"),
        (has_effect(a, "enlarged", state.turn), 2, "Enlarge: Attack roll +2"),
        (has_effect(a, "courage", state.turn), 1, "Courage: attack roll +1"),
        (hth and has_effect(a, "berserk", state.turn) and not ap.has("Berserker"), 1,
         "Attacker berserk (Battle Frenzy) HTH (Blood Rage)"),
    ]
    if hth:
        earlier = state.hth_received(d.uid)
        if earlier:  # "+1 Second HTH attack vs target this turn", "+1 Each additional"
            rows.append((True, earlier, "Second/additional HTH attack vs target this turn"))
    return [(value, text) for applies, value, text in rows if applies and value]


def damage_modifiers(state: State, attack: Attack) -> list[tuple[int, str]]:
    """Every row of LIST OF MODIFIERS TO DAMAGE ROLL that applies, with the
    weapon's own row (data/weapons.toml `damage`)."""
    from server.rules.sns.army.catalog import load
    from server.rules.sns.spells import spells
    a, d = state.figure(attack.attacker), state.figure(attack.target)
    ap, dp = figure_profile(a), figure_profile(d)
    spell = spells().get(attack.weapon)
    weapon_damage = (spell.damage if spell else AREA_DAMAGE[attack.weapon]
                     if attack.weapon in AREA_DAMAGE else load().weapon(attack.weapon).damage)
    rows = [
        (not a.disarmed, weapon_damage, f"{attack.weapon}"),
        (a.disarmed, -2, "Disarmed: unarmed units Damage roll -2"),
        (dp.has("Heavy armor"), -1, "Defending unit has heavy armor"),
        (dp.has("No armor"), 1, "Defending unit has no armor"),
        (dp.has("Tough hide"), -dp.level("Tough hide"), "Defending unit has tough hide"),
        (ap.has("Weak"), -1, "Attacking unit is weak"),
        ((ap.has("Berserker") or has_effect(a, "berserk", state.turn))
         and attack.kind != "ranged", 1, "Attacker is berserk"),
        (poisoned(ap, attack), 1, "Attack is poisonous"),
        (True, d.wounds, "Defender is wounded/per wound"),
        (ap.has("Strong"), 1, "Attacker is strong"),
        (True, -a.wounds, "Wounded: damage rolls -1 per wound"),
        (attack.kind != "ranged", _claws(a, ap, attack) + ap.level("Giant") + 2 * ap.level(
            "Very strong") + ap.level("Damage bonus"), "Special bonus: +1 to damage roll"),
        (creatures.own_weapon_bonuses(a, attack.slot), ap.level("Magical bonus (damage)"),
         "+X magical weapon bonuses"),
        (has_effect(d, "shielded", state.turn), -3, "Shield spell: target is -3 to be killed"),
    ]
    return [(value, text) for applies, value, text in rows if applies and value]


def nets(figure: Figure, attack: Attack) -> bool:
    """A figure with a Net nets what it hits in melee ("+1 Attacking with net. Net
    does no damage but target immobilized for 1D3 turns"); once disarmed it
    fights bare handed instead."""
    return (figure_profile(figure).has("Net") and attack.kind != "ranged"
            and not figure.disarmed)


def poisoned(prof: Profile, attack: Attack) -> bool:
    """"+1 Attack is poisonous": the book's one poison is the Goblin Archer's
    "poisoned arrows", so a figure with a missile weapon poisons its missiles (not
    its fists); one without (a poisonous creature) poisons every attack."""
    return prof.has("Poison") and (attack.kind == "ranged" or prof.ranged is None)


def damage_result(total: int) -> str:
    for top, result in RESULTS:
        if total <= top:
            return result
    return "killed"  # "9-12+ Killed (Unit loses 1 Hit)"


def is_hit(roll: int, modifiers: list[tuple[int, str]]) -> bool:
    """"A natural roll of 1 always misses"; "A natural roll of 12 always hits"."""
    if roll == 1:
        return False
    if roll == 12:
        return True
    return roll + sum(v for v, _ in modifiers) >= HIT_ON


def knocks_down(weapon: str) -> bool:
    """"Mace, Hammers: Hits caused by these weapons are always also knock down"."""
    return weapon in KNOCKS_DOWN


def apply_outcome(figure: Figure, result: str, turn: int, mortal_turns: int = 0,
                  knock: bool = False) -> Figure:
    """The DAMAGE ROLL TABLE's result on the figure hit."""
    changes: dict = {"attacked": True}
    if result == "stunned":
        changes["stunned"] = True
    elif result == "killed":
        hits = figure.hits - 1
        changes.update(hits=hits, dead=hits <= 0)
    elif result == "mortally_wounded":
        changes["mortal"] = figure.mortal or mortal_turns
    else:
        changes["wounds"] = figure.wounds + 1
        changes["disarmed"] = figure.disarmed or "disarmed" in result
        if "knocked_down" in result:
            changes["knocked_down"] = turn
    if knock and result not in ("killed",) and not changes.get("knocked_down"):
        changes["knocked_down"] = turn
    return replace(figure, **changes)


def _claws(figure: Figure, prof: Profile, attack: Attack) -> int:
    """Claws' +1 damage: on every melee attack of a creature whose claws are its
    one weapon (Troll, Zombie); on the claws attack only where an attack is
    tied to them (the Dragon's "Second attack: Claws +1 Damage", the Griffon's
    "Claws (second attack)"), its other attacks being other weapons."""
    tied = any(s.weapon == "Claws" for s in creatures.slots_of(figure))
    if tied and attack.weapon != "Claws":
        return 0
    return prof.level("Claws")


def two_handed_grip(prof: Profile, figure: Figure, attack: Attack) -> bool:
    """"+1 Attacker using a 1H weapon with 2 hands in HTH": a figure on foot
    whose only hand to hand weapon is a one-handed one and that carries no
    shield always grips it with both hands (nothing is lost by it); a rider
    keeps a hand for the reins (docs/rules/sns.md, "Two hands")."""
    if attack.kind != "hth" or figure.disarmed or prof.has("Shield") or prof.large_shield:
        return False
    if prof.has("Cavalry") or prof.has("Flying"):
        return False
    held = _held_weapons(figure.kit)
    return len(held) == 1 and held[0].name == attack.weapon and held[0].hands == 1


@functools.cache
def _held_weapons(kit: tuple[str, ...]) -> tuple[Weapon, ...]:
    """The hand to hand weapons a kit carries, each one (a second sword too)."""
    from server.rules.sns.army.catalog import load
    catalog = load()
    items = [catalog.item(text.split("|")[0]) for text in kit]
    weapons = [catalog.weapon(i.param) if i.name == "Magestaff" and i.param else i.entry
               for i in items]  # (a magestaff in the form of a weapon is that weapon)
    return tuple(w for w in weapons if isinstance(w, Weapon) and w.category in ("hth", "short"))


def bane_rows(prof: Profile, defender: Figure) -> list[tuple[bool, int, str]]:
    """"+1 Bonus vs units of a certain type. For example: +2 vs Giants"; the
    Rune Sword's "Attack roll +2 vs Demons": by the defender's types."""
    from server.rules.sns.profile import is_type
    return [(is_type(defender.types, kind), level, f"Bonus vs {kind}")
            for kind, level in prof.banes]


def _weapon_name(weapon) -> str:
    return weapon.name if weapon is not None else ""


def _chargers(state: State, defender: Figure) -> set[str]:
    return {f.uid for f in state.figures if defender.uid in f.charged}


def _immobilized(state: State, figure: Figure) -> bool:
    return bool(figure.mortal) or figure.immobilized >= state.turn


PERMANENT = 10**6  # the "last turn" of an effect that never ends (Animate Dead)


def is_large(figure: Figure, prof: Profile, turn: int) -> bool:
    """Large by its kit, or by Enlarge ("Unit becomes large")."""
    return prof.has("Large") or has_effect(figure, "enlarged", turn)


def causes_fear(figure: Figure, prof: Profile) -> bool:
    return prof.has("Cause fear") or has_effect(figure, "fear", 0)


def is_undead(figure: Figure, prof: Profile) -> bool:
    """Undead by its kit, or raised by Animate Dead ("becomes undead")."""
    return prof.has("Undead") or has_effect(figure, "undead", 0)


def has_effect(figure: Figure, effect: str, turn: int) -> bool:
    """A spell's lasting effect on the figure this turn (spells.py writes them)."""
    return any(name == effect and last >= turn for name, last in figure.effects)
