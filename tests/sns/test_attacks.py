"""ATTACK RESOLUTION, ATTACK ROLL MODIFIERS, DAMAGE ROLL TABLE (seed 003), one
attack at a time with scripted dice."""

from dataclasses import replace

import pytest

from server.rules.kernel import Event
from server.rules.sns import combat
from server.rules.sns.attacks import Attack, apply_outcome, attack_modifiers, damage_result
from server.rules.sns.evolve import evolve
from tests.sns.table import figure, table


def sword_duel(**defender):
    """A Swordsman (Infantry +1) against a Pikeman (short sword: -1): net 0."""
    return table(("a1", "Swordsman", 100, 100, 0),
                 figure("b1", "Pikeman", 100, 90, 180, **defender))


def test_seven_hits_six_misses_with_no_net_modifier(dice):
    """ATTACK ROLL RESULT TABLE: "1-6 Miss", "7-12 Hit ... Roll on Damage Table"."""
    state = sword_duel()
    attack = combat.melee_attack(state, "a1", "b1", "hth")
    assert sum(v for v, _ in attack_modifiers(state, attack)) == 0
    dice.fix(6)
    assert combat.roll_attack(state, attack, dice)["hit"] is False
    dice.fix(7, 1)
    data = combat.roll_attack(state, attack, dice)
    assert data["hit"] and data["damage_roll"] == 1 and data["result"] == "stunned"


def test_a_natural_one_misses_and_a_natural_twelve_hits(dice):
    """"A natural roll of 1 always misses"; "A natural roll of 12 always hits"."""
    helpless = sword_duel(immobilized=5)  # "+3 Defender immobilized"
    attack = combat.melee_attack(helpless, "a1", "b1", "hth")
    dice.fix(1)
    assert combat.roll_attack(helpless, attack, dice)["hit"] is False
    prone = table(figure("a1", "Swordsman", 100, 100, 0, knocked_down=1, wounds=3),
                  ("b1", "Dwarf", 100, 90, 180))
    attack = combat.melee_attack(prone, "a1", "b1", "hth")
    assert sum(v for v, _ in attack_modifiers(prone, attack)) <= -6  # 12 - 6 < 7
    dice.fix(12, 1)
    assert combat.roll_attack(prone, attack, dice)["hit"] is True


@pytest.mark.parametrize(("x", "y", "arc_bonus"), [(100, 80, 0), (110, 90, 0),
                                                   (100, 100, 2), (108, 97, 1)])
def test_side_and_rear_attacks(x, y, arc_bonus):
    """"+1 Attacking unit from side in HTH"; "+2 Attacking unit from rear in HTH"
    (the defender at (100, 90) faces north; docs/rules/sns.md "Arcs")."""
    state = table(("a1", "Swordsman", x, y, 0), ("b1", "Swordsman", 100, 90, 0))
    rows = dict((t, v) for v, t in attack_modifiers(
        state, combat.melee_attack(state, "a1", "b1", "hth")))
    assert rows.get("Attacking unit from rear in HTH", 0) + rows.get(
        "Attacking unit from side in HTH", 0) == arc_bonus


def test_armour_shield_veteran_axe_and_wounds_modify_the_attack():
    """"-1 Defenders have heavy armor", "-1 Defender has shield", "+1 Attacker is
    veteran", "-1 Attacker using any type of axe", "-1 Attacker is wounded/per wound"."""
    state = table(figure("a1", "Dwarf", 100, 100, 0, wounds=2), ("b1", "Orc", 100, 90, 180))
    rows = {t: v for v, t in attack_modifiers(state, Attack("a1", "b1", "hth", "Axe"))}
    assert rows == {"The attacker is Infantry": 1, "Defenders have heavy armor": -1,
                    "Defender has shield": -1, "Attacking in HTH vs defender with any type "
                    "of sword": -1, "Attacker is veteran, elite, heroic, or highly trained": 1,
                    "Attacker is wounded/per wound": -2, "Attacker using any type of axe": -1}


@pytest.mark.parametrize(("total", "result"), [
    (-2, "stunned"), (1, "stunned"), (2, "wounded"), (3, "wounded"), (4, "wounded_disarmed"),
    (5, "wounded_knocked_down"), (6, "wounded_disarmed_knocked_down"),
    (7, "mortally_wounded"), (8, "mortally_wounded"), (9, "killed"), (15, "killed")])
def test_the_damage_table(total, result):
    """DAMAGE ROLL TABLE: "1 or less Stunned", "2-3 Wounded", "4 Wounded & Disarmed",
    "5 Wounded & Knocked Down", "6 Wounded & Disarmed & Knocked Down", "7-8 Mortally
    Wounded", "9-12+ Killed"."""
    assert damage_result(total) == result


def test_a_mace_hit_always_knocks_down(dice):
    """"Mace, Hammers: Hits caused by these weapons are always also knock down"."""
    state = table(("a1", "Cleric", 100, 100, 0), ("b1", "Swordsman", 100, 90, 180))
    dice.fix(10, 3)
    data = combat.roll_attack(state, combat.melee_attack(state, "a1", "b1", "hth"), dice)
    assert data["weapon"] == "Mace" and data["result"] == "wounded" and data["knock"]
    hit = apply_outcome(state.figure("b1"), data["result"], 1, knock=data["knock"])
    assert hit.wounds == 1 and hit.knocked_down == 1


def test_killed_loses_one_hit_of_several():
    """"9-12+ Killed (Unit loses 1 Hit)": the Ogre has "hits = 2"."""
    ogre = figure("b1", "Ogre", 100, 90)
    assert ogre.hits == 2
    once = apply_outcome(ogre, "killed", 1)
    assert once.hits == 1 and not once.dead
    assert apply_outcome(once, "killed", 1).dead


def test_the_mortally_wounded_die_after_their_1d6_turns(dice):
    """"Mortally Wounded (Unit immobilized & will die in 1D6 if not healed or
    regenerated)": 2 on the D6 dies at the end of the second turn."""
    state = sword_duel()
    dice.fix(12, 8, 2)
    data = combat.roll_attack(state, combat.melee_attack(state, "a1", "b1", "hth"), dice)
    assert data["result"] == "mortally_wounded" and data["mortal_turns"] == 2
    state = evolve(state, Event("attacked", data))
    assert state.figure("b1").mortal == 2 and not state.figure("b1").can_act
    state = evolve(state, Event("turn_ended", {"turn": 1}))
    assert not state.figure("b1").dead
    state = evolve(state, Event("turn_ended", {"turn": 2}))
    assert state.figure("b1").dead


def test_a_troll_regenerates_a_mortal_wound():
    """"will die in 1D6 if not healed or regenerated" (Troll: "regenerate")."""
    state = table(figure("a1", "Troll", 100, 100, mortal=1))
    state = evolve(state, Event("turn_ended", {"turn": 1}))
    assert not state.figure("a1").dead and state.figure("a1").mortal == 0


def test_damage_modifiers_and_wounds_add_up(dice):
    """LIST OF MODIFIERS TO DAMAGE ROLL: "+2 Battle axe", "-1 Defending unit has
    heavy armor", "+1 Defender is wounded/per wound", "+1 Attacker is berserk"."""
    state = table(("a1", "Minotaur", 100, 100, 0),
                  figure("b1", "Dwarf", 100, 85, 180, wounds=1))
    dice.fix(12, 1)
    data = combat.roll_attack(state, combat.melee_attack(state, "a1", "b1", "hth"), dice)
    mods = {t: v for v, t in data["damage_modifiers"]}
    assert mods["Battle axe"] == 2 and mods["Defending unit has heavy armor"] == -1
    assert mods["Defender is wounded/per wound"] == 1 and mods["Attacker is berserk"] == 1
    assert data["result"] == damage_result(1 + sum(mods.values()))


def test_stunned_is_minus_one_on_the_next_attack_only():
    """"Stunned (No damage but unit's next attack roll is at -1)"."""
    state = table(figure("a1", "Swordsman", 100, 100, 0, stunned=True),
                  ("b1", "Swordsman", 100, 90, 180))
    attack = combat.melee_attack(state, "a1", "b1", "hth")
    assert (-1, "Stunned: next attack roll is at -1") in attack_modifiers(state, attack)
    after = evolve(state, Event("attacked", {"attacker": "a1", "target": "b1", "kind": "hth",
                                             "hit": False}))
    assert not after.figure("a1").stunned and after.figure("b1").attacked
    assert replace(after.figure("a1"), stunned=False) == after.figure("a1")
