"""The Dragon's three attacks with their weapons (seed 003, SAMPLE UNITS), and
the ATTACK ROLL MODIFIERS rows "+1 Bonus vs units of a certain type", "+1
Surprise attack", "+1 Attacker using a 1H weapon with 2 hands in HTH", "-1
Attacker on unstable ground" / "+1 Defender in HTH on unstable ground"; and
climbing (TERRAIN: "Noncavalry units can climb at a rate of 1" turn")."""

from dataclasses import replace

from server.rules.kernel import Command
from server.rules.sns import climbing, combat, movement, turns
from server.rules.sns.actions import act
from server.rules.sns.army.check import check_army
from server.rules.sns.attacks import Attack, attack_modifiers, damage_modifiers
from server.rules.sns.evolve import Stepper
from server.rules.sns.profile import is_type
from tests.sns.table import events_of, figure, table

HERO = "Elwylin the Elf Lord on Griffon"
TWO_HANDS = (1, "Attacker using a 1H weapon with 2 hands in HTH")


def dragon_ringed(**dragon):
    """A Dragon facing north, an Orc in contact ahead, one beside (ahead, 90
    degrees off counts as front) and one behind (its rear 90 degrees). It has
    declared it engages in HTH this turn ("Flyers must declare if they are
    engaging in HTH")."""
    dragon = {"engaged": 1, **dragon}
    return table(figure("a1", "Dragon", 100, 100, 0, **dragon),
                 ("b1", "Orc", 100, 120, 0), ("b2", "Orc", 100, 80, 180),
                 ("b3", "Orc", 80, 100, 90))


def test_the_dragon_bites_then_claws_ahead_and_sweeps_its_tail_behind(dice):
    """Dragon: "bite +2 Damage, Second attack: Claws +1 Damage, Third attack: Tail
    sweep(Rear 90 degrees only)": its first attack ahead is the bite, the second
    the claws; the enemy behind only the tail reaches; each weapon once a turn."""
    state = dragon_ringed()
    assert combat.melee_targets(state, state.figure("a1"), "hth") == ["b1", "b2", "b3"]
    state = replace(state, declared=(("a1", "b2", ""), ("a1", "b3", "")))
    assert combat.melee_targets(state, state.figure("a1"), "hth") == ["b1"]
    state = replace(state, declared=(*state.declared, ("a1", "b1", "")))
    step = Stepper(state)
    dice.fix(12, 1, 12, 1, 12, 1)  # three hits, each damage roll a 1
    turns._resolve_melee(step, dice)
    attacks = {a["target"]: a for a in events_of(step.events, "attacked")}
    assert {t: a["weapon"] for t, a in attacks.items()} == {
        "b2": "Bite", "b3": "Claws", "b1": "Tail sweep"}
    assert [2, "Bite"] in attacks["b2"]["damage_modifiers"]
    claws = [1, "Special bonus: +1 to damage roll"]
    assert claws in attacks["b3"]["damage_modifiers"]
    assert claws not in attacks["b2"]["damage_modifiers"]
    assert claws not in attacks["b1"]["damage_modifiers"]


def test_a_dragon_that_breathed_has_its_claws_and_tail_left():
    """"Fire breath (...) or bite": the breath is the first attack, so after it
    the dragon claws one enemy ahead and sweeps one behind."""
    state = dragon_ringed(attacks_made=1)
    dragon = state.figure("a1")
    assert combat.melee_attack(state, "a1", "b2", "hth").weapon == "Claws"
    state = replace(state, declared=(("a1", "b2", ""),))
    assert combat.melee_targets(state, dragon, "hth") == ["b1"]


def test_the_tail_reaches_no_enemy_ahead():
    """"Tail sweep(Rear 90 degrees only)": with only an enemy ahead, a dragon that
    has bitten and clawed it has no attack left for it."""
    state = table(("a1", "Dragon", 100, 100, 0), ("b2", "Orc", 100, 80, 180),
                  declared=(("a1", "b2", ""), ("a1", "b2", "")))
    assert combat.melee_targets(state, state.figure("a1"), "hth") == []


def test_bane_counts_against_the_named_type_only():
    """Rune Sword: "Attack roll +2 vs Demons"; "+1 Bonus vs units of a certain
    type. For example: +2 vs Giants": by what the defender is."""
    demon = figure("b1", "Orc", 100, 116, 180, types=("Demon",))
    state = table(("a1", HERO, 100, 100), demon, ("b2", "Orc", 116, 100, 270))
    assert (2, "Bonus vs Demons") in attack_modifiers(state, Attack("a1", "b1", "hth", "Sword"))
    assert all(t != "Bonus vs Demons"
               for _, t in attack_modifiers(state, Attack("a1", "b2", "hth", "Sword")))


def test_types_come_from_the_catalog_and_the_kit():
    """Sample units carry their people or creature; the kit adds its kinds
    (an Ogre is a giant and large; a Skeleton undead); plurals name the type."""
    assert figure("x", "Ogre", 0, 0).types == ("Ogre", "Giant", "Large")
    assert "Undead" in figure("x", "Skeleton", 0, 0).types
    assert is_type(("Giant",), "Giants") and is_type(("Dwarf",), "Dwarves")
    assert is_type(("Man",), "Men") and not is_type(("Elf",), "Demons")


def test_a_unit_of_one_s_own_may_say_what_it_is():
    """A custom unit's types cost nothing; words only, a few."""
    own = {"name": "Imp", "kit": ["Infantry", "Claws"], "types": ["Demon"]}
    leader = {"unit": "Orc Warboss"}
    priced, found = check_army({"name": "x", "units": [leader, own]})
    assert found == [] and priced["units"][1]["types"] == ["Demon"]
    assert priced["units"][1]["cost"] == check_army(
        {"name": "x", "units": [leader, {**own, "types": []}]})[0]["units"][1]["cost"]
    _, found = check_army({"name": "x", "units": [leader, {**own, "types": ["<demon>"]}]})
    assert found[0].code == "bad_unit" and "types" in found[0].message


def charge(start, target_at):
    state = table(("a1", "Knight", *start, 0), ("b1", "Orc", *target_at, 180),
                  phase="fast_move", acting="a", layout="wood_and_boulder")
    path = [list(start), [target_at[0], target_at[1] + 13]]
    assert movement.area(state, state.figure("a1"), 80).accepts(path)
    step = Stepper(state)
    act(step, Command("a", "move_path", {"figure": "a1", "path": path, "facing": 0}), None)
    return step


def test_a_charge_out_of_the_defender_s_sight_is_a_surprise_attack():
    """"+1 Surprise attack": read as a charge by a figure its target could not
    see where the charge began (here behind the wood, which blocks sight)."""
    step = charge((120, 165), (140, 95))
    moved = events_of(step.events, "moved")[0]
    assert moved["charged"] == ["b1"] and moved["surprised"] == ["b1"]
    rows = attack_modifiers(step.state, Attack("a1", "b1", "polearm", "Lance"))
    assert (1, "Surprise attack") in rows and (1, "Charge (Moving into HTH from at least "
                                                   "2\" away)") in rows


def test_a_charge_in_plain_sight_is_no_surprise():
    step = charge((200, 180), (200, 110))
    moved = events_of(step.events, "moved")[0]
    assert moved["charged"] == ["b1"] and "surprised" not in moved
    rows = attack_modifiers(step.state, Attack("a1", "b1", "polearm", "Lance"))
    assert (1, "Surprise attack") not in rows


def hth_rows(unit: str, weapon: str) -> list:
    state = table(("a1", unit, 100, 100), ("b1", "Orc", 100, 90, 180))
    return attack_modifiers(state, Attack("a1", "b1", "hth", weapon))


def test_a_lone_one_handed_weapon_is_gripped_with_both_hands():
    """"+1 Attacker using a 1H weapon with 2 hands in HTH": a figure on foot with
    one one-handed weapon and no shield always has it; not with a shield, a
    second weapon, a two-handed weapon, nor on a mount."""
    assert TWO_HANDS in hth_rows("Nomad Dervish", "Sword")          # sword, no shield
    assert TWO_HANDS in hth_rows("Dwarf Rune Master", "Hammer")     # hammer (magestaff)
    assert TWO_HANDS not in hth_rows("Swordsman", "Sword")          # shield
    assert TWO_HANDS not in hth_rows("Goblin Scout", "Sword")       # sword & dagger
    assert TWO_HANDS not in hth_rows("Nomad Unich Guard", "2-H sword")
    assert TWO_HANDS not in hth_rows("Monk", "Staff")               # two-handed staff
    assert TWO_HANDS not in hth_rows("Goblin Wolf Rider", "Sword")  # a hand on the reins
    state = table(("a1", "Nomad Dervish", 100, 100), ("b1", "Orc", 100, 90, 180))
    assert TWO_HANDS not in attack_modifiers(state, Attack("a1", "b1", "polearm", "Sword"))


def test_unstable_ground_hurts_the_fighter_standing_on_it():
    """"-1 Attacker on unstable ground", "+1 Defender in HTH on unstable ground":
    the muddy yard is unstable; the tall grass is rough (half speed) but firm."""
    in_mud = table(("a1", "Orc", 250, 100), ("b1", "Orc", 250, 135, 180),
                   layout="walled_farm")
    out = attack_modifiers(in_mud, Attack("a1", "b1", "hth", "Sword"))
    assert (-1, "Attacker on unstable ground") in out
    back = attack_modifiers(in_mud, Attack("b1", "a1", "hth", "Sword"))
    assert (1, "Defender in HTH on unstable ground") in back
    in_grass = table(("a1", "Orc", 90, 130), ("b1", "Orc", 90, 120, 180), layout="walled_farm")
    rows = [t for _, t in attack_modifiers(in_grass, Attack("a1", "b1", "hth", "Sword"))]
    assert not any("unstable" in t for t in rows)


def test_the_mud_of_alter_terrain_is_unstable():
    """Alter Terrain's mud ("Rough terrain: Mud"; "rough or unstable terrain")."""
    from server.rules.sns import terrain_spells
    state = table(("a1", "Wizard", 100, 200))
    assert terrain_spells.alter(state, (200, 100), "mud", 5)["piece"][2] == "unstable"


def test_any_figure_on_foot_climbs_a_cliff_but_only_a_scaler_a_wall():
    """"Noncavalry units can climb at a rate of 1" turn"; "Only units described as
    "scalers" can climb flat walls": a Swordsman climbs the 2" cliff in two turns;
    a Knight does not; at a field wall only the Goblin Scout climbs."""
    cliff = table(("a1", "Swordsman", 124, 120, 90), ("a2", "Knight", 180, 71, 90),
                  layout="high_ground", phase="slow_move")
    swordsman = cliff.figure("a1")
    assert climbing.may_climb(cliff, swordsman)
    assert [146, 120] in climbing.FarSide(cliff, swordsman)
    assert climbing.turns_to_climb(cliff, swordsman, [146, 120]) == 2
    knight = cliff.figure("a2")  # (in contact with the north cliff)
    assert not climbing.may_climb(cliff, knight)
    on_foot = replace(knight, kit=("Infantry", "Sword"))
    assert climbing.walls_touched(cliff, on_foot)
    wall = table(("a1", "Swordsman", 90, 89), ("a2", "Goblin Scout", 110, 89),
                 layout="walled_farm")
    assert not climbing.may_climb(wall, wall.figure("a1"))
    assert climbing.may_climb(wall, wall.figure("a2"))


def test_damage_rows_of_a_dragon_bite_take_the_printed_bonus():
    """"bite +2 Damage": the bite's own row."""
    state = dragon_ringed()
    rows = damage_modifiers(state, Attack("a1", "b2", "hth", "Bite"))
    assert (2, "Bite") in rows
