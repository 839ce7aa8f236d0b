"""Magic-users taking part in a Concentrated Shooting with a spell (seed 000,
MAGIC IN GROUP ACTIVATIONS and CONCENTRATED SHOOTING)."""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first, types

LEADER = fig("a0", "Captain", 3, 3, (1, 3), rules=["Leader"])


def volley_table(target_at=(9, 3), archer_range="Medium"):
    return battle(LEADER, fig("a1", "Archer", 4, 3, (3, 3), rules=[f"Shooter ({archer_range})"]),
                  fig("a2", "Wizard", 3, 1, (3, 4), rules=["Magic-User"]),
                  fig("b1", "Orc", 4, 3, target_at))


def leader_acting(state, dice):
    dice.fix(6)
    state, _ = act(state, "a", "activate", dice, figure="a0", dice=1)
    return state


def test_a_declared_mage_joins_a_volley_with_combat_equal_to_the_power(dice):
    """seed 000, MAGIC IN GROUP ACTIVATIONS: a magic-user 'may even use
    spell-casting to take part in concentrated shooting'; CONCENTRATED SHOOTING:
    'using the worst Combat score in the group of shooters ... Just use the worst
    modifier in the group'; SPELLS AS RANGED ATTACKS: Combat = power, '-1 per
    stick' beyond the first. One success = power 1 (Short, 4 hexes): the Orc 6
    hexes away is at 2 x range for the spell (-1), 1 x range for the archer."""
    state = leader_acting(volley_table(), dice)
    specs = [s for s in SYSTEM.prompt(state).decisions[0].options
             if s.type == "concentrated_shooting"]
    declared = [s for s in specs if s.args.get("casters") == ["a2"]]
    assert declared and declared[0].params["volley"] == [["b1", ["a1", "a2"]]]
    assert all("a2" not in v[1] for s in specs if not s.args for v in s.params["volley"])
    dice.fix(6, 5, 2)  # the volley's roll (one success), then the shot's dice
    state, events = act(state, "a", "concentrated_shooting", dice,
                        volley=["b1", ["a1", "a2"]], dice=1, casters=["a2"])
    shot = first(events, "shot").data
    assert shot["casters"] == ["a2"]
    assert shot["modifiers"] == [["2 x range -1"], ["concentrated shooting -1"]]
    assert shot["totals"] == [1 - 1 + 5, 3 - 1 + 2]  # worst Combat is the power, 1
    assert shot["result"] == "recoil"
    assert "missile_check" not in types(events)


def test_three_failures_on_the_volley_drain_the_declared_mage(dice):
    """seed 000, MAGIC IN GROUP ACTIVATIONS: 'if you roll three failures on the
    group activation the mage will be out of magical energy for the remainder of
    the game'."""
    state = leader_acting(volley_table(), dice)
    dice.fix(1, 1, 1)
    state, events = act(state, "a", "concentrated_shooting", dice,
                        volley=["b1", ["a1", "a2"]], dice=3, casters=["a2"])
    assert first(events, "volley_rolled").data["out_of_power"] == ["a2"]
    assert state.figures["a2"].out_of_power and "shot" not in types(events)


def test_a_spell_too_weak_to_reach_takes_no_part(dice):
    """Reading (docs/rules/sbh.md, Concentrated shooting): the caster's power is
    the volley's successes; at power 1 a spell reaches 3 x Short = 12 hexes, so
    at 14 hexes the archer shoots alone (no -1 for a second shooter), and its 1
    is checked for missiles without a choice."""
    state = leader_acting(volley_table(target_at=(17, 3), archer_range="Long"), dice)
    dice.fix(6, 1, 4, 1)  # one success; the shot 1 vs 4; the missile check 1
    state, events = act(state, "a", "concentrated_shooting", dice,
                        volley=["b1", ["a1", "a2"]], dice=1, casters=["a2"])
    assert first(events, "volley_spell_short").data == {"figure": "a2", "target": "b1",
                                                         "power": 1}
    shot = first(events, "shot").data
    assert shot["volley"] == ["a1"] and shot["modifiers"][1] == []
    assert first(events, "missile_check").data["figure"] == "a1"
    assert state.figures["a1"].out_of_missiles and not state.figures["a2"].out_of_power


def test_only_magic_users_with_power_can_be_declared(dice):
    state = leader_acting(volley_table(), dice)
    for casters in (["a1"], ["a2", "a2"], "a2"):
        with pytest.raises(RulesError):
            act(state, "a", "concentrated_shooting", dice, volley=["b1", ["a1", "a2"]],
                dice=1, casters=casters)
    state.figures["a2"].out_of_power = True
    assert not [s for s in SYSTEM.prompt(state).decisions[0].options
                if s.type == "concentrated_shooting" and s.args]
