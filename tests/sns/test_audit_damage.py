"""Audit of seed 003 (Swords & Sorcery), DAMAGE ROLL TABLE and LIST OF MODIFIERS
TO DAMAGE ROLL, written from the book: each test quotes the row it checks and
scripts its dice (docs/rules/sns.md, "Audit")."""

import pytest

from server.rules.kernel import Event
from server.rules.sns import combat, movement
from server.rules.sns.attacks import Attack, damage_modifiers
from server.rules.sns.evolve import evolve
from tests.sns.table import figure, table


def damage_rows(state, weapon=None, kind="hth", attacker="a1", target="b1") -> dict[str, int]:
    if weapon is None:
        attack = combat.melee_attack(state, attacker, target, kind)
    else:
        attack = Attack(attacker, target, kind, weapon)
    return {text: value for value, text in damage_modifiers(state, attack)}


def duel(attacker, defender, **changes):
    a = attacker if not isinstance(attacker, str) else figure("a1", attacker, 100, 100, 0)
    d = defender if not isinstance(defender, str) else figure("b1", defender, 100, 90, 180)
    return table(a, d, **changes)


@pytest.mark.parametrize(("weapon", "kind", "value"), [
    ("Bare hands", "hth", -3),          # "-3 Attacker is unarmed (Bare hands)"
    ("Dagger", "hth", -1), ("Club", "hth", -1), ("Staff", "hth", -1),  # "-1 Dagger, Club, Staff"
    ("Short bow", "ranged", -1), ("Longbow", "ranged", -1),  # "-1 Arrows, sling stones, pistol,
    ("Sling", "ranged", -1), ("Matchlock pistol", "ranged", -1),   # blunderbuss, crossbow pistol"
    ("Blunderbuss", "ranged", -1), ("Crossbow pistol", "ranged", -1),
    ("Whip", "polearm", -1),            # "-1 Whip (Attack in Pole arm phase ...)"
    ("Sword", "hth", 0), ("Spear", "polearm", 0),  # "+0 Swords, spears"
    ("Mace", "hth", 0), ("Hammer", "hth", 0),      # "+0 Mace, Hammers"
    ("Crossbow", "ranged", 0), ("Arquebus", "ranged", 0),  # "+0 Crossbow bolts, Arquebus"
    ("Ballista bolt", "ranged", 2), ("Catapult shot", "ranged", 2),  # "+2 Ballista bolts, ..."
    ("Pike", "polearm", 1), ("Halberd", "polearm", 1), ("Axe", "hth", 1),  # "+1 Pike, Halberd,
    ("2-H sword", "hth", 1), ("2-H warhammer", "hth", 1),  # 1-H axe, 2-H sword, 2-H Warhammer"
    ("Battle axe", "hth", 2),           # "+2 Battle axe"
])
def test_each_weapon_row_of_the_damage_modifiers(weapon, kind, value):
    """LIST OF MODIFIERS TO DAMAGE ROLL, the weapon rows, between two figures no
    other row touches (a Swordsman on a Swordsman: light armour, no bonus)."""
    state = duel("Swordsman", "Swordsman")
    assert sum(damage_rows(state, weapon, kind).values()) == value


def test_defender_armour_and_hide():
    """"-1 Defending unit has heavy armor"; "+1 Defending unit has no armor"; "-1
    Defending unit has tough hide"."""
    assert damage_rows(duel("Swordsman", "Dwarf"))["Defending unit has heavy armor"] == -1
    assert damage_rows(duel("Swordsman", "Monk"))["Defending unit has no armor"] == 1
    troll = table(("a1", "Swordsman", 100, 100, 0), ("b1", "Troll", 100, 85, 180))
    assert damage_rows(troll)["Defending unit has tough hide"] == -1


def test_the_dragons_tough_hide_x_3():
    """Dragon: "Tough Hide x 3": three times "-1 Defending unit has tough hide"."""
    state = table(("a1", "Swordsman", 100, 100, 0), ("b1", "Dragon", 100, 80, 180))
    assert damage_rows(state, "Sword")["Defending unit has tough hide"] == -3


def test_weak_and_strong_attackers():
    """"-1 Attacking unit is weak" (Goblin); "+1 Attacker is strong" (Black Orc)."""
    assert damage_rows(duel("Goblin", "Swordsman"), "Spear", "polearm")[
        "Attacking unit is weak"] == -1
    assert damage_rows(duel("Black Orc", "Swordsman"))["Attacker is strong"] == 1


def test_a_berserk_attacker():
    """"+1 Attacker is berserk" (the Barbarian's "Berserkers")."""
    assert damage_rows(duel("Barbarian", "Swordsman"))["Attacker is berserk"] == 1


def test_poisoned_arrows_poison_the_arrows():
    """"+1 Attack is poisonous": the Goblin Archer's "poisoned arrows" (Short bow);
    its bare hands in a melee are not poisoned."""
    state = table(("a1", "Goblin Archer", 100, 100, 0), ("b1", "Swordsman", 100, 60, 180))
    assert damage_rows(state, "Short bow", "ranged")["Attack is poisonous"] == 1
    fists = duel("Goblin Archer", "Swordsman")
    assert "Attack is poisonous" not in damage_rows(fists, "Bare hands")


def test_wounds_count_for_the_defender_and_against_the_attacker():
    """"+1 Defender is wounded/per wound"; "2-3 Wounded (Move & Attack & Damage rolls
    -1 per wound)": each wound counts once on each side."""
    state = duel(figure("a1", "Swordsman", 100, 100, 0, wounds=1),
                 figure("b1", "Swordsman", 100, 90, 180, wounds=2))
    got = damage_rows(state)
    assert got["Defender is wounded/per wound"] == 2
    assert got["Wounded: damage rolls -1 per wound"] == -1


def strike(state, dice, damage_roll, *more):
    """A hit (a natural 12) whose damage die is `damage_roll`; the target after it."""
    attack = combat.melee_attack(state, "a1", "b1", "hth")
    data = combat.roll_attack(state, attack, dice.fix(12, damage_roll, *more))
    return data, evolve(state, Event("attacked", data)).figure("b1")


@pytest.mark.parametrize(("roll", "result"), [
    (1, "stunned"), (2, "wounded"), (3, "wounded"), (4, "wounded_disarmed"),
    (5, "wounded_knocked_down"), (6, "wounded_disarmed_knocked_down"), (9, "killed"),
    (12, "killed")])
def test_each_line_of_the_damage_table(dice, roll, result):
    """DAMAGE ROLL TABLE: "1 or less Stunned", "2-3 Wounded", "4 Wounded & Disarmed",
    "5 Wounded & Knocked Down", "6 Wounded & Disarmed & Knocked Down", "9-12+ Killed
    (Unit loses 1 Hit)" (sword on a Swordsman: no modifier)."""
    data, hit = strike(duel("Swordsman", "Swordsman"), dice, roll)
    assert data["result"] == result
    assert hit.wounds == (1 if "wounded" in result else 0)
    assert hit.disarmed == ("disarmed" in result)
    assert bool(hit.knocked_down) == ("knocked_down" in result)
    assert hit.stunned == (result == "stunned")
    assert hit.dead == (result == "killed")


def test_seven_and_eight_are_mortal_wounds_that_kill_in_1d6_turns(dice):
    """"7-8 Mortally Wounded (Unit immobilized & will die in 1D6 if not healed or
    regenerated)": a 7, then a 3 on the D6; dead at the end of the third turn."""
    state = duel("Swordsman", "Swordsman")
    data, hit = strike(state, dice, 7, 3)
    assert data["result"] == "mortally_wounded" and hit.mortal == 3
    assert not hit.can_act and not hit.dead
    state = evolve(state, Event("attacked", data))
    for turn in (1, 2):
        state = evolve(state, Event("turn_ended", {"turn": turn}))
        assert not state.figure("b1").dead
    state = evolve(state, Event("turn_ended", {"turn": 3}))
    assert state.figure("b1").dead


def test_a_modified_roll_below_one_is_still_stunned_and_above_twelve_killed(dice):
    """"1 or less Stunned"; "9-12+ Killed": a dagger (-1) on a Dwarf (heavy armour
    -1) rolling 2 is 0, stunned; a battle axe (+2) rolling 12 is 14, killed."""
    data, _ = strike(duel("Barbarian Naked Warriors", "Dwarf"), dice, 2)
    assert data["damage_roll"] == 2 and data["result"] == "stunned"
    data, _ = strike(duel("Barbarian", "Swordsman"), dice, 12)
    assert data["result"] == "killed"


def test_killed_takes_one_hit_of_the_ogres_two(dice):
    """"9-12+ Killed (Unit loses 1 Hit)"; Ogre: "hits = 2"."""
    state = table(("a1", "Barbarian", 100, 100, 0), ("b1", "Ogre", 100, 85, 180))
    data, ogre = strike(state, dice, 12)
    assert data["result"] == "killed" and ogre.hits == 1 and not ogre.dead


def test_wounds_are_cumulative_on_move_attack_and_damage(dice):
    """"Wounded (Move & Attack & Damage rolls -1 per wound)": two wounds take 2" off a
    Swordsman's 4" and -2 off its attack and damage rolls."""
    state = duel("Swordsman", figure("b1", "Swordsman", 100, 90, 180, wounds=1))
    data, hit = strike(state, dice, 2)  # 2 + 1 (defender wounded) = 3: wounded again
    assert data["result"] == "wounded" and hit.wounds == 2
    assert movement.allowance(state.with_figure(hit), hit) == 20
    back = damage_rows(state.with_figure(hit), attacker="b1", target="a1")
    assert back["Wounded: damage rolls -1 per wound"] == -2


def test_mace_and_hammer_hits_always_knock_down(dice):
    """"+0 Mace, Hammers: Hits caused by these weapons are always also knock down"
    (a Dwarf's hammer: a stunning hit knocks down too)."""
    data, hit = strike(duel("Dwarf", "Swordsman"), dice, 1)
    assert data["weapon"] == "Hammer" and data["result"] == "stunned"
    assert hit.knocked_down


def test_a_knocked_down_figure_cannot_move(dice):
    """"5 Wounded & Knocked Down (Move = 0 & Attack roll -3)"."""
    data, hit = strike(duel("Swordsman", "Swordsman"), dice, 5)
    state = duel("Swordsman", hit, phase="slow_move")
    assert not movement.may_move(state, state.figure("b1"), "slow_move")


def test_disarmed_damage_is_minus_two_instead_of_the_weapon():
    """"4 Wounded & Disarmed (Unarmed units Attack roll & Damage roll -2)": the
    disarmed Barbarian loses its battle axe's +2."""
    state = duel(figure("a1", "Barbarian", 100, 100, 0, disarmed=True), "Swordsman")
    got = damage_rows(state)
    assert got["Disarmed: unarmed units Damage roll -2"] == -2
    assert "Battle axe" not in got
