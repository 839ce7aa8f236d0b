"""Ranged combat: seed 000, RANGED COMBAT to RANGED COMBAT MODIFIERS, with the
hex readings of docs/rules/sbh.md ("Ranged combat")."""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.ranged_modifiers import attack_modifiers
from server.rules.sbh.state import turn_start_positions
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first

ARCHER = ["Shooter (Long)"]


def shoot_options(state):
    specs = [s for s in SYSTEM.prompt(state).decisions[0].options if s.type == "shoot"]
    return specs[0].params["target"] if specs else []


def activated(state, dice, figure="a1", count=1, rolls=(6,)):
    dice.fix(*rolls)
    state, _ = act(state, "a", "activate", dice, figure=figure, dice=count)
    return state


def test_argylas_aimed_shot_lowers_the_orc_to_c1_and_doubles_it(dice):
    """seed 000, AIMED SHOTS EXAMPLE: 'Argylas the Elf (C3) aims his bow at a C2
    Orc 1 x Long away ... If he performs an Aimed Shot, it will be a 3 vs a 1.'"""
    state = battle(fig("a1", "Argylas", 3, 3, (2, 5), rules=ARCHER),
                   fig("b1", "Orc", 4, 2, (15, 5)))  # 13 hexes = 1 x Long
    state = activated(state, dice, count=2, rolls=(4, 5))
    dice.fix(4, 2)
    state, events = act(state, "a", "shoot", dice, target="b1", aimed=True)
    shot = first(events, "shot")
    assert shot.data["modifiers"] == [[], ["aimed shot -1"]]
    assert shot.data["totals"] == [7, 3] and shot.data["result"] == "kill"
    assert state.figures["b1"].status == "dead"


def test_the_same_rolls_unaimed_only_knock_the_orc_down(dice):
    """seed 000, AIMED SHOTS: 'this is not the same as having a +1 to the shooter's
    C score, as it is now easier to double the Orc's score' -- 7 vs 4 is no kill."""
    state = battle(fig("a1", "Argylas", 3, 3, (2, 5), rules=ARCHER),
                   fig("b1", "Orc", 4, 2, (15, 5)))
    state = activated(state, dice)
    dice.fix(4, 2)
    state, events = act(state, "a", "shoot", dice, target="b1", aimed=False)
    assert first(events, "shot").data["totals"] == [7, 4]
    assert first(events, "shot").data["result"] == "fall" and state.figures["b1"].fallen


@pytest.mark.parametrize("gap, rules, penalty", [
    (14, ARCHER, "2 x range -2"), (27, ARCHER, "3 x range -4"),
    (14, [*ARCHER, "Unerring Aim"], "2 x range -1"),
    (27, [*ARCHER, "Unerring Aim"], "3 x range -2")])
def test_range_multiples(dice, gap, rules, penalty):
    """seed 000, RANGE MODIFIERS: 'within double the range, the attack is at -2
    ... three times the range ... -4'; UNERRING AIM halves them."""
    state = battle(fig("a1", "Archer", 3, 3, (0, 2), rules=rules),
                   fig("b1", "Orc", 4, 2, (gap, 2)), size=32)
    state = activated(state, dice)
    dice.fix(3, 3)
    _, events = act(state, "a", "shoot", dice, target="b1", aimed=False)
    assert first(events, "shot").data["modifiers"][0] == [penalty]


def test_beyond_three_times_the_range_no_shot(dice):
    """seed 000, RANGE MODIFIERS: 'If the target lies beyond that, the shot is
    impossible.'"""
    state = battle(fig("a1", "Archer", 3, 3, (0, 2), rules=["Shooter (Short)"]),
                   fig("b1", "Orc", 4, 2, (13, 2)))
    state = activated(state, dice)
    assert shoot_options(state) == []
    with pytest.raises(RulesError) as error:
        act(state, "a", "shoot", dice, target="b1", aimed=False)
    assert error.value.code == "illegal_target"


def test_only_the_shooter_can_affect_the_target(dice):
    """seed 000, RESOLVING RANGED ATTACKS: 'the target's roll is purely defensive'."""
    state = battle(fig("a1", "Archer", 3, 1, (2, 5), rules=ARCHER),
                   fig("b1", "Ogre", 4, 4, (6, 5)))
    state = activated(state, dice)
    dice.fix(2, 6)
    state, events = act(state, "a", "shoot", dice, target="b1", aimed=False)
    assert first(events, "shot").data["result"] == "none"
    assert not state.figures["a1"].fallen and state.figures["a1"].status == "ready"


def test_recoil_from_a_shot_is_directly_away_from_the_shooter(dice):
    """seed 000, RESOLVING RANGED ATTACKS: 'retreats by one base width (if the
    winner's die score is odd)'; the target's owner picks the hex."""
    state = battle(fig("a1", "Archer", 3, 3, (2, 5), rules=ARCHER),
                   fig("b1", "Orc", 4, 2, (8, 5)))
    state = activated(state, dice)
    dice.fix(5, 4)
    state, _ = act(state, "a", "shoot", dice, target="b1", aimed=False)
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b"
    options = next(o for o in decision.options if o.type == "recoil").params["to"]
    assert [9, 5] in options and all(o[0] + o[1] >= 13 for o in options)


def test_closest_enemy_first_unless_worth_less_than_half(dice):
    """seed 000, TARGETING RESTRICTIONS: 'must always shoot at the closest enemy
    model, unless that enemy model's point value is less than half of the
    shooter's'."""
    archer = fig("a1", "Archer", 3, 3, (2, 5), rules=ARCHER, points=50)
    near = fig("b1", "Orc Captain", 4, 3, (6, 5), points=40)
    far = fig("b2", "Orc Shaman", 4, 1, (10, 2), points=60)  # off the line to b1
    state = activated(battle(archer, near, far), dice)
    assert shoot_options(state) == ["b1"]
    cheap = fig("b1", "Goblin", 4, 2, (6, 5), points=24)  # 24 < 50 / 2
    state = activated(battle(archer, cheap, far), dice)
    assert shoot_options(state) == ["b1", "b2"]


def test_fallen_and_covered_foes_may_be_ignored_and_big_ones_always_chosen(dice):
    """seed 000, TARGETING RESTRICTIONS: 'may also ignore an enemy model who is
    hiding, fallen or protected by cover ... may also always ignore
    regular-sized foes in order to shoot a Big, Huge, or Gargantuan model'."""
    archer = fig("a1", "Archer", 3, 3, (2, 5), rules=ARCHER, points=50)
    far = fig("b2", "Orc", 4, 3, (12, 2), points=40)
    fallen = fig("b1", "Orc", 4, 3, (6, 5), points=40, fallen=True)
    state = activated(battle(archer, fallen, far), dice)
    assert shoot_options(state) == ["b1", "b2"]
    walled = fig("b1", "Orc", 4, 3, (6, 5), points=40)
    state = activated(battle(archer, walled, far, edges=[((5, 5), (6, 5), "low_wall")]), dice)
    assert shoot_options(state) == ["b1", "b2"]
    big = fig("b2", "Troll", 4, 4, (12, 2), rules=["Big"], points=40)
    standing = fig("b1", "Orc", 4, 3, (6, 5), points=40)
    state = activated(battle(archer, standing, big), dice)
    assert shoot_options(state) == ["b1", "b2"]


def test_models_block_sight_but_not_a_friend_at_the_shooters_shoulder(dice):
    """seed 000, LINE OF SIGHT: 'If this line goes through any solid obstacle or
    model, the shot is impossible ... shooting over a friend's shoulder'."""
    target = fig("b1", "Orc", 4, 2, (10, 5))
    shoulder = fig("a2", "Spearman", 4, 2, (3, 5))
    state = activated(battle(fig("a1", "Archer", 3, 3, (2, 5), rules=ARCHER), shoulder,
                             target), dice)
    assert shoot_options(state) == ["b1"]
    in_the_way = fig("a2", "Spearman", 4, 2, (6, 5))
    # a hex-side line would have two readings; a straight row has only one
    state = activated(battle(fig("a1", "Archer", 3, 3, (2, 5), rules=ARCHER), in_the_way,
                             target), dice)
    assert shoot_options(state) == []


def test_no_shooting_in_or_out_of_melee(dice):
    """seed 000, NO SHOOTING IN OR OUT OF MELEE."""
    archer = fig("a1", "Archer", 3, 3, (2, 5), rules=ARCHER)
    target = fig("b1", "Orc", 4, 2, (8, 5))
    state = activated(battle(archer, target, fig("b2", "Orc", 4, 2, (1, 5))), dice)
    assert shoot_options(state) == []  # the shooter is in melee
    friend = fig("a2", "Spearman", 4, 2, (9, 5))
    state = activated(battle(archer, target, friend), dice)
    assert shoot_options(state) == []  # the target is in melee with a friend
    fallen_friend = fig("a2", "Spearman", 4, 2, (9, 5), fallen=True)
    state = activated(battle(archer, target, fallen_friend), dice)
    assert shoot_options(state) == []  # 'in contact with a fallen friend though'


def test_a_shooter_in_melee_with_only_a_fallen_foe_may_shoot_it(dice):
    """seed 000: 'If the shooter is in melee with only a fallen foe, the shooter
    can fire missiles as normal, including shooting at the fallen foe'; a fallen
    target is shot with no modifier and is not killed by a bare win."""
    state = activated(battle(fig("a1", "Archer", 3, 3, (2, 5), rules=ARCHER),
                             fig("b1", "Orc", 4, 3, (3, 5), fallen=True)), dice)
    assert shoot_options(state) == ["b1"]
    dice.fix(5, 4)  # 8 vs 7: a win by one, odd die: a recoil, not a kill
    state, events = act(state, "a", "shoot", dice, target="b1", aimed=False)
    shot = first(events, "shot")
    assert shot.data["modifiers"][0] == [] and shot.data["result"] == "recoil"


def test_target_modifiers(dice):
    """seed 000, RANGED COMBAT MODIFIERS: undead -2, Big +1, transfixed +2
    (and Lethal), Good Shot +1."""
    state = activated(battle(
        fig("a1", "Archer", 3, 3, (2, 5), rules=[*ARCHER, "Good Shot"]),
        fig("b1", "Skeleton Giant", 4, 3, (8, 5), rules=["Undead", "Big"],
            transfixed_by="a9")), dice)
    dice.fix(2, 6)  # 3 + 2 - 2 + 1 + 2 + 1 = 7 vs 3 + 6 = 9: the target wins, nothing
    state, events = act(state, "a", "shoot", dice, target="b1", aimed=False)
    shot = first(events, "shot")
    assert shot.data["modifiers"][0] == ["undead/swarm -2", "large target +1",
                                         "transfixed +2", "good shot +1"]
    assert shot.data["totals"] == [7, 9] and shot.data["result"] == "none"


def test_transfixed_targets_die_to_a_win_by_one(dice):
    """seed 000, TRANSFIX: 'any attack against them is Lethal'."""
    state = activated(battle(fig("a1", "Archer", 3, 2, (2, 5), rules=ARCHER),
                             fig("b1", "Dragon", 3, 5, (8, 5), transfixed_by="a9")), dice)
    dice.fix(3, 1)  # 2 + 3 + 2 = 7 vs 5 + 1 = 6
    state, events = act(state, "a", "shoot", dice, target="b1", aimed=False)
    assert first(events, "shot").data["result"] == "kill"


def test_missile_expenditure(dice):
    """seed 000, MISSILE EXPENDITURE: 'an unmodified 1 ... roll again a single
    die; on another 1, the shooter may not attack in ranged combat anymore'."""
    state = activated(battle(fig("a1", "Archer", 3, 3, (2, 5), rules=ARCHER),
                             fig("b1", "Orc", 4, 2, (8, 5))), dice)
    dice.fix(1, 1, 1)
    state, events = act(state, "a", "shoot", dice, target="b1", aimed=False)
    assert first(events, "missile_check").data == {"figure": "a1", "dice": [1], "spent": True}
    assert state.figures["a1"].out_of_missiles
    state = activated(battle(fig("a1", "Archer", 3, 3, (2, 5), rules=ARCHER),
                             fig("b1", "Orc", 4, 2, (8, 5))), dice)
    dice.fix(1, 1, 4)
    state, events = act(state, "a", "shoot", dice, target="b1", aimed=False)
    assert not state.figures["a1"].out_of_missiles


def test_one_ranged_attack_a_turn_and_no_melee_after_it(dice):
    """seed 000, ACTIVATED FIGURES; LEGENDARY SHOT (P): 'one ranged attack per
    action, not just one per turn like normal characters'."""
    state = battle(fig("a1", "Archer", 3, 3, (2, 5), rules=ARCHER),
                   fig("b1", "Orc", 4, 2, (8, 5)), fig("b2", "Orc", 4, 2, (2, 6)))
    state.figures["b2"].fallen = True
    state = activated(state, dice, count=3, rolls=(5, 5, 5))
    dice.fix(2, 6)
    state, _ = act(state, "a", "shoot", dice, target="b1", aimed=False)
    options = {s.type for s in SYSTEM.prompt(state).decisions[0].options}
    assert "shoot" not in options and "attack" not in options
    state = battle(fig("a1", "Bowmaster", 2, 4, (2, 5), rules=[*ARCHER, "Legendary Shot"]),
                   fig("b1", "Orc", 4, 2, (8, 5)))
    state = activated(state, dice, count=3, rolls=(5, 5, 5))
    dice.fix(2, 6)
    state, _ = act(state, "a", "shoot", dice, target="b1", aimed=False)
    assert shoot_options(state) == ["b1"]


def test_woods(dice):
    """seed 000, WOODS: 'A character outside a wood cannot shoot a model inside
    the wood. A model inside the wood can shoot out of it at +1 (Ambush bonus) if
    it is adjacent to the edge ... A model outside of the wood and adjacent to
    the edge ... may shoot at a target inside the wood at -1 ... Maximum range
    is 1 x Short.' The lurker started its turn there, unseen: an ambusher (AMBUSH
    BONUS; tests/sbh/test_ambush_shooting.py has the rest)."""
    woods = {(q, r): "woods" for q in range(8, 11) for r in range(3, 8)}
    archer = fig("a1", "Archer", 3, 3, (2, 5), rules=ARCHER)
    hidden = fig("b1", "Orc", 4, 2, (9, 5))
    state = activated(battle(archer, hidden, terrain=woods), dice)
    assert shoot_options(state) == []
    close = fig("a1", "Archer", 3, 3, (7, 5), rules=ARCHER)
    state = activated(battle(close, hidden, terrain=woods), dice)
    dice.fix(3, 3)
    _, events = act(state, "a", "shoot", dice, target="b1", aimed=False)
    assert first(events, "shot").data["modifiers"][0] == ["cover -1"]
    lurker = fig("b1", "Orc Archer", 4, 2, (8, 5), rules=ARCHER)
    state = battle(fig("a1", "Elf", 3, 3, (2, 5)), lurker, terrain=woods, active="b")
    state.turn_start = {"b": turn_start_positions(state)}
    dice.fix(6)
    state, _ = act(state, "b", "activate", dice, figure="b1", dice=1)
    dice.fix(3, 3)
    _, events = act(state, "b", "shoot", dice, target="a1", aimed=False)
    assert first(events, "shot").data["modifiers"][0] == ["ambush +1"]


def test_stealth_against_cover_cannot_be_shot(dice):
    """seed 000, STEALTH: 'As long as the model is adjacent to any scenic feature
    that counts as cover, the model may not be targeted by any ranged attack,
    unless ... a spell'."""
    state = activated(battle(fig("a1", "Archer", 3, 3, (2, 5), rules=ARCHER),
                             fig("b1", "Sneak", 4, 2, (8, 5), rules=["Stealth"]),
                             terrain={(9, 5): "boulder"}), dice)
    assert shoot_options(state) == []


def kobold_volley(dice, ogre_die):
    """Five Kobolds (C2, javelins: Shooter (Medium)) within Long of their Leader, an Ogre
    (C4, Big) 5-7 hexes away."""
    kobolds = [fig(f"a{i}", "Kobold", 4, 2, (4, i), rules=["Shooter (Medium)"], points=8)
               for i in range(1, 6)]
    state = battle(fig("a0", "Kobold Leader", 4, 3, (1, 3), rules=["Leader"]), *kobolds,
                   fig("b1", "Ogre", 4, 4, (9, 3), rules=["Big"], points=50))
    state = activated(state, dice, figure="a0")
    [spec] = [s for s in SYSTEM.prompt(state).decisions[0].options
              if s.type == "concentrated_shooting"]
    volley = ["b1", ["a1", "a2", "a3", "a4", "a5"]]
    assert volley in spec.params["volley"]
    dice.fix(5, 6, ogre_die)  # the shooters' activation, then the single volley roll
    return act(state, "a", "concentrated_shooting", dice, volley=volley, dice=1)


def test_the_kobolds_concentrated_shooting_brings_down_the_ogre(dice):
    """seed 000, CONCENTRATED SHOOTING EXAMPLE: 'the Kobolds will roll 1d6+2 ...
    +1 (for the Ogre being a Big target), and the Ogre will roll 1d6+4, -4 for a
    total of 5 shooters'."""
    state, events = kobold_volley(dice, ogre_die=1)
    shot = first(events, "shot")
    assert shot.data["modifiers"] == [["large target +1"], ["concentrated shooting -4"]]
    assert shot.data["totals"] == [9, 1] and shot.data["result"] == "gruesome"
    assert state.figures["b1"].status == "dead"
    assert all(state.figures[f"a{i}"].activated for i in range(1, 6))


def test_a_single_kobold_cannot_kill_the_ogre(dice):
    """seed 000, CONCENTRATED SHOOTING EXAMPLE, continued: 'if the Ogre rolls 1,
    he has a final Combat score of 5, and if the Kobold rolls a 6 he has a final
    Combat score of 8 -- still not enough'.
    (With +1 for a Big target: 9 against 5, still short of the 10 a kill needs.)"""
    state = battle(fig("a1", "Kobold", 4, 2, (4, 3), rules=["Shooter (Medium)"], points=8),
                   fig("b1", "Ogre", 4, 4, (9, 3), rules=["Big"], points=50))
    state = activated(state, dice)
    dice.fix(6, 1)
    state, events = act(state, "a", "shoot", dice, target="b1", aimed=False)
    assert first(events, "shot").data["totals"] == [9, 5]
    assert first(events, "shot").data["result"] == "fall"


def test_a_volley_that_rolls_one_twice_costs_one_chosen_shooter_its_missiles(dice):
    """seed 000, CONCENTRATED SHOOTING: 'If the Combat roll ... is a 1, and it is
    confirmed by rolling another 1, only one model, chosen by the controller,
    loses the ability to shoot.'"""
    kobolds = [fig(f"a{i}", "Kobold", 4, 2, (4, i), rules=["Shooter (Medium)"], points=8)
               for i in range(1, 3)]
    state = battle(fig("a0", "Kobold Leader", 4, 3, (1, 3), rules=["Leader"]), *kobolds,
                   fig("b1", "Ogre", 4, 4, (9, 3), rules=["Big"], points=50))
    state = activated(state, dice, figure="a0")
    dice.fix(5, 1, 6, 1)
    state, _ = act(state, "a", "concentrated_shooting", dice, volley=["b1", ["a1", "a2"]],
                   dice=1)
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "a" and decision.options[0].params["figure"] == ["a1", "a2"]
    state, _ = act(state, "a", "lose_missiles", dice, figure="a2")
    assert state.figures["a2"].out_of_missiles and not state.figures["a1"].out_of_missiles


def test_missiles_at_an_acrobat_are_at_minus_one_but_spells_are_not(dice):
    """seed 001, Special Abilities, Acrobat: 'Missile attacks are at -1.' (A
    spell is not a missile: SPELLS AS RANGED ATTACKS lists its own modifiers.)"""
    state = battle(fig("a1", "Archer", 3, 3, (2, 5), rules=ARCHER),
                   fig("b1", "Tumbler", 4, 2, (8, 5), rules=["Acrobat"]))
    state = activated(state, dice)
    dice.fix(3, 3)
    _, events = act(state, "a", "shoot", dice, target="b1", aimed=False)
    assert first(events, "shot").data["modifiers"][0] == ["acrobat -1"]
    assert attack_modifiers(state, state.figures["a1"], state.figures["b1"], 2)[2] == []
