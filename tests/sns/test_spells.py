"""SPELLS and SAVE vs SPELL (seed 003) with scripted dice: the hands, the
discard and redraw, attack spells, saving throws, lasting effects, Dispell."""

from dataclasses import replace

from server.rules.kernel import SPECTATOR, Command, Viewer
from server.rules.sns import casting, movement, spells
from server.rules.sns.actions import deal
from server.rules.sns.evolve import Stepper
from server.rules.sns.system import SYSTEM
from tests.sns.table import events_of, figure, run, table


def test_each_caster_draws_its_spells_known_and_only_its_side_sees_them(dice):
    """"each spellcaster draws a number of cards equal to the number of spells they
    know" (the Cleric knows 4); the cards are secret from the other side."""
    state = table(("a1", "Cleric", 100, 200), ("b1", "Orc", 100, 30), phase="start")
    step = Stepper(state)
    dice.fix(1, 1, 1, 1)
    deal(step, dice)
    dealt = step.events[0]
    assert dealt.visible_to == ("a",) and dealt.redacted == {"figure": "a1", "count": 4}
    hand = list(step.state.hand("a1"))
    assert hand == list(spells.deck()[:4]) and step.state.phase == "spell_swap"
    assert SYSTEM.view(step.state, Viewer("a"))["hands"] == {"a1": hand}
    assert SYSTEM.view(step.state, Viewer("b"))["hands"] == {"a1": 4}
    assert SYSTEM.view(step.state, SPECTATOR)["hands"] == {"a1": 4}


def test_a_caster_may_discard_one_spell_and_draw_another(dice):
    """"Each caster may discard and draw one new spell" (not one already drawn)."""
    state = table(("a1", "Orc Shaman", 100, 200), ("b1", "Orc", 100, 30),
                  phase="spell_swap", hands=(("a1", ("Fear", "Slow", "Shield")),),
                  drawn=(("a", ("Fear", "Slow", "Shield")),))
    state, events = run(state, Command("a", "swap_spell", {"figure": "a1", "card": "Fear"}),
                        dice.fix(1, 8, 3))  # the first card left; the slow move roll-off
    swapped = events_of(events, "spell_swapped")[0]
    assert swapped["cards"] == [spells.deck()[0]] and "Fear" not in state.hand("a1")


def test_a_fireball_attacks_every_unit_in_two_inches(dice):
    """Fireball: "Range = 10" affects all units in 2" radius. Attack roll +2, Damage
    roll +1" (a friend in the radius too)."""
    state = table(("a1", "Wizard", 100, 200), ("a2", "Swordsman", 130, 100),
                  ("b1", "Orc", 100, 100, 180), ("b2", "Orc", 300, 100), phase="ranged",
                  hands=(("a1", ("Fireball",)),))
    step = Stepper(state)
    dice.fix(8, 9, 2)  # a2: hit, damage 9 + 1 + 1 (no armour: 0) -> killed; b1: miss
    casting.cast(step, "a1", "Fireball", {"point": [110, 100]}, dice)
    attacks = events_of(step.events, "attacked")
    assert [a["target"] for a in attacks] == ["a2", "b1"]
    assert [2, "Fireball: Attack roll +2"] in attacks[0]["modifiers"]
    assert [1, "Attacker is a Spellcaster casting an attack spell with a Magestaff"] in \
        attacks[0]["modifiers"]
    assert [1, "Fireball"] in attacks[0]["damage_modifiers"]
    assert step.state.figure("a2").dead and step.state.hand("a1") == ()
    assert step.state.figure("a1").attacks_made == 1


def test_save_vs_spell_resists_on_eleven_or_more(dice):
    """SAVE vs SPELL: "1-10 The spell takes effect", "11-12 The spell is resisted";
    "+1 Defending Unit is veteran", "+1 Defending Unit has shield", "-1 Caster has a
    magestaff". Paralyze: "immobilized (cannot move or attack) for 1-3 turns"."""
    state = table(("a1", "Wizard", 100, 200), ("b1", "Dwarf", 100, 150),
                  ("b2", "Dwarf", 200, 150), phase="ranged",
                  hands=(("a1", ("Paralyze", "Paralyze")),))
    step = Stepper(state)
    dice.fix(10)  # 10 + 1 + 1 - 1 = 11: resisted
    casting.cast(step, "a1", "Paralyze", {"target": "b1"}, dice)
    assert events_of(step.events, "spell_effect")[0]["saved"]
    assert step.state.figure("b1").immobilized == 0
    dice.fix(9, 3)  # 10: takes effect, for 3 turns
    casting.cast(step, "a1", "Paralyze", {"target": "b2"}, dice)
    assert step.state.figure("b2").immobilized == 3


def test_slow_stops_moving_and_dispell_negates_it(dice):
    """Slow: "Units in a 5" radius cannot move for 3 turns"; Dispell: "Negates a spell
    that lasts X turns"."""
    state = table(("a1", "Wizard", 100, 200), ("b1", "Orc", 100, 120, 180),
                  ("b2", "Orc Shaman", 300, 100, 180), phase="slow_move",
                  hands=(("a1", ("Slow",)), ("b2", ("Dispell",))))
    step = Stepper(state)
    dice.fix(3)
    casting.cast(step, "a1", "Slow", {"point": [100, 120]}, dice)
    slowed = step.state.figure("b1")
    assert slowed.effects == (("slowed", 3),)
    assert not movement.may_move(step.state, slowed, "slow_move")
    casting.cast(step, "b2", "Dispell", {"target": "b1"}, dice)
    assert movement.may_move(step.state, step.state.figure("b1"), "slow_move")


def test_haste_doubles_the_move(dice):
    """Haste: "Cast in Move phase. Target gets double movement for 4 turns"."""
    state = table(("a1", "Wizard", 100, 200), ("a2", "Swordsman", 130, 200),
                  ("b1", "Orc", 100, 30), phase="slow_move", hands=(("a1", ("Haste",)),))
    assert [s.name for s in casting.castable(state, state.figure("a1"))] == ["Haste"]
    step = Stepper(state)
    casting.cast(step, "a1", "Haste", {"target": "a2"}, dice)
    assert movement.allowance(step.state, step.state.figure("a2")) == 80


def test_turn_undead_makes_undead_check_at_minus_eight(dice):
    """Turn Undead: "All undead in 10" radius of caster must check morale at -8"."""
    state = table(("a1", "Cleric", 100, 200), ("b1", "Skeleton", 100, 150, 180),
                  phase="ranged", hands=(("a1", ("Turn Undead",)),))
    step = Stepper(state)
    dice.fix(8)  # 8 + 4 (undead) - 8 = 4: routs
    casting.cast(step, "a1", "Turn Undead", {}, dice)
    check = events_of(step.events, "morale_checked")[0]
    assert [-8, "Turn Undead"] in check["modifiers"] and check["routs"]
    assert step.state.figure("b1").routing


def test_figure_helper_keeps_the_sample_kit():
    assert figure("a1", "Cleric", 0, 0).kit[0] == "Spellcaster"


def test_heal_great_heal_and_ressurrect_in_the_rally_phase(dice):
    """Heal: "Cast in Rally phase. Remove all wounds on one figure"; Great Heal:
    "Remove one wound from all friendly units in 5""; Ressurrect: "Restore one
    dead unit to 1 Hit"."""
    state = table(("a1", "Cleric", 100, 200), figure("a2", "Swordsman", 120, 200, wounds=2),
                  figure("a3", "Swordsman", 140, 200, mortal=3),
                  figure("a4", "Swordsman", 100, 220, dead=True), ("b1", "Orc", 100, 30),
                  phase="rally",
                  hands=(("a1", ("Heal", "Great Heal", "Ressurrect")),))
    assert {s.name for s in casting.castable(state, state.figure("a1"))} == {
        "Heal", "Great Heal", "Ressurrect"}
    step = Stepper(state)
    casting.cast(step, "a1", "Heal", {"target": "a2"}, dice)
    assert step.state.figure("a2").wounds == 0
    casting.cast(step, "a1", "Great Heal", {}, dice)
    assert step.state.figure("a3").mortal == 0 and not step.state.figure("a3").dead
    casting.cast(step, "a1", "Ressurrect", {"target": "a4"}, dice)
    raised = step.state.figure("a4")
    assert not raised.dead and raised.hits == 1 and step.state.hand("a1") == ()


def test_touch_of_death_is_a_hth_attack_at_damage_plus_five(dice):
    """Touch of Death: "HTH attack. Damage roll +5", declared with the phase's attacks."""
    from server.rules.sns import turns
    state = table(("a1", "Wizard", 100, 100), ("b1", "Dwarf", 100, 90, 180), phase="hth",
                  hands=(("a1", ("Touch of Death",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Touch of Death", {"target": "b1"}, dice)
    assert step.state.declared == (("a1", "b1", "Touch of Death"),)
    dice.fix(12, 3)  # 3 + 5 - 1 (heavy armour) - 1 (weak) = 6
    turns._resolve_melee(step, dice)
    hit = events_of(step.events, "attacked")[0]
    assert [5, "Touch of Death"] in hit["damage_modifiers"]
    assert hit["result"] == "wounded_disarmed_knocked_down"


def test_teleport_puts_a_friend_anywhere_its_base_fits(dice):
    """Teleport: "Move self or unit within 10" anywhere on table"."""
    state = table(("a1", "Wizard", 100, 200), ("a2", "Knight", 130, 200),
                  ("b1", "Orc", 300, 30), phase="ranged", hands=(("a1", ("Teleport",)),))
    specs = casting.option(state, state.figure("a1"), spells.spells()["Teleport"])
    landing = next(s for s in specs if s.args["target"] == "a2").params["to"]
    assert [300, 100] in landing and [300, 30] not in landing  # (on the Orc)
    step = Stepper(state)
    casting.cast(step, "a1", "Teleport", {"target": "a2", "to": [300, 100]}, dice)
    assert (step.state.figure("a2").x, step.state.figure("a2").y) == (300, 100)


def test_stone_wall_raises_a_wall_and_stone_to_mud_destroys_it(dice):
    """Stone Wall: "10" long, 3" high, ½" thick, Permanent, Range = 10""; Stone to
    Mud: "Destroys Earth obstacles (10" length of wall)"."""
    state = table(("a1", "Wizard", 100, 200), ("b1", "Orc", 100, 30), phase="ranged",
                  hands=(("a1", ("Stone Wall", "Stone to Mud")),))
    wall = spells.spells()["Stone Wall"]
    places = casting.Placements(state, state.figure("a1"), wall)
    assert ["wall", 100, 130, 90] in places and ["wall", 100, 30, 90] not in places  # the Orc
    assert ["wall", 100, 50, 90] not in places  # out of range
    step = Stepper(state)
    casting.cast(step, "a1", "Stone Wall", {"place": ["wall", 100, 130, 90]}, dice)
    piece = step.state.layout.terrain[0]
    assert piece.name == "stone wall 1" and piece.movement == "wall" and piece.height == 30
    blocked = movement.area(step.state, step.state.figure("a1"), 80)
    assert not blocked.contains((100, 125))  # "climbed, not walked through"
    step.state = step.state.with_figure(replace(step.state.figure("a1"), attacks_made=0))
    casting.cast(step, "a1", "Stone to Mud", {"piece": "stone wall 1"}, dice)
    assert step.state.layout.terrain == ()


def test_alter_terrain_adds_and_removes_obstacles(dice):
    """Alter Terrain: "Change the terrain in a 5" Radius permanently, (Add or remove
    obstacles), Range = 10"": the boulder of the default table goes."""
    state = table(("a1", "Wizard", 260, 200), ("b1", "Orc", 30, 30), phase="ranged",
                  layout="wood_and_boulder", hands=(("a1", ("Alter Terrain",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Alter Terrain", {"place": ["remove", 260, 120]}, dice)
    assert [p.name for p in step.state.layout.terrain] == ["wood"]


def test_petrify_turns_a_figure_into_a_statue(dice):
    """Petrify: "Target becomes a terrain obstacle (statue) permanently, Range = 5",
    Units may save vs magic"."""
    state = table(("a1", "Wizard", 100, 200), ("b1", "Orc", 100, 160, 180), phase="ranged",
                  hands=(("a1", ("Petrify",)),))
    step = Stepper(state)
    dice.fix(9)  # 9 + 1 (shield) - 1 (magestaff) = 9: no save
    casting.cast(step, "a1", "Petrify", {"target": "b1"}, dice)
    assert step.state.figure("b1").dead
    assert [(p.name, p.movement) for p in step.state.layout.terrain] == [("statue 1",
                                                                           "impassable")]


def test_charm_takes_control_until_the_unit_saves(dice):
    """Charm: "Take control of target unit, Range = 5", The unit may save each turn"."""
    from server.rules.sns.casting import charm_saves
    state = table(("a1", "Wizard", 100, 200), ("b1", "Orc", 100, 160, 180),
                  ("b2", "Orc", 300, 30), phase="ranged", hands=(("a1", ("Charm",)),))
    step = Stepper(state)
    dice.fix(5)  # 5 + 1 (shield) - 1 (magestaff): no save
    casting.cast(step, "a1", "Charm", {"target": "b1"}, dice)
    assert step.state.figure("b1").seat == "a" and step.state.figure("b1").charmed_from == "b"
    dice.fix(9)  # 9 + 1 (shield) = 10: held another turn
    charm_saves(step, dice)
    assert step.state.figure("b1").seat == "a"
    dice.fix(10)  # 11: free
    charm_saves(step, dice)
    assert step.state.figure("b1").seat == "b" and not step.state.figure("b1").charmed_from


def test_animate_dead_raises_a_fearsome_undead(dice):
    """Animate Dead: "Target Dead unit becomes undead & gains fear ability, Range = 5""
    ("+4 Unit making check is undead"; "-1 Defenders have cause Fear ability")."""
    from server.rules.sns import morale
    from server.rules.sns.attacks import Attack, attack_modifiers
    state = table(("a1", "Necromancer", 100, 200), figure("b1", "Orc", 100, 160, dead=True),
                  ("b2", "Orc", 100, 150, 180), phase="ranged",
                  hands=(("a1", ("Animate Dead",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Animate Dead", {"target": "b1"}, dice)
    risen = step.state.figure("b1")
    assert risen.seat == "a" and not risen.dead and risen.hits == 1
    assert (4, "Unit making check is undead") in morale.modifiers(step.state, risen)
    rows = attack_modifiers(step.state, Attack("b2", "b1", "hth", "Sword"))
    assert (-1, "Defenders have cause Fear ability") in rows


def test_a_fire_wall_burns_whoever_crosses_it(dice):
    """Fire Wall: "10" long, 3" high, ... Units that cross it are attacked immediately
    (Attack roll +1), Range = 10"" (passable, unlike a stone wall)."""
    state = table(("a1", "Wizard", 100, 200), ("b1", "Swordsman", 100, 100, 180),
                  ("b2", "Swordsman", 300, 100, 180), phase="ranged",
                  hands=(("a1", ("Fire Wall",)),))
    step = Stepper(state)
    casting.cast(step, "a1", "Fire Wall", {"place": ["wall", 100, 130, 90]}, dice)
    piece = step.state.layout.terrain[0]
    assert piece.name == "fire wall 1" and piece.movement == "open" and piece.blocks_sight
    moving = replace(step.state, phase="slow_move", acting="b", done=())
    dice.fix(6, 9)  # 6 + 1 = 7: hit; damage 9: killed
    after, events = run(moving, Command("b", "move", {"figure": "b1", "to": [100, 140],
                                                       "facing": 180}), dice)
    burned = events_of(events, "burned")[0]
    assert burned["wall"] == "fire wall 1" and burned["result"] == "killed"
    assert after.figure("b1").dead
