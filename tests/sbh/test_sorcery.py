"""The Sorcerer (seed 001, Special Abilities: "Automatically Evil. May sacrifice
an adjacent figure for 1 action. Sorcerer is +1 Quality (victim >= 30 pts.) or +2
(victim >= 50 pts.). Non-Evil friendly models within Long distance must make
Gruesome Death morale check."); readings in docs/rules/sbh.md, "Sorcerer"."""

from __future__ import annotations

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.builder import normalize
from server.rules.sbh.figures import figure_from_entry
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig, first

SORCERER = ["Sorcerer", "Magic-User", "Evil"]


def sacrifice_options(state):
    return [s.params["victim"] for s in SYSTEM.prompt(state).decisions[0].options
            if s.type == "sacrifice"]


def test_a_sacrifice_kills_the_victim_and_horrifies_non_evil_friends(dice):
    """seed 001, Sorcerer: 'May sacrifice an adjacent figure for 1 action ... +1
    Quality (victim >= 30 pts.) ... Non-Evil friendly models within Long distance
    must make Gruesome Death morale check.'"""
    state = battle(fig("a1", "Sorcerer", 4, 2, (5, 5), rules=SORCERER),
                   fig("a2", "Acolyte", 4, 2, (6, 5), points=35),
                   fig("a3", "Guard", 4, 3, (5, 9)),  # non-Evil, within Long: tests
                   fig("a4", "Cultist", 4, 2, (5, 12), rules=["Evil"]),  # Evil: does not
                   fig("a5", "Far Guard", 4, 3, (20, 20)),  # beyond Long: does not
                   fig("b1", "Orc", 4, 3, (6, 4)),  # standing enemy: no victim
                   size=30)
    dice.fix(4, 5)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    assert sacrifice_options(state) == [["a2"]]
    dice.fix(5, 5, 6)  # the Guard's morale test (no failure)
    state, events = act(state, "a", "sacrifice", dice, victim="a2")
    assert first(events, "sacrificed").data == {"figure": "a1", "victim": "a2", "bonus": 1,
                                                 "cost": 1}
    assert state.figures["a2"].status == "dead"
    assert [e.data["figure"] for e in events if e.type == "morale_tested"] == ["a3"]
    assert state.figures["a1"].sorcery_bonus == 1 and state.activation.actions == 1


def test_a_fallen_enemy_may_be_the_victim(dice):
    """seed 001, Sorcerer: '+2 (victim >= 50 pts.)'; a helpless foe as the victim is
    the reading in docs/rules/sbh.md ("Sorcerer")."""
    state = battle(fig("a1", "Sorcerer", 4, 2, (5, 5), rules=SORCERER),
                   fig("b1", "Knight", 3, 4, (6, 5), points=60, fallen=True),
                   fig("b2", "Orc", 4, 3, (20, 20)))
    dice.fix(4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "sacrifice", dice, victim="b1")
    assert first(events, "sacrificed").data["bonus"] == 2
    with pytest.raises(RulesError):  # the action is spent; and no second victim anyway
        act(state, "a", "sacrifice", dice, victim="b1")


def test_the_bonus_goes_into_the_next_spellcasting_roll_only(dice):
    """seed 000, MAGIC: a bonus to cast 'only to the dice that are actually used to
    cast the spell' -- here the sacrifice's +2."""
    state = battle(fig("a1", "Sorcerer", 4, 2, (5, 5), rules=SORCERER, sorcery_bonus=2),
                   fig("b1", "Orc", 4, 3, (9, 5)))
    dice.fix(3, 2, 5)  # Q4: the 3 and the 2 succeed only as spell dice (2+ with +2)
    state, events = act(state, "a", "activate", dice, figure="a1", dice=3, cast=True)
    activated = first(events, "activated").data
    assert activated["sorcery"] is True and activated["spell_only"] == 2
    assert state.activation.actions == 1 and state.activation.spell_only == 2
    assert not state.activation.turnover and state.figures["a1"].sorcery_bonus == 0


def test_a_sorcerer_is_evil_and_keeps_paladins_away():
    """seed 001: Sorcerer 'Automatically Evil'; Paladin 'Will not serve with a
    warband with Evil models'."""
    entry = {"name": "Sorcerer", "points": 99, "quality": 3, "combat": 2,
             "rules": ["Sorcerer", "Magic-User"]}
    assert figure_from_entry("a1", "a", entry).has("Evil")
    warband = {"name": "Mixed", "models": [
        {"name": "Sorcerer", "quality": 3, "combat": 2, "rules": ["Sorcerer", "Magic-User"]},
        {"name": "Paladin", "quality": 3, "combat": 3, "rules": ["Paladin"]}]}
    _, problems = normalize(warband, limit=1000)
    assert "paladin_with_evil" in {p.code for p in problems}


def test_an_evil_leader_killing_a_friend_makes_every_non_evil_friend_test(dice):
    """seed 001, Evil: 'Non-evil hirelings must check morale if Evil Leaders kill
    friendly units' -- with no range, unlike the Sorcerer's own 'within Long
    distance' test, so the far Guard tests too, and the Guard within Long tests
    for each (docs/rules/sbh.md, "One check per trigger"). The Evil Cultist does
    not test."""
    state = battle(fig("a1", "Sorcerer", 4, 2, (5, 5), rules=SORCERER + ["Leader"]),
                   fig("a2", "Acolyte", 4, 2, (6, 5), points=35),
                   fig("a3", "Guard", 4, 3, (5, 9)),
                   fig("a4", "Cultist", 4, 2, (5, 12), rules=["Evil"]),
                   fig("a5", "Far Guard", 4, 3, (20, 20)),
                   fig("b1", "Orc", 4, 3, (25, 25)),
                   size=30)
    dice.fix(4, 5)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=2)
    dice.fix(5, 5, 6, 5, 5, 6, 5, 5, 6)  # three morale tests, none failed
    state, events = act(state, "a", "sacrifice", dice, victim="a2")
    tested = [(e.data["figure"], e.data["reason"]) for e in events
              if e.type == "morale_tested"]
    assert sorted(tested) == [("a3", "gruesome kill"), ("a3", "killed by an Evil Leader"),
                              ("a5", "killed by an Evil Leader")]
