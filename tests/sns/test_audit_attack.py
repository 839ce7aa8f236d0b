"""Audit of seed 003 (Swords & Sorcery), ATTACK RESOLUTION, ATTACK ROLL RESULT
TABLE and ATTACK ROLL MODIFIERS, written from the book: each test quotes the
row it checks and scripts its dice (docs/rules/sns.md, "Audit")."""

from dataclasses import replace

import pytest

from server.rules.kernel import Event
from server.rules.sns import combat
from server.rules.sns.attacks import Attack, attack_modifiers
from server.rules.sns.evolve import evolve
from tests.sns.table import figure, table


def rows(state, attacker="a1", target="b1", kind="hth") -> dict[str, int]:
    """The named modifier rows of a melee attack, as the engine works them out."""
    attack = combat.melee_attack(state, attacker, target, kind)
    return {text: value for value, text in attack_modifiers(state, attack)}


def duel(attacker, defender, **changes):
    """`attacker` at (100, 100) facing north, `defender` just north of it facing
    south: front to front, bases touching."""
    a = attacker if not isinstance(attacker, str) else figure("a1", attacker, 100, 100, 0)
    d = defender if not isinstance(defender, str) else figure("b1", defender, 100, 90, 180)
    return table(a, d, **changes)


def test_net_modifier_zero_seven_hits_six_misses(dice):
    """"1-6 Miss", "7-12 Hit": a Swordsman (+1 Infantry) on a Pikeman (-1 "vs defender
    with any type of sword": its short sword) has no net modifier."""
    state = duel("Swordsman", "Pikeman")
    attack = combat.melee_attack(state, "a1", "b1", "hth")
    assert sum(rows(state).values()) == 0
    assert combat.roll_attack(state, attack, dice.fix(6))["hit"] is False
    assert combat.roll_attack(state, attack, dice.fix(7, 1))["hit"] is True


def test_a_natural_one_misses_against_a_helpless_target(dice):
    """"A natural roll of 1 always misses": even with "+3 Defender immobilized" and
    "+2 Attacking unit from rear in HTH": a berserk Barbarian with its battle axe on a
    bowman's back is +1 +2 +3 +1 -1 = +6, yet rolls a 1."""
    state = table(figure("a1", "Barbarian", 100, 100, 0),
                  figure("b1", "Goblin Archer", 100, 90, 0, immobilized=3))
    assert sum(rows(state).values()) >= 6
    attack = combat.melee_attack(state, "a1", "b1", "hth")
    assert combat.roll_attack(state, attack, dice.fix(1))["hit"] is False


def test_a_natural_twelve_hits_whatever_the_modifiers(dice):
    """"A natural roll of 12 always hits": a prone (-3), twice wounded (-2) attacker
    on a Dwarf Shieldbearer (heavy armour -1, large shield -2)."""
    state = duel(figure("a1", "Swordsman", 100, 100, 0, knocked_down=1, wounds=2),
                 "Dwarf Shieldbearer")
    assert sum(rows(state).values()) <= -6
    attack = combat.melee_attack(state, "a1", "b1", "hth")
    assert combat.roll_attack(state, attack, dice.fix(11))["hit"] is False
    assert combat.roll_attack(state, attack, dice.fix(12, 1))["hit"] is True


def test_modifiers_are_cumulative_and_the_sum_decides(dice):
    """"All modifications are cumulative": Swordsman on Swordsman is +1 (Infantry)
    -1 (shield) -1 (sword) = -1, so 7 misses and 8 hits."""
    state = duel("Swordsman", "Swordsman")
    assert rows(state) == {"The attacker is Infantry": 1, "Defender has shield": -1,
                           "Attacking in HTH vs defender with any type of sword": -1}
    attack = combat.melee_attack(state, "a1", "b1", "hth")
    assert combat.roll_attack(state, attack, dice.fix(7))["hit"] is False
    assert combat.roll_attack(state, attack, dice.fix(8, 1))["hit"] is True


def test_cavalry_is_not_infantry_and_gets_its_bonus_on_archers():
    """"+1 The attacker is Infantry" (not a Knight); "+1 Cavalry HTH vs archer
    targets" (the Yeoman is an Archer); only in HTH."""
    state = duel("Knight", figure("b1", "Yeoman", 100, 83, 180))
    hth = rows(state)
    assert "The attacker is Infantry" not in hth
    assert hth["Cavalry HTH vs archer targets"] == 1
    assert "Cavalry HTH vs archer targets" not in rows(state, kind="polearm")


def test_bare_hands_attack_is_minus_one():
    """"-1 Attacker is unarmed (Bare hands)": the Goblin Archer has a bow and no hand
    to hand weapon."""
    state = duel("Goblin Archer", "Monk")
    assert combat.melee_attack(state, "a1", "b1", "hth").weapon == "Bare hands"
    assert rows(state)["Attacker is unarmed (Bare hands)"] == -1


def test_a_prone_attacker_is_minus_three():
    """"-3 Attacker is prone (Knocked down)"; "5 Wounded & Knocked Down (Move = 0 &
    Attack roll -3)"."""
    state = duel(figure("a1", "Monk", 100, 100, 0, knocked_down=1), "Monk")
    assert rows(state)["Attacker is prone (Knocked down)"] == -3


def test_second_and_each_additional_hth_attack_on_a_target(dice):
    """"+1 Second HTH attack vs target this turn", "+1 Each additional HTH attack
    made vs target this turn": the third attack on one figure is +2."""
    state = table(("a1", "Monk", 100, 100, 0), ("a2", "Monk", 110, 90, 270),
                  ("a3", "Monk", 90, 90, 90), ("b1", "Monk", 100, 90, 180))
    assert "Second/additional HTH attack vs target this turn" not in rows(state)
    for uid, bonus in (("a1", 1), ("a2", 2)):
        attack = combat.melee_attack(state, uid, "b1", "hth")
        state = evolve(state, Event("attacked", combat.roll_attack(state, attack, dice.fix(2))))
        assert rows(state, "a3")["Second/additional HTH attack vs target this turn"] == bonus


def test_veteran_heavy_armour_and_shield():
    """"+1 Attacker is veteran, elite, heroic, or highly trained"; "-1 Defenders have
    heavy armor"; "-1 Defender has shield" (the Dwarf: veteran, shield, heavy
    armour, hammer)."""
    got = rows(duel("Dwarf", "Dwarf"))
    assert got["Attacker is veteran, elite, heroic, or highly trained"] == 1
    assert got["Defenders have heavy armor"] == -1 and got["Defender has shield"] == -1


def test_a_large_shield_is_minus_two_to_hit_and_minus_one_to_its_bearer():
    """"-2 Defender has large shield" (not the shield's -1 as well); "-1 Attacker has
    large shield"."""
    got = rows(duel("Dwarf Shieldbearer", "Dwarf Shieldbearer"))
    assert got["Defender has large shield"] == -2 and "Defender has shield" not in got
    assert got["Attacker has large shield"] == -1


def test_a_staff_held_two_handed_is_minus_two():
    """"-2 Attacking in HTH vs defender wielding staff two handed" (the Monk)."""
    assert rows(duel("Monk", "Monk"))[
        "Attacking in HTH vs defender wielding staff two handed"] == -2


def test_a_disarmed_defender_no_longer_parries_with_its_sword():
    """"-1 Attacking in HTH vs defender with any type of sword (swords are good
    parrying weapons)": "4 Wounded & Disarmed" leaves the defender no sword to
    parry with."""
    armed = rows(duel("Monk", "Swordsman"))
    assert armed["Attacking in HTH vs defender with any type of sword"] == -1
    disarmed = rows(duel("Monk", figure("b1", "Swordsman", 100, 90, 180, disarmed=True)))
    assert "Attacking in HTH vs defender with any type of sword" not in disarmed


def test_a_disarmed_defender_no_longer_wields_its_staff_or_flail():
    """"-2 ... vs defender wielding staff two handed"; "+1 Attacker or defender
    using Flail or Ball & Chain in HTH": a disarmed defender wields neither."""
    staff = rows(duel("Swordsman", figure("b1", "Monk", 100, 90, 180, disarmed=True)))
    assert "Attacking in HTH vs defender wielding staff two handed" not in staff
    flail = rows(duel("Swordsman", figure("b1", "Flagellants", 100, 90, 180, disarmed=True)))
    assert "Attacker or defender using Flail or Ball & Chain in HTH" not in flail


def test_a_flail_helps_attacker_and_defender():
    """"+1 Attacker or defender using Flail or Ball & Chain in HTH"."""
    assert rows(duel("Flagellants", "Monk"))[
        "Attacker or defender using Flail or Ball & Chain in HTH"] == 1
    assert rows(duel("Monk", "Flagellants"))[
        "Attacker or defender using Flail or Ball & Chain in HTH"] == 1


def test_a_morning_star_against_heavy_armour():
    """"+1 Attacker using pick or morning star against unit in heavy armor"."""
    star = figure("a1", "Black Orc", 100, 100, 0,
                  kit=("Strong", "Morning star", "Shield", "Heavy armor"))
    assert rows(duel(star, "Dwarf"))[
        "Attacker using pick or morning star against unit in heavy armor"] == 1
    assert "Attacker using pick or morning star against unit in heavy armor" not in rows(
        duel(star, "Monk"))


def test_any_type_of_axe_is_minus_one():
    """"-1 Attacker using any type of axe": the Barbarian's battle axe."""
    assert rows(duel("Barbarian", "Monk"))["Attacker using any type of axe"] == -1


def test_a_lone_one_handed_weapon_with_two_hands():
    """"+1 Attacker using a 1H weapon with 2 hands in HTH": the Naked Warriors'
    dagger, no shield; not the Swordsman, whose other hand holds a shield."""
    row = "Attacker using a 1H weapon with 2 hands in HTH"
    assert rows(duel("Barbarian Naked Warriors", "Monk"))[row] == 1
    assert row not in rows(duel("Swordsman", "Monk"))


def test_side_and_rear():
    """"+1 Attacking unit from side in HTH"; "+2 Attacking unit from rear in HTH"."""
    side = table(("a1", "Monk", 108, 97, 270), ("b1", "Monk", 100, 90, 0))
    rear = table(("a1", "Monk", 100, 100, 0), ("b1", "Monk", 100, 90, 0))
    assert rows(side)["Attacking unit from side in HTH"] == 1
    assert rows(rear)["Attacking unit from rear in HTH"] == 2


def test_charge_and_surprise_rows():
    """"+1 Charge (Moving into HTH from at least 2" away ...)"; "+1 Surprise attack"."""
    state = duel(figure("a1", "Monk", 100, 100, 0, charged=("b1",), surprised=("b1",)),
                 "Monk")
    got = rows(state)
    assert got['Charge (Moving into HTH from at least 2" away)'] == 1
    assert got["Surprise attack"] == 1


def test_wounds_and_additional_attacks_each_minus_one():
    """"-1 Attacker is wounded/per wound"; "-1 Attacker is making additional
    attacks/per attack"."""
    state = duel(figure("a1", "Monk", 100, 100, 0, wounds=2, attacks_made=1), "Monk")
    got = rows(state)
    assert got["Attacker is wounded/per wound"] == -2
    assert got["Attacker is making additional attacks/per attack"] == -1


def test_berserk_attacker_in_hth_and_berserk_defender():
    """"+1 Attacker berserk (Battle Frenzy) HTH"; "+1 Berserk Defender"."""
    got = rows(duel("Barbarian", "Nomad Dervish"))
    assert got["Attacker berserk (Battle Frenzy) HTH"] == 1
    assert got["Berserk Defender"] == 1


def test_noncombatants_dodge_and_fear():
    """"+1 HTH Attacks vs siege unit crews and noncombatants"; "-1 Defenders have
    Dodge ability"; "-1 Defenders have cause Fear ability"."""
    assert rows(duel("Monk", "Siege Crewmember"))[
        "HTH Attacks vs siege unit crews and noncombatants"] == 1
    assert rows(duel("Monk", "Elf Blade master"))["Defenders have Dodge ability"] == -1
    assert rows(duel("Monk", "Skeleton"))["Defenders have cause Fear ability"] == -1


def test_a_failed_retreat_counts_both_ways():
    """"+1 Attacking a unit that tried to retreat but failed"; "-1 Attack by figure
    that tried to retreat this turn"."""
    state = duel(figure("a1", "Monk", 100, 100, 0, retreat_failed=True),
                 figure("b1", "Monk", 100, 90, 180, retreat_failed=True))
    got = rows(state)
    assert got["Attacking a unit that tried to retreat but failed"] == 1
    assert got["Attack by figure that tried to retreat this turn"] == -1


def test_large_against_small_and_small_against_large():
    """"-1 Large unit attacks vs Small figures"; "+1 Attacking Large units"."""
    state = table(("a1", "Troll", 100, 100, 0), ("b1", "Monk", 100, 85, 180))
    assert rows(state)["Large unit attacks vs Small figures"] == -1
    assert rows(state, "b1", "a1")["Attacking Large units"] == 1
    assert "Large unit attacks vs Small figures" not in rows(
        table(("a1", "Troll", 100, 100, 0), ("b1", "Ogre", 100, 80, 180)))


def test_savage_mount_and_tough_hide():
    """"+1 Attacker riding on Savage Mount in HTH"; "-1 Defender has Tough hide"."""
    got = rows(table(("a1", "Goblin Wolf Rider", 100, 100, 0), ("b1", "Troll", 100, 82, 180)))
    assert got["Attacker riding on Savage Mount in HTH"] == 1
    assert got["Defender has Tough hide"] == -1


def test_fatigue_and_immobilized_defender():
    """"-1 Attacker fatigued"; "+3 Defender immobilized"."""
    state = duel(figure("a1", "Monk", 100, 100, 0, fatigued=1),
                 figure("b1", "Monk", 100, 90, 180, immobilized=1))
    got = rows(state)
    assert got["Attacker fatigued"] == -1 and got["Defender immobilized"] == 3


def test_a_mortally_wounded_defender_is_immobilized():
    """"7-8 Mortally Wounded (Unit immobilized ...)" and "+3 Defender immobilized"."""
    state = duel("Monk", figure("b1", "Monk", 100, 90, 180, mortal=3))
    assert rows(state)["Defender immobilized"] == 3


def test_attacking_with_a_net_is_plus_one(dice):
    """"+1 Attacking with net. Net does no damage but target immobilized for 1D3
    turns" (the Kobold: shield, dagger, net)."""
    state = duel("Kobold", "Monk")
    got = rows(state)
    assert got["Attacking with net"] == 1
    attack = combat.melee_attack(state, "a1", "b1", "hth")
    data = combat.roll_attack(state, attack, dice.fix(9, 2))
    assert data["hit"] and data["net"] == 2 and "damage_roll" not in data
    assert evolve(state, Event("attacked", data)).figure("b1").immobilized == 2


def test_stunned_is_minus_one_on_the_next_attack_only(dice):
    """"1 or less Stunned (No damage but unit's next attack roll is at -1)"."""
    state = duel(figure("a1", "Monk", 100, 100, 0, stunned=True), "Monk")
    assert rows(state)["Stunned: next attack roll is at -1"] == -1
    attack = combat.melee_attack(state, "a1", "b1", "hth")
    state = evolve(state, Event("attacked", combat.roll_attack(state, attack, dice.fix(2))))
    state = replace(state, hth_counts=())
    assert "Stunned: next attack roll is at -1" not in rows(state)


@pytest.mark.parametrize(("unit", "bonus"), [("Gnome", 1), ("Yeoman", 0)])
def test_the_blunderbuss_spreads_its_shot(unit, bonus):
    """"+1 Attacker using Blunderbuss (Shot spreads)"; "-1 The attack is Ranged"."""
    state = table(("a1", unit, 100, 100, 0), ("b1", "Monk", 100, 70, 180), phase="ranged")
    weapon = "Blunderbuss" if bonus else "Longbow"
    got = {t: v for v, t in attack_modifiers(state, Attack("a1", "b1", "ranged", weapon))}
    assert got["The attack is Ranged"] == -1
    assert got.get("Attacker using Blunderbuss (Shot spreads)", 0) == bonus


def test_moving_and_mounted_archers():
    """"-1 Attacker is an archer that moved this turn"; "-1 Attacker is mounted
    archer" (the Nomad Horse Archer)."""
    state = table(figure("a1", "Yeoman", 100, 100, 0, moved=True),
                  ("a2", "Nomad Horse Archer", 200, 100, 0), ("b1", "Monk", 150, 40, 180),
                  phase="ranged")
    moved = {t: v for v, t in attack_modifiers(state, Attack("a1", "b1", "ranged", "Longbow"))}
    assert moved["Attacker is an archer that moved"] == -1
    rider = {t: v for v, t in attack_modifiers(state, Attack("a2", "b1", "ranged", "Longbow"))}
    assert rider["Attacker is mounted archer"] == -1
    assert "Attacker is an archer that moved" not in rider


def test_long_range_and_cover_each_minus_one():
    """"-1 Attack is at Long Range"; "-1 Ranged attack vs unit partially under cover"."""
    state = table(("a1", "Yeoman", 100, 100, 0), ("b1", "Monk", 100, 70, 180), phase="ranged")
    got = {t: v for v, t in attack_modifiers(
        state, Attack("a1", "b1", "ranged", "Longbow", band="long", cover=True))}
    assert got["Attack is at Long Range"] == -1
    assert got["Ranged attack vs unit partially under cover"] == -1


def test_a_disarmed_netter_fights_bare_handed(dice):
    """"4 Wounded & Disarmed (Unarmed units Attack roll & Damage roll -2)": a disarmed
    Kobold has lost its net too, so its hit does damage and nets nothing."""
    state = duel(figure("a1", "Kobold", 100, 100, 0, disarmed=True), "Monk")
    got = rows(state)
    assert "Attacking with net" not in got
    assert got["Disarmed: unarmed units Attack roll -2"] == -2
    attack = combat.melee_attack(state, "a1", "b1", "hth")
    data = combat.roll_attack(state, attack, dice.fix(12, 5))
    assert "net" not in data and data["result"] == "wounded"  # 5 - 2 - 1 (weak) + 1 = 3


def test_unstable_ground_hurts_the_attacker_and_helps_against_the_defender():
    """"-1 Attacker on unstable ground"; "+1 Defender in HTH on unstable ground" (the
    walled farm's muddy yard); tall grass is rough but firm (docs/rules/sns.md,
    "Terrain kinds")."""
    mud = table(("a1", "Monk", 260, 110, 0), ("b1", "Monk", 260, 100, 180), layout="walled_farm")
    got = rows(mud)
    assert got["Attacker on unstable ground"] == -1
    assert got["Defender in HTH on unstable ground"] == 1
    grass = table(("a1", "Monk", 90, 140, 0), ("b1", "Monk", 90, 130, 180), layout="walled_farm")
    assert not {"Attacker on unstable ground", "Defender in HTH on unstable ground"} & set(
        rows(grass))
