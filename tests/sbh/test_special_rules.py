"""Special rules applied in melee (seed 000, SPECIAL RULES)."""

from __future__ import annotations

import pytest

from server.rules.board.hex import hex_at
from server.rules.kernel import RulesError
from server.rules.sbh.state import Positions
from server.rules.sbh.turns import unseen_at_turn_start
from tests.sbh.battle import act, battle, fig, first, types


def attack(state, dice, target="b1"):
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    return act(state, "a", "attack", dice, target=target, power=False)


def test_poison_raises_quality_on_five_or_six(dice):
    """seed 000, POISON: 'on a 5 or 6, the target's Quality number goes up by 1'."""
    state = battle(fig("a1", "Spider", 3, 3, (5, 5), rules=["Poison"]),
                   fig("b1", "Orc", 4, 3, (6, 5)))
    dice.fix(3, 4, 2, 5)  # 7 vs 5: the orc falls; poison die 5
    state, events = attack(state, dice)
    assert state.figures["b1"].wounds == 1 and state.figures["b1"].fallen


def test_a_poisoned_blow_that_only_wounds_a_tough_model_rolls_its_poison_die(dice):
    """seed 000, POISON: 'Roll a die every time a poison attack hits'; TOUGH (P):
    'When it receives a normal kill result, the model is just wounded'. The
    spider doubles the Q4 Tough troll (3+6 against 3+1, no fall: Tough), which
    is wounded to Q5, and the poison die (5) wounds it to Q6
    (docs/rules/sbh.md, "Poison")."""
    state = battle(fig("a1", "Spider", 3, 3, (5, 5), rules=["Poison"]),
                   fig("b1", "Troll", 4, 3, (6, 5), rules=["Tough"]))
    dice.fix(3, 6, 1, 5)
    state, events = attack(state, dice)
    assert first(events, "poison_rolled").data["dice"] == [5]
    troll = state.figures["b1"]
    assert troll.wounds == 2 and troll.status == "ready"


def test_poison_reaching_seven_kills(dice):
    """seed 000, POISON: 'if it ever reaches 7, the model dies'."""
    state = battle(fig("a1", "Spider", 3, 3, (5, 5), rules=["Poison"]),
                   fig("b1", "Orc", 6, 3, (6, 5)), fig("b2", "Orc", 4, 3, (20, 20)))
    dice.fix(3, 4, 2, 6)
    state, events = attack(state, dice)
    assert state.figures["b1"].status == "dead"


def test_undead_are_immune_to_poison(dice):
    """seed 000, UNDEAD: 'Undead models are immune to Poison'."""
    state = battle(fig("a1", "Spider", 3, 3, (5, 5), rules=["Poison"]),
                   fig("b1", "Skeleton", 4, 3, (6, 5), rules=["Undead"]))
    dice.fix(3, 4, 2)
    state, events = attack(state, dice)
    assert "poison_rolled" not in types(events)


def test_tailslap_turns_a_recoil_into_a_fall_on_five_or_six(dice):
    """seed 000, TAILSLAP: 'Every time an enemy recoils from a model with the
    Tailslap special rule, roll a die. On a 5 or 6, the model falls down'."""
    state = battle(fig("a1", "Lizard", 3, 3, (5, 5), rules=["Tailslap"]),
                   fig("b1", "Orc", 4, 3, (6, 5)))
    dice.fix(3, 5, 2, 6)
    state, events = attack(state, dice)
    assert state.figures["b1"].fallen and first(events, "tailslap_rolled").data["dice"] == [6]


def test_tailslap_does_not_work_on_larger_models(dice):
    """seed 000, TAILSLAP: 'only if the recoiling model is the same size or smaller'."""
    state = battle(fig("a1", "Lizard", 3, 3, (5, 5), rules=["Tailslap"]),
                   fig("b1", "Ogre", 4, 3, (6, 5), rules=["Big"]))
    dice.fix(3, 6, 1)  # 9 vs 3+1+1 (Big) = 5: recoil, no tailslap roll
    state, events = attack(state, dice)
    assert "tailslap_rolled" not in types(events)


def test_heavy_armor_turns_a_one_point_defeat_into_a_draw(dice):
    """seed 000, HEAVY ARMOR: 'Anytime the model is beaten in Combat by one point,
    the model does not Recoil or Fall'."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)),
                   fig("b1", "Knight", 4, 3, (6, 5), rules=["Heavy Armor"]))
    dice.fix(3, 4, 3)
    state, events = attack(state, dice)
    assert first(events, "melee").data["result"] == "none"


def test_tough_model_is_wounded_instead_of_killed(dice):
    """seed 000, TOUGH (P): 'When it receives a normal kill result, the model is
    just wounded ... its Quality target roll goes up by one.'"""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)),
                   fig("b1", "Troll", 3, 2, (6, 5), rules=["Tough"]))
    dice.fix(3, 5, 2)  # 8 vs 4: a kill result
    state, events = attack(state, dice)
    assert state.figures["b1"].on_table and state.figures["b1"].wounds == 1
    assert not state.figures["b1"].fallen  # 'a Tough model does not fall when doubled'


def test_assassin_kills_by_beating_living_targets(dice):
    """seed 000, ASSASSIN (P): 'When Assassins beat an opponent in combat ... they
    kill him, with no need for doubling'."""
    state = battle(fig("a1", "Assassin", 3, 2, (5, 5), rules=["Assassin"]),
                   fig("b1", "Orc", 4, 3, (6, 5)), fig("b2", "Orc", 4, 3, (20, 20)))
    dice.fix(3, 5, 3)  # 7 vs 6
    state, events = attack(state, dice)
    assert first(events, "killed").data["figure"] == "b1"


def test_assassin_is_not_lethal_against_undead(dice):
    """seed 000, ASSASSIN (P): 'It does not work against Artificial or Undead'."""
    state = battle(fig("a1", "Assassin", 3, 2, (5, 5), rules=["Assassin"]),
                   fig("b1", "Skeleton", 4, 3, (6, 5), rules=["Undead"]))
    dice.fix(3, 5, 3)
    state, events = attack(state, dice)
    assert "killed" not in types(events)


def test_big_model_gets_plus_one_against_smaller(dice):
    """seed 000, BIG EXAMPLE: 'Dax the Minotaur is C4 and Big. In melee with a
    smaller figure, he counts as C5.'"""
    state = battle(fig("a1", "Dax", 4, 4, (5, 5), rules=["Big"]), fig("b1", "Orc", 4, 3, (6, 5)))
    dice.fix(4, 1, 1)
    state, events = attack(state, dice)
    assert first(events, "melee").data["totals"] == [6, 4]


def test_animals_rout_when_the_last_non_animal_dies(dice):
    """seed 000, ANIMAL: 'Animals automatically rout when the last non-animal
    model in their warband is killed.'"""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Beastmaster", 4, 1, (6, 5)),
                   fig("b2", "Wolf", 4, 3, (20, 20), rules=["Animal"]))
    dice.fix(3, 5, 2)  # 8 vs 3: kill (not tripled: 9 needed)
    state, events = attack(state, dice)
    assert first(events, "fled").data == {"figure": "b2", "reason": "animals rout"}
    assert state.winner == "a"


def test_hero_may_reroll_one_combat_die_once_per_game(dice):
    """seed 000, HERO (P): 'once per game, a Hero model can re-roll one die roll,
    be it a Combat or Quality roll. The result of the second die roll is final'.
    The choice belongs to the Hero's owner, here in the other player's turn."""
    from server.rules.sbh.system import SYSTEM
    state = battle(fig("a1", "Orc", 4, 3, (5, 5)), fig("b1", "Hero", 3, 3, (6, 5), rules=["Hero"]),
                   fig("b2", "Hero", 3, 3, (20, 20), rules=["Hero"]))
    dice.fix(4, 5, 1)  # orc 3+5 = 8 vs hero 3+1 = 4: doubled...
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert "melee" not in types(events)
    assert SYSTEM.prompt(state).decisions[0].seat == "b"
    dice.fix(6)  # ...so the hero re-rolls his 1: 3+6 = 9 beats 8, even die: the orc falls
    state, events = act(state, "b", "hero_reroll", dice, reroll=True)
    assert first(events, "hero_rerolled").data == {"figure": "b1", "old": 1, "new": 6}
    assert first(events, "melee").data["totals"] == [8, 9]
    assert state.figures["b1"].hero_reroll_used and state.figures["a1"].fallen


def test_ghost_blade_negates_free_disengage(dice):
    """seed 001, Ghost Blade: 'Negates opponent's Free Disengage'."""
    state = battle(fig("a1", "Rider", 3, 3, (5, 5), rules=["Free Disengage"]),
                   fig("b1", "Wraith", 4, 3, (6, 5), rules=["Ghost Blade"]))
    dice.fix(3, 2, 2)  # activation; the wraith's free hack ties
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "step", dice, to=[4, 5])
    assert first(events, "melee").data["attacker"] == "b1"


def test_coward_tests_morale_at_minus_one(dice):
    """seed 001, Coward: '-1 Morale'."""
    from server.rules.sbh.quality import quality_target
    state = battle(fig("a1", "Coward", 4, 2, (5, 5), rules=["Coward"]),
                   fig("b1", "Orc", 4, 3, (20, 20)))
    assert quality_target(state, state.figures["a1"], morale=True) == 5


def test_opportunistic_gets_plus_one_near_a_fallen_foe(dice):
    """seed 001, Opportunistic: '+1 Quality vs. Fallen or Transfixed foes within
    Short range'."""
    from server.rules.sbh.quality import quality_target
    state = battle(fig("a1", "Jackal", 4, 2, (5, 5), rules=["Opportunistic"]),
                   fig("b1", "Orc", 4, 3, (8, 5), fallen=True))
    assert quality_target(state, state.figures["a1"]) == 3


def test_paladin_is_lethal_against_evil_and_must_fight_it_first(dice):
    """seed 001, Paladin: 'Lethal vs. Evil. Must attack Evil opponents before any
    others.'"""
    from server.rules.sbh.actions import melee_targets
    state = battle(fig("a1", "Paladin", 3, 3, (5, 5), rules=["Paladin"]),
                   fig("b1", "Cultist", 4, 3, (6, 5), rules=["Evil"]),
                   fig("b2", "Orc", 4, 3, (5, 6)), fig("b3", "Orc", 4, 3, (20, 20)))
    assert melee_targets(state, state.figures["a1"]) == ["b1"]
    dice.fix(3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(5, 1)  # 3-1+5 = 7 vs 3+1 = 4: a win by 3 kills the Evil cultist
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "killed").data["figure"] == "b1"


def test_cleric_heals_quality_loss_and_stands_a_friend_up(dice):
    """seed 000, CLERIC (P): 'By rolling one or more successes on his Quality roll,
    a Cleric heals that many points of Quality loss ... Two successes may also be
    used to make a fallen model stand up.'"""
    state = battle(fig("a1", "Priest", 3, 2, (5, 5), rules=["Cleric"]),
                   fig("a2", "Knight", 3, 3, (6, 5), fallen=True),
                   fig("a3", "Archer", 3, 2, (4, 5), wounds=2),
                   fig("b1", "Orc", 4, 3, (20, 20)))
    dice.fix(4, 4, 4, 5, 6, 1)  # activation: 3 successes; healing roll: 2 successes
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=3)
    state, events = act(state, "a", "heal", dice, target="a2", dice=3)
    ev = first(events, "healed")  # (fallen, not wounded: nothing else to use them on)
    assert ev.data["stood_up"] and ev.data["healed"] == 0
    assert not state.figures["a2"].fallen
    dice.fix(5, 1)  # one success on the wounded archer: one point of Quality loss
    state, events = act(state, "a", "heal", dice, target="a3", dice=2)
    assert first(events, "healed").data["healed"] == 1 and state.figures["a3"].wounds == 1


def test_cleric_rolling_three_failures_loses_his_powers(dice):
    """seed 000, CLERIC (P): 'If the Cleric ever rolls three failures ... The
    Cleric loses healing and anti-Undead powers for the remainder of the game.'"""
    state = battle(fig("a1", "Priest", 3, 2, (5, 5), rules=["Cleric"]),
                   fig("a2", "Knight", 3, 3, (6, 5), wounds=1),
                   fig("b1", "Skeleton", 4, 3, (20, 20), rules=["Undead"]))
    dice.fix(4, 4, 1, 2, 1)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    state, events = act(state, "a", "heal", dice, target="a2", dice=3)
    assert state.figures["a1"].faith_lost
    from server.rules.sbh.combat import lethal_against
    assert not lethal_against(state.figures["a1"], state.figures["b1"])


def test_greedy_killer_that_fails_its_test_must_snap_out(dice):
    """seed 000, GREEDY: 'must make a Quality test every time he kills a foe in
    melee ... The model will have to spend one action to snap out of Greed on its
    next activation.' It loots for the rest of the activation in which it
    killed (its second action is lost) and snaps out in the next one."""
    from server.rules.sbh.system import SYSTEM
    state = battle(fig("a1", "Goblin", 4, 4, (5, 5), rules=["Greedy"]),
                   fig("b1", "Peasant", 4, 1, (6, 5)), fig("b2", "Peasant", 4, 1, (20, 20)))
    dice.fix(4, 4, 2, 2, 2)  # activation (2 dice: 2 successes); 8 vs 3 kill; greed test 2 fails
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "greed_tested").data["greedy"] and state.figures["a1"].greedy
    offered = {o.type for o in SYSTEM.prompt(state).decisions[0].options}
    assert offered == {"end_activation", "concede"}
    with pytest.raises(RulesError):
        act(state, "a", "snap_out", dice)
    state, _ = act(state, "a", "end_activation", dice)  # (a1 was a's last to act)
    state, _ = act(state, "b", "pass", dice)
    dice.fix(4, 4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    offered = {o.type for o in SYSTEM.prompt(state).decisions[0].options}
    assert offered == {"snap_out", "end_activation", "concede"}
    state, _ = act(state, "a", "snap_out", dice)
    assert not state.figures["a1"].greedy
    assert state.activation.actions == 1  # the other action is its own again


def test_ambusher_hidden_at_turn_start_attacks_at_plus_one(dice):
    """seed 000, AMBUSH BONUS: 'Ambushers also attack in close combat at +1 in any
    turn which they started hidden.' The elf starts the turn behind a building the
    orc cannot see through (the turn passes to it), then moves round it and attacks."""
    state = battle(fig("a1", "Elf", 3, 3, (4, 6)), fig("b1", "Orc", 4, 3, (9, 5)),
                   fig("b2", "Orc", 4, 3, (20, 20)), active="b",
                   terrain={(6, 5): "building", (7, 5): "building", (8, 5): "building"})
    state, _ = act(state, "b", "pass", dice)
    assert state.turn_start["a"] == Positions({"a1": hex_at(4, 6), "b1": hex_at(9, 5),
                                               "b2": hex_at(20, 20)})
    assert unseen_at_turn_start(state, state.figures["a1"], state.figures["b1"])
    assert not unseen_at_turn_start(state, state.figures["a1"], state.figures["b2"])
    dice.fix(3, 3, 1, 1)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    state, _ = act(state, "a", "move", dice, to=[8, 6])
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert "ambush +1" in first(events, "melee").data["modifiers"][0]


def test_danger_sense_denies_the_ambush_bonus(dice):
    """seed 000, DANGER SENSE: 'Models attacking a target with Danger Sense never
    enjoy any Ambush bonus.'"""
    state = battle(fig("a1", "Elf", 3, 3, (7, 6)),
                   fig("b1", "Orc", 4, 3, (8, 5), rules=["Danger Sense"]),
                   terrain={(6, 5): "building", (7, 5): "building", (8, 4): "building"})
    # the elf started the turn behind the building, out of the orc's sight
    state.turn_start = {"a": Positions({"a1": hex_at(4, 6), "b1": hex_at(8, 5)})}
    assert unseen_at_turn_start(state, state.figures["a1"], state.figures["b1"])
    dice.fix(3, 1, 1)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert "ambush +1" not in first(events, "melee").data["modifiers"][0]


def test_combat_master_attacks_per_action_and_declares_lethal_once(dice):
    """seed 000, COMBAT MASTER (P): 'can make one melee attack per action' and 'A
    Combat Master with the Assassin or Lethal rule may use it only on one of his
    attacks (player's choice, but must be declared before rolling)'."""
    from server.rules.sbh.system import SYSTEM
    state = battle(fig("a1", "Swordmaster", 3, 3, (5, 5),
                       rules=["Combat Master", "Lethal (Orc)"]),
                   fig("b1", "Orc", 4, 3, (6, 5), rules=["Orc"]), fig("b2", "Orc", 4, 3, (5, 6),
                                                                       rules=["Orc"]))
    dice.fix(3, 3, 3, 3, 2)  # three actions; 3-1+3 = 5 vs 3+2 = 5: a tie
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=3)
    state, events = act(state, "a", "attack", dice, target="b1", power=False, special=True)
    spec = next(o for o in SYSTEM.prompt(state).decisions[0].options if o.type == "attack")
    assert spec.params["special"] == [False]  # declared once this turn already
    dice.fix(4, 2)  # 3-1+4 = 6 vs 3+2 = 5: a win by one, not Lethal now
    state, events = act(state, "a", "attack", dice, target="b2", power=False, special=False)
    assert first(events, "melee").data["result"] in ("fall", "recoil")


def test_optional_skip_a_turn_for_models_failing_morale_before_acting(dice):
    """seed 000, OPTIONAL RULE: NON-ACTIVATED MODELS FAILING MORALE SKIP A TURN: 'If
    a model fails a Morale check in his player's turn, before it even had a chance
    to activate, the model ... counts as if it already acted.'"""
    state = battle(fig("a1", "Squire", 3, 1, (5, 5)), fig("a2", "Elf", 3, 3, (5, 10)),
                   fig("b1", "Ogre", 4, 6, (6, 5)), morale_skip_turn=True)
    dice.fix(3, 1, 6)  # squire 1+1 = 2 vs ogre 6+6 = 12: tripled, a gruesome kill
    dice.fix(1, 5, 6)  # the elf's morale test: one failure
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert "skips_turn" in types(events) and state.figures["a2"].activated


def rats(*extra):
    return battle(fig("a1", "Rat Swarm", 4, 1, (5, 5), rules=["Swarm"]),
                  fig("a2", "Rat Swarm", 4, 1, (6, 5), rules=["Swarm"]),
                  fig("a3", "Rat Swarm", 4, 1, (7, 5), rules=["Swarm"]), *extra)


def test_a_swarm_activates_on_a_single_roll(dice):
    """seed 000, SWARM: 'A single activation roll, on one, two or three dice as
    usual, is rolled for the whole Swarm'."""
    dice.fix(4, 5)
    state, events = act(rats(fig("b1", "Orc", 4, 3, (20, 20))), "a", "activate", dice,
                        figure="a2", dice=2)
    group = first(events, "group_activated").data
    assert group["members"] == ["a1", "a2", "a3"] and group["successes"] == 2
    assert all(state.figures[f].activated for f in ("a1", "a2", "a3"))


def test_swarm_bases_keep_touching_each_other(dice):
    """seed 000, SWARM: 'All Swarm bases of the same type must keep adjacent to at
    least another swarm base during play.'"""
    from server.rules.sbh.system import SYSTEM
    dice.fix(4)
    state, _ = act(rats(fig("b1", "Orc", 4, 3, (20, 20))), "a", "activate", dice,
                   figure="a1", dice=1)
    state, _ = act(state, "a", "group_next", dice, figure="a1")
    spec = next(o for o in SYSTEM.prompt(state).decisions[0].options if o.type == "move")
    assert [1, 5] not in spec.params["to"] and [5, 6] in spec.params["to"]


def test_only_the_same_swarm_tests_for_its_gruesome_death(dice):
    """seed 000, SWARM: 'When a Swarm suffers a gruesome death, all other swarm
    models of the same type on the table must test Morale. Other models ... do
    not make Morale rolls'."""
    state = battle(fig("a1", "Ogre", 3, 6, (5, 5)),
                   fig("b1", "Bee Swarm", 4, 1, (6, 5), rules=["Swarm"]),
                   fig("b2", "Bee Swarm", 4, 1, (7, 5), rules=["Swarm"]),
                   fig("b3", "Beekeeper", 4, 2, (8, 8)))
    dice.fix(3, 6, 1, 6, 6, 6)  # 12 vs 2: gruesome; b2 tests (passes), b3 does not
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert [e.data["figure"] for e in events if e.type == "morale_tested"] == ["b2"]


def test_a_mutant_mutates_on_a_six_with_two_successes_and_is_transfixed_that_turn(dice):
    """seed 001, Special Abilities, Mutant: 'Model mutates on "6" roll if 2+
    successes are rolled. Mutant counts as Transfixed during the mutation turn.'
    (What the mutation does is in a supplement: docs/rules/sbh.md, Mutant.)"""
    state = battle(fig("a1", "Mutant", 4, 3, (5, 5), rules=["Mutant"]),
                   fig("a2", "Orc", 4, 3, (5, 9)), fig("b1", "Goblin", 4, 1, (6, 5)))
    dice.fix(6, 4)
    state, events = act(state, "a", "activate", dice, figure="a1", dice=2)
    assert "mutated" in types(events) and "activation_ended" in types(events)
    assert state.figures["a1"].transfixed
    # reading: "the mutation turn" is its side's turn (a "turn" in seed 000 is
    # one player's), so it is itself again when play passes
    state, events = act(state, "a", "pass", dice)
    assert not state.figures["a1"].transfixed


def test_a_mutant_with_one_success_or_no_six_does_not_mutate(dice):
    for rolls in ((6, 2), (5, 4)):
        state = battle(fig("a1", "Mutant", 4, 3, (5, 5), rules=["Mutant"]),
                       fig("b1", "Goblin", 4, 1, (9, 5)))
        dice.fix(*rolls)
        state, events = act(state, "a", "activate", dice, figure="a1", dice=2)
        assert "mutated" not in types(events) and not state.figures["a1"].transfixed


WEREWOLF = ["Were (Giant Wolf)"]


def test_a_were_creature_killed_by_a_plain_weapon_turns_into_its_were_form(dice):
    """seed 001, Special Abilities, Were: 'When killed or knocked down by
    non-magical weapons, it turns into were form.' The form is the roster
    profile its list names (docs/rules/sbh.md, Were): Giant Wolf, Q3 C3."""
    state = battle(fig("a1", "Orc", 4, 3, (5, 5)),
                   fig("b1", "Villager", 4, 1, (6, 5), rules=WEREWOLF))
    dice.fix(6, 6, 1)  # 3+6 = 9 against 1+1 = 2: a gruesome kill
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "turned_were").data["form"] == "Giant Wolf"
    wolf = state.figures["b1"]
    assert (wolf.status, wolf.name, wolf.quality, wolf.combat) == ("ready", "Giant Wolf", 3, 3)
    assert wolf.has("Big") and not wolf.has("Were") and not wolf.fallen


def test_a_were_creature_knocked_down_turns_instead_of_falling(dice):
    state = battle(fig("a1", "Orc", 4, 3, (5, 5)),
                   fig("b1", "Villager", 4, 1, (6, 5), rules=WEREWOLF))
    dice.fix(6, 2, 3)  # 3+2 = 5 against 1+3 = 4: beaten, not doubled, the Orc's 2 is even
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert "turned_were" in types(events) and "fell" not in types(events)


def test_a_spell_kills_a_were_creature_for_good(dice):
    """Same passage: 'Permanently dead if killed by spell or magic weapon.'"""
    state = battle(fig("a1", "Wizard", 3, 1, (5, 5), rules=["Magic-User"]),
                   fig("b1", "Villager", 4, 0, (8, 5), rules=WEREWOLF))
    dice.fix(5, 5, 5)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=3, cast=True)
    dice.fix(6, 1)  # power 3: 3+6 = 9 against 0+1 = 1
    state, events = act(state, "a", "cast_bolt", dice, target="b1", power=3)
    assert "turned_were" not in types(events) and state.figures["b1"].status == "dead"


def test_the_builder_prices_the_were_form_and_requires_it():
    """Reading (docs/rules/sbh.md, Were): the were form's printed points are
    added to the model's (Were itself costs 0 in seed 000, ABILITY (COST))."""
    from server.rules.sbh.builder import normalize

    plain = {"name": "Villager", "quality": 4, "combat": 1, "rules": []}
    were = dict(plain, rules=["Were (Giant Wolf)"])
    priced, problems = normalize({"name": "W", "models": [plain, were]}, limit=600)
    assert not problems
    assert priced["models"][1]["points"] == priced["models"][0]["points"] + 50
    _, problems = normalize({"name": "W", "models": [dict(plain, rules=["Were"])]})
    assert [p.code for p in problems] == ["bad_were_form"]


def test_a_tailslapped_figure_on_a_cliff_top_falls_down_the_cliff(dice):
    """seed 000, TAILSLAP: "On a 5 or 6, the model falls down instead of
    recoiling"; FALLEN MODELS: "it DOES represent a fall when a model is ...
    fighting on the edge of a cliff. In that case, a fall is literally a fall...
    and the model takes falling damage". The orc's cliff drops to (6,4), not
    away from the lizard, so its recoil would stay on the top; the tail knocks it
    down, and down the cliff (one Short fall die: 6, it survives)."""
    state = battle(fig("a1", "Lizard", 3, 3, (5, 5), rules=["Tailslap"]),
                   fig("b1", "Orc", 4, 3, (6, 5)), fig("b2", "Orc", 4, 3, (20, 20)),
                   edges=[((6, 5), (6, 4), "cliff_short")])
    dice.fix(3, 5, 2, 6, 6)  # 8 vs 5, odd die: a recoil; tailslap 6; falling damage 6
    state, events = attack(state, dice)
    assert types(events)[1:4] == ["tailslap_rolled", "fell_from_height",
                                  "falling_damage_rolled"]
    orc = state.figures["b1"]
    assert orc.pos[:2] == (6, 4) and orc.fallen


def test_combat_master_lethal_applies_when_he_defends(dice):
    """seed 000, COMBAT MASTER (P): 'may use it only on one of his attacks' -- his
    own attacks in his activation (docs/rules/sbh.md, "A Combat Master's Lethal
    or Assassin"). Defending in the Orcs' turn, with his declaration used up, he
    beats the Orc by one (3+2 against 3+1): Lethal (Orc) kills it."""
    state = battle(fig("a1", "Swordmaster", 3, 3, (5, 5),
                       rules=["Combat Master", "Lethal (Orc)"]),
                   fig("b1", "Orc", 4, 3, (6, 5), rules=["Orc"]),
                   fig("b2", "Orc", 4, 3, (20, 20), rules=["Orc"]), active="b")
    state.figures["a1"].special_used = True
    dice.fix(4)
    state, _ = act(state, "b", "activate", dice, figure="b1", dice=1)
    dice.fix(1, 2)
    state, events = act(state, "b", "attack", dice, target="a1", power=False)
    melee = first(events, "melee").data
    assert melee["totals"] == [4, 5] and melee["result"] == "kill"
    assert state.figures["b1"].status == "dead"
