"""Free hacks on a recoil (seed 000, RECOILING: "If the recoil brings the model in
contact with any active (i.e. not Transfixed) opponent, the enemy model gets one
"Free Hack" attack against the recoiling model"). The stopping clause of LEAVING
MELEE - MULTIPLE OPPONENTS ("If the effect of a Free Hack makes the retreating model
an invalid target ... the additional Free Hacks are not performed") is for a model
that "voluntarily leaves a melee". Readings in docs/rules/sbh.md, "Melee"."""

from __future__ import annotations

from tests.sbh.battle import act, battle, fig, h


def melees(events):
    return [e.data for e in events if e.type == "melee"]


def orc_recoils_into(dice, *others, hack=()):
    """The Elf a1 beats the Orc b1 (3+5 = 8 against 3+2 = 5, odd: a recoil) and the
    Orc's player recoils it to (7, 5), touching the figures at (8, 5) and (8, 4);
    `hack`: the dice of a free hack made at once (a single hacker)."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)), fig("b1", "Orc", 4, 3, (6, 5)), *others)
    dice.fix(4, 5, 2)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, _ = act(state, "a", "attack", dice, target="b1", power=False)
    dice.fix(*hack)
    return act(state, "b", "recoil", dice, to=h(7, 5))


def test_each_enemy_contacted_strikes_though_the_first_hack_lands(dice):
    """seed 000, RECOILING ('the enemy model gets one "Free Hack"', each of them)
    and FIGHTING TRANSFIXED OR FALLEN OPPONENTS: a2's hack knocks the Orc down
    (3+4 = 7 against 3+3-1 = 5, even); a3 still gets its Free Hack, at +2 and
    Lethal on a fallen foe (3+2+2 = 7 against 3+6-1 = 8: it misses)."""
    state, _ = orc_recoils_into(dice, fig("a2", "Elf", 3, 3, (8, 5)),
                                fig("a3", "Elf", 3, 3, (8, 4)))
    dice.fix(4, 3, 2, 6)
    state, events = act(state, "b", "free_hack_order", dice, hacker="a2")
    hacks = melees(events)
    assert [(m["attacker"], m["result"]) for m in hacks] == [("a2", "fall"), ("a3", "none")]
    assert all(m["free_hack"] for m in hacks) and hacks[1]["totals"] == [7, 8]
    assert state.figures["b1"].fallen and not state.pending


def test_a_hack_that_makes_it_recoil_out_of_reach_leaves_no_hack_to_make(dice):
    """seed 000, RECOILING and MELEE (a Free Hack is a melee attack, on a foe in
    contact): a2's hack makes the Orc recoil (3+5 = 8 against 3+3-1 = 5, odd)
    to (6, 6), out of a3's reach: a3 has no one to strike."""
    state, _ = orc_recoils_into(dice, fig("a2", "Elf", 3, 3, (8, 5)),
                                fig("a3", "Elf", 3, 3, (8, 4)))
    dice.fix(5, 3)
    state, events = act(state, "b", "free_hack_order", dice, hacker="a2")
    assert [m["result"] for m in melees(events)] == ["recoil"]
    state, events = act(state, "b", "recoil", dice, to=h(6, 6))
    assert melees(events) == [] and not state.pending


def test_a_fallen_enemy_contacted_by_a_recoil_strikes_a_transfixed_one_not(dice):
    """seed 000, RECOILING: 'active (i.e. not Transfixed)' -- the fallen a2 gets
    its Free Hack (3+6 = 9 against 3+1+2 = 6: the Orc has +2 against a fallen
    foe, and a3, transfixed, does not count for outnumbering); the transfixed a3
    gets none."""
    state, events = orc_recoils_into(dice, fig("a2", "Elf", 3, 3, (8, 5), fallen=True),
                                     fig("a3", "Elf", 3, 3, (8, 4), transfixed_by="b9"),
                                     hack=(6, 1))
    [hack] = melees(events)
    assert hack["attacker"] == "a2" and hack["free_hack"]
    assert hack["modifiers"] == [[], ["foe fallen/transfixed +2"]]
    assert hack["totals"] == [9, 6] and hack["result"] == "fall"
