"""Acrobat (seed 001, Special Abilities: "+1 Quality to climbing and avoiding
falling damage. Missile attacks are at -1."); the missile part is in
test_ranged.py. Readings in docs/rules/sbh.md, "Acrobat"."""

from __future__ import annotations

from tests.sbh.battle import act, battle, fig, first, h


def walled(*figures):
    # a tall wall between (5,5) and (6,5) (seed 000, LINEAR OBSTACLES)
    return battle(*figures, fig("b1", "Orc", 4, 3, (20, 20)),
                  edges=[((5, 5), (6, 5), "tall_wall")])


def test_an_acrobat_climbs_at_plus_one(dice):
    """seed 001, Acrobat: '+1 Quality to climbing'; seed 000, LINEAR OBSTACLES:
    'passing a Quality roll on a single die to avoid falling'. A Q4 Acrobat
    needs 3+: a 3 gets it over the wall (it would fail at 4+)."""
    dice.fix(4, 4, 3)
    state, _ = act(walled(fig("a1", "Tumbler", 4, 2, (5, 5), rules=["Acrobat"])),
                   "a", "activate", dice, figure="a1", dice=2)
    state, events = act(state, "a", "climb", dice, to=h(6, 5))
    assert first(events, "climb_rolled").data["target"] == 3
    assert state.figures["a1"].pos[:2] == (6, 5) and not state.figures["a1"].fallen


def test_an_acrobat_in_heavy_armor_climbs_at_minus_one(dice):
    """seed 001, Acrobat '+1 Quality to climbing' with seed 000, HEAVY ARMOR '-2
    on climbing rolls': Q4 needs 5+, so a 4 falls at the foot of the wall."""
    tumbler = fig("a1", "Tumbler", 4, 2, (5, 5), rules=["Acrobat", "Heavy Armor"])
    dice.fix(4, 4, 4)
    state, _ = act(walled(tumbler), "a", "activate", dice, figure="a1", dice=2)
    state, events = act(state, "a", "climb", dice, to=h(6, 5))
    assert first(events, "climb_rolled").data["target"] == 5
    assert first(events, "climb_rolled").data["modifiers"] == [["Acrobat", 1],
                                                               ["Heavy Armor", -2]]
    assert state.figures["a1"].pos[:2] == (5, 5) and state.figures["a1"].fallen


def test_an_acrobat_rolls_falling_damage_at_plus_one(dice):
    """seed 001, Acrobat: '+1 Quality to ... avoiding falling damage'; seed 000,
    FALLING DAMAGE: two dice for a Medium fall, any failure is out of action. The
    Q4 Acrobat knocked off the cliff needs 3+: 3 and 3 both succeed."""
    state = battle(fig("a1", "Elf", 3, 3, (5, 5)),
                   fig("b1", "Tumbler", 4, 3, (6, 5), rules=["Acrobat"]),
                   fig("b2", "Orc", 4, 3, (20, 20)),
                   edges=[((6, 5), (7, 5), "cliff_medium")])
    dice.fix(3, 4, 2, 3, 3)  # 7 vs 5: a fall, down the cliff; damage dice 3, 3
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "falling_damage_rolled").data["target"] == 3
    tumbler = state.figures["b1"]
    assert tumbler.status == "ready" and tumbler.pos[:2] == (7, 5) and tumbler.fallen
