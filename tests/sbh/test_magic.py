"""Magic: seed 000, MAGIC to WHERE IS THE SPELL LIST?, ENTANGLE; seed 001,
Distract and Magic Resistance."""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first

MAGE = ["Magic-User"]


def options(state, kind):
    return [s for s in SYSTEM.prompt(state).decisions[0].options if s.type == kind]


def cast(state, dice, rolls, figure="a1"):
    dice.fix(*rolls)
    state, events = act(state, "a", "activate", dice, figure=figure, dice=len(rolls),
                        cast=True)
    return state, events


def test_blarion_uses_the_altar_bonus_only_on_spell_dice(dice):
    """seed 000, MAGIC EXAMPLE: 'Blarion, a Q4 mage, is standing next to an altar
    ... +1 to Quality for purposes of spell-casting ... He rolls a 3, a 2 and a
    5 ... Blarion may cast a Power 2 spell (using the 5 and the 3+1) or may move
    once and cast a Power 1 spell'."""
    state = battle(fig("a1", "Blarion", 4, 1, (5, 5), rules=MAGE),
                   fig("b1", "Orc", 4, 3, (8, 5)), spellcasting_altars=[[5, 4]])
    state, events = cast(state, dice, (3, 2, 5))
    assert first(events, "activated").data["spell_only"] == 1
    act_ = state.activation
    assert (act_.actions, act_.spell_only) == (1, 1)
    powers = {s.params["power"][0] for s in options(state, "transfix")}
    assert powers == {1, 2}
    moved = [s for s in options(state, "move")]
    assert [s.label for s in moved] == ["Move (1 action)"]  # the 3+1 cannot move
    dice.fix(6, 1)  # the orc resists on two dice and fails one
    state, events = act(state, "a", "transfix", dice, target="b1", power=2)
    held = first(events, "held")
    assert held.data["transfixed"] and held.data["cost"] == 1 and held.data["spell_only"] == 1
    assert state.figures["b1"].transfixed_by == "a1"


def test_three_failures_casting_leave_the_mage_out_of_power(dice):
    """seed 000, FAILURES ON SPELLS: 'If a magic-user rolls 3 failures at
    activation, he's out of power -- he can't cast any more spells'."""
    state = battle(fig("a1", "Mage", 4, 1, (5, 5), rules=MAGE),
                   fig("b1", "Orc", 4, 3, (10, 5)))
    state, events = cast(state, dice, (1, 2, 3))
    assert first(events, "activated").data["out_of_power"]
    assert state.figures["a1"].out_of_power
    later = battle(fig("a1", "Mage", 4, 1, (5, 5), rules=MAGE, out_of_power=True),
                   fig("b1", "Orc", 4, 3, (10, 5)))
    [activate] = [s for s in SYSTEM.prompt(later).decisions[0].options if s.type == "activate"]
    assert "cast" not in activate.params


def test_casting_must_be_declared(dice):
    """seed 000, MAGIC: 'The player declares his intention to cast a spell before
    activating the model' -- for three dice (ACTIVATION, EXCEPTION: below three
    "he is not required to announce the action": test_unannounced_casting.py)."""
    state = battle(fig("a1", "Mage", 4, 1, (5, 5), rules=MAGE),
                   fig("b1", "Orc", 4, 3, (8, 5)))
    dice.fix(6, 6, 6)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=3)
    assert options(state, "transfix") == [] and options(state, "cast_bolt") == []
    with pytest.raises(RulesError):
        act(state, "a", "transfix", dice, target="b1", power=1)


def test_transfix_range_follows_power_with_no_multiples(dice):
    """seed 000, TRANSFIX: 'Short range for power 1; Medium for Power 2 ... Long
    for Power 3. Transfix may not be cast at multiple ranges.'"""
    state = battle(fig("a1", "Mage", 4, 1, (5, 5), rules=MAGE),
                   fig("b1", "Orc", 4, 3, (10, 5)))  # 5 hexes: beyond Short (4)
    state, _ = cast(state, dice, (5, 5, 5))
    by_power = {s.params["power"][0]: s.params["target"] for s in options(state, "transfix")}
    assert by_power == {2: ["b1"], 3: ["b1"]}


def test_any_failure_on_the_resistance_dice_transfixes(dice):
    """seed 000, TRANSFIX: 'the target must resist on 3 dice. If the targeted
    creature rolls any failure, it is transfixed'; HERO: one automatic success."""
    state = battle(fig("a1", "Mage", 4, 1, (5, 5), rules=MAGE),
                   fig("b1", "Orc Hero", 4, 3, (8, 5), rules=["Hero"]))
    state, _ = cast(state, dice, (5, 5, 5))
    dice.fix(4, 6)  # the Hero's first die is automatic
    state, events = act(state, "a", "transfix", dice, target="b1", power=3)
    assert first(events, "held").data["automatic"] == 1
    assert not state.figures["b1"].transfixed


def test_magic_resistance_rerolls_the_failed_dice(dice):
    """seed 001, Magic Resistance: 'May reroll resistance vs. Transfix spell'."""
    state = battle(fig("a1", "Mage", 4, 1, (5, 5), rules=MAGE),
                   fig("b1", "Warded Orc", 4, 3, (8, 5), rules=["Magic Resistance"]))
    state, _ = cast(state, dice, (5, 5))
    dice.fix(2, 5, 4)
    state, events = act(state, "a", "transfix", dice, target="b1", power=2)
    assert first(events, "held").data["rerolled"] == [4]
    assert not state.figures["b1"].transfixed


def test_transfix_reaches_into_melee_but_not_from_it(dice):
    """seed 000, TRANSFIX: 'even if the target is already engaged in melee';
    RESTRICTIONS IN SPELL CASTING: 'Spells cannot be cast if the magic-user is
    engaged in melee, unless all the adjacent foes are fallen or transfixed'."""
    state = battle(fig("a1", "Mage", 4, 1, (5, 5), rules=MAGE),
                   fig("a2", "Warrior", 4, 3, (9, 5)), fig("b1", "Orc", 4, 3, (8, 5)))
    state, _ = cast(state, dice, (5,))
    assert options(state, "transfix")[0].params["target"] == ["b1"]
    engaged = battle(fig("a1", "Mage", 4, 1, (5, 5), rules=MAGE),
                     fig("b1", "Orc", 4, 3, (6, 5)), fig("b2", "Orc", 4, 3, (5, 7)))
    state, _ = cast(engaged, dice, (5,))
    assert options(state, "transfix") == []
    fallen_foe = battle(fig("a1", "Mage", 4, 1, (5, 5), rules=MAGE),
                        fig("b1", "Orc", 4, 3, (6, 5), fallen=True),
                        fig("b2", "Orc", 4, 3, (5, 7)))
    state, _ = cast(fallen_foe, dice, (5,))
    assert options(state, "transfix")[0].params["target"] == ["b1", "b2"]


def test_a_bolt_has_combat_equal_to_power_and_ignores_undead_penalty(dice):
    """seed 000, SPELLS AS RANGED ATTACKS: 'a Combat score equal to the power of
    the spell ... at -1 per stick beyond the first ... against Undead and
    Swarms do not suffer the -2 penalty'."""
    state = battle(fig("a1", "Mage", 4, 1, (2, 5), rules=MAGE),
                   fig("b1", "Skeleton", 4, 2, (8, 5), rules=["Undead"]))  # 6 = 2 x Short
    state, _ = cast(state, dice, (5,))
    dice.fix(6, 1)  # 1 + 6 - 1 = 6 vs 2 + 1 = 3: doubled, a kill
    state, events = act(state, "a", "cast_bolt", dice, target="b1", power=1)
    shot = first(events, "shot")
    assert shot.data["modifiers"][0] == ["2 x range -1"]
    assert shot.data["totals"] == [6, 3] and shot.data["result"] == "kill"
    assert "missile_check" not in [e.type for e in events]


def test_bolts_may_target_stealth(dice):
    """seed 000, SPELLS AS RANGED ATTACKS: 'They may also hit normally targets
    with Stealth'."""
    state = battle(fig("a1", "Mage", 4, 1, (2, 5), rules=MAGE),
                   fig("b1", "Sneak", 4, 2, (5, 5), rules=["Stealth"]),
                   terrain={(6, 5): "boulder"})
    state, _ = cast(state, dice, (5,))
    assert options(state, "cast_bolt")[0].params["target"] == ["b1"]


def test_entangle_is_not_a_spell_and_outlives_the_entangler(dice):
    """seed 000, ENTANGLE: 'works just like the ability to cast Transfix spells
    ... not automatically broken if the entangler is killed ... need NOT be
    declared'; TRANSFIX: 'automatically break free ... if the magic-user is
    killed'."""
    spider = fig("a1", "Spider", 3, 4, (2, 5), rules=["Entangle"])
    state = battle(spider, fig("b1", "Orc", 4, 3, (5, 5)), fig("b2", "Elf", 3, 3, (5, 2)))
    dice.fix(6)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(1)
    state, events = act(state, "a", "entangle", dice, target="b1", power=1)
    assert state.figures["b1"].transfixed_by == "entangle"


def test_the_transfix_ends_when_the_caster_dies(dice):
    """seed 000, TRANSFIX: 'Transfixed models automatically break free of the
    spell (no action expenditure required) if the magicuser is killed.'"""
    state = battle(fig("a1", "Mage", 4, 1, (5, 5), rules=MAGE),
                   fig("a2", "Guard", 4, 3, (12, 12)),
                   fig("b1", "Orc", 4, 3, (8, 5)), fig("b2", "Orc", 4, 5, (4, 5)),
                   active="b")
    state.figures["b1"].transfixed_by = "a1"
    dice.fix(6)
    state, _ = act(state, "b", "activate", dice, figure="b2", dice=1)
    dice.fix(6, 1)  # 5 + 6 vs 1 + 1: gruesome
    state, events = act(state, "b", "attack", dice, target="a1", power=False)
    assert state.figures["a1"].status == "dead"
    assert not state.figures["b1"].transfixed


def test_distract_does_not_work_on_undead(dice):
    """seed 001, Distract: 'As casting a Transfix spell, but does not work on
    Animal, Artificial, or Undead.'"""
    state = battle(fig("a1", "Bard", 4, 2, (2, 5), rules=["Distract"]),
                   fig("b1", "Skeleton", 4, 2, (4, 5), rules=["Undead"]),
                   fig("b2", "Orc", 4, 3, (4, 2)))
    dice.fix(6)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    assert options(state, "distract")[0].params["target"] == ["b2"]


def test_a_hero_may_reroll_a_failed_resistance_die(dice):
    """seed 000, HERO (P): 'can re-roll one die roll, be it a Combat or Quality
    roll'; resisting a TRANSFIX is a Quality roll of the target, so the target's
    owner decides in the caster's turn."""
    state = battle(fig("a1", "Mage", 4, 1, (5, 5), rules=MAGE),
                   fig("b1", "Orc Hero", 4, 3, (8, 5), rules=["Hero"]))
    state, _ = cast(state, dice, (5, 5, 5))
    dice.fix(4, 1)  # automatic success, a 4, and a failed 1
    state, events = act(state, "a", "transfix", dice, target="b1", power=3)
    assert "held" not in [e.type for e in events]
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b" and decision.options[0].params == {"die": [1]}
    dice.fix(6)
    state, events = act(state, "b", "hero_reroll", dice, die=1)
    held = first(events, "held").data
    assert held["dice"] == [4, 6] and held["transfixed"] is False
    assert not state.figures["b1"].transfixed and state.figures["b1"].hero_reroll_used
    assert first(events, "held").data["cost"] == 3 and state.activation is None
