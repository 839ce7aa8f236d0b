"""Melee: the worked EXAMPLES and rules of seed 000, MELEE to LEAVING MELEE."""

from __future__ import annotations

from tests.sbh.battle import act, battle, fig, first, h


def engaged(attacker, defender, *others, active="a"):
    return battle(attacker, defender, *others, active=active)


def test_elf_against_orc_falls_on_even(dice):
    """seed 000, MELEE, EXAMPLE: 'A C3 elf attacks a C4 orc and rolls a 4 ... The
    orc rolls a 2 ... (3 + 4) = 7 ... (4 + 2) = 6 ... The orc falls'."""
    state = engaged(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 4, (6, 5)))
    dice.fix(3, 4, 2)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    melee = first(events, "melee")
    assert melee.data["totals"] == [7, 6] and melee.data["result"] == "fall"
    assert state.figures["b1"].fallen


def test_elf_against_orc_recoils_on_odd_and_the_orc_player_chooses(dice):
    """seed 000, MELEE EXAMPLE ('If the elf had rolled a 5 ... the orc would
    recoil') and RECOILING ('The owner of the model decides the exact direction')."""
    state = engaged(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 4, (6, 5)),
                    fig("a2", "Elf", 3, 3, (1, 1)))
    dice.fix(3, 5, 2)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "melee").data["result"] == "recoil"
    from server.rules.sbh.system import SYSTEM
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b"  # the non-active player decides mid-turn
    recoil = next(o for o in decision.options if o.type == "recoil")
    assert sorted(recoil.params["to"]) == [h(6, 6), h(7, 4), h(7, 5)]
    state, events = act(state, "b", "recoil", dice, to=h(7, 4))
    assert state.figures["b1"].pos[:2] == (7, 4)
    assert state.active_seat == "a"  # back to the elf player's turn


def test_elf_against_goblin_double_is_a_kill(dice):
    """seed 000, MELEE EXAMPLE: 'A C3 elf attacks a C2 goblin and rolls a 5 ...
    The goblin rolls a 2 ... (3+5) = 8 ... (2+2) = 4 ... removed'."""
    state = engaged(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Goblin", 4, 2, (6, 5)),
                    fig("b2", "Goblin", 4, 2, (15, 15)))
    dice.fix(3, 5, 2)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "melee").data["totals"] == [8, 4]
    assert first(events, "killed").data == {"figure": "b1", "gruesome": False, "by": "a1"}
    assert state.figures["b1"].status == "dead"


def test_dwarf_against_three_goblins_counts_as_c1(dice):
    """seed 000, OUTNUMBERED EXAMPLE: 'a C3 dwarf is in melee with three goblins
    ... the dwarf is treated as having C1'."""
    state = engaged(fig("a1", "Dwarf", 3, 3, (5, 5)), fig("b1", "Goblin", 4, 2, (6, 5)),
                    fig("b2", "Goblin", 4, 2, (5, 6)), fig("b3", "Goblin", 4, 2, (4, 6)))
    dice.fix(3, 4, 4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "melee").data["totals"] == [1 + 4, 2 + 4]


def test_transfixed_goblin_does_not_count_for_outnumbering(dice):
    """seed 000, OUTNUMBERED: 'of which one is Transfixed ... his C score will be C2'."""
    state = engaged(fig("a1", "Dwarf", 3, 3, (5, 5)), fig("b1", "Goblin", 4, 2, (6, 5)),
                    fig("b2", "Goblin", 4, 2, (5, 6)),
                    fig("b3", "Goblin", 4, 2, (4, 6), transfixed_by="a9"))
    dice.fix(3, 4, 4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "melee").data["totals"] == [2 + 4, 2 + 4]
    assert first(events, "melee").data["result"] == "none"


def dirbo_and_the_transfixed_dragon():
    return engaged(fig("a1", "Dirbo", 4, 2, (5, 5)),
                   fig("b1", "Dragon", 3, 5, (6, 5), transfixed_by="a2"),
                   fig("b2", "Kobold", 4, 1, (15, 15)))


def test_dirbo_kills_the_transfixed_dragon_by_one_point(dice):
    """seed 000, FIGHTING TRANSFIXED OR FALLEN OPPONENTS EXAMPLE: 'Dirbo ... C2
    ... rolls a 5, for a total of 9 ... The dragon rolls a 3, for a total of 8
    ... beaten by just one point by a Lethal attack and dies.'"""
    state = dirbo_and_the_transfixed_dragon()
    dice.fix(4, 5, 3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "melee").data["totals"] == [9, 8]
    assert first(events, "killed").data["figure"] == "b1"


def test_transfixed_defender_cannot_hurt_the_attacker(dice):
    """seed 000: 'The transfixed model's roll is purely defensive.'"""
    state = dirbo_and_the_transfixed_dragon()
    dice.fix(4, 1, 6)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "melee").data["result"] == "none"
    assert state.figures["a1"].on_table and not state.figures["a1"].fallen


def test_power_blow_costs_two_actions_and_lowers_the_foe(dice):
    """seed 000, ACTION COST / ACTIVATED FIGURES: Power Blow, 2 actions, -1 to
    the opponent's Combat."""
    state = engaged(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 4, (6, 5)))
    dice.fix(3, 3, 1, 1)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    state, events = act(state, "a", "attack", dice, target="b1", power=True)
    assert first(events, "melee").data["totals"] == [4, 4]


def test_fallen_defender_is_attacked_at_plus_two_and_doubled_is_gruesome(dice):
    """seed 000, FALLEN MODELS: '+2 and with Lethal effect ... If a fallen model
    is doubled in combat, its opponent has scored a gruesome kill.'"""
    state = engaged(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 4, (6, 5), fallen=True),
                    fig("b2", "Orc", 4, 4, (20, 20)))
    dice.fix(3, 5, 1)  # 3+2+5 = 10 vs 4+1 = 5: doubled
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "killed").data["gruesome"] is True  # b2 is beyond Long: no test


def test_following_up_moves_the_winner_back_into_contact(dice):
    """seed 000, FOLLOWING UP (OPTIONAL): 'any model causing a recoil immediately
    receives a free action to keep in contact with the recoiling model'."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5)),
                   following_up=True)
    dice.fix(3, 5, 2)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, _ = act(state, "a", "attack", dice, target="b1", power=False)
    state, _ = act(state, "b", "recoil", dice, to=h(7, 5))
    from server.rules.sbh.system import SYSTEM
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "a" and decision.options[0].type == "follow_up"
    assert h(6, 5) in decision.options[0].params["to"]
    state, events = act(state, "a", "follow_up", dice, to=h(6, 5))
    assert state.figures["a1"].pos[:2] == (6, 5)


def test_priority_in_melee_makes_standing_foes_first(dice):
    """seed 000, PRIORITY IN MELEE (OPTIONAL): 'any model contacted by multiple
    opponents must always attack standing models before attacking fallen ones
    ... Models may disregard the melee priority rule if the standing models'
    total point value is inferior or equal to the fallen model's value.' (the
    warrior, the fallen 60-point Ogre and two 20-point Orcs)."""
    from server.rules.sbh.actions import melee_targets
    ogre_example = battle(fig("a1", "Warrior", 3, 3, (5, 5)),
                          fig("b1", "Ogre", 4, 4, (6, 5), points=60, fallen=True),
                          fig("b2", "Orc", 4, 3, (5, 6), points=20),
                          fig("b3", "Orc", 4, 3, (4, 6), points=20), priority_in_melee=True)
    assert melee_targets(ogre_example, ogre_example.figures["a1"]) == ["b1", "b2", "b3"]
    cheap_fallen = battle(fig("a1", "Warrior", 3, 3, (5, 5)),
                          fig("b1", "Goblin", 4, 2, (6, 5), points=15, fallen=True),
                          fig("b2", "Orc", 4, 3, (5, 6), points=20), priority_in_melee=True)
    assert melee_targets(cheap_fallen, cheap_fallen.figures["a1"]) == ["b2"]


def test_a_recoil_into_two_enemies_asks_the_owner_for_the_hack_order(dice):
    """seed 000, RECOILING: a recoiling model that comes into contact with active
    enemies takes their free hacks -- with two of them its owner orders them
    (LEAVING MELEE COMBAT: 'in an order the leaving player chooses')."""
    from server.rules.sbh.system import SYSTEM

    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5)),
                   fig("a2", "Elf", 3, 3, (8, 5)), fig("a3", "Elf", 3, 3, (8, 4)))
    dice.fix(4, 5, 2)  # 8 vs 5: the Orc recoils
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, _ = act(state, "a", "attack", dice, target="b1", power=False)
    decision = SYSTEM.prompt(state).decisions[0]
    if decision.options[0].type == "recoil":
        state, _ = act(state, "b", "recoil", dice, to=[7, 5])
        decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b" and "free hacks" in decision.text
    assert decision.options[0].params == {"hacker": ["a2", "a3"]}
